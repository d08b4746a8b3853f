/**
 * The bundled assets (the island scripts; the stylesheet and its font) of an
 * earlier build, reused while none of their inputs changed. esbuild's output
 * depends only on its inputs and options, so a build whose stylesheet,
 * islands and packages are as before skips bundling, and a watch session's
 * template edit does not re-bundle the islands.
 *
 * Like the theme bundle (load-theme.ts), an input is unchanged while its size
 * and modification time are. Bundles are stored in folders named after a
 * digest of their files, never changed once written; a small manifest names
 * the current one and is replaced whole (writeAtomically), so builds running
 * at once never read a half-written cache.
 *
 * The cache is checked, never trusted: a manifest that does not parse, is not
 * sealed (seal.ts), or names a file by anything but a plain relative path is
 * a miss; so is a folder whose files do not match the digest it is named by.
 * A miss is bundled again, never an error and never published.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fingerprint, isConfinedPath, removeStale, touchEntry, writeAtomically, writeEntry } from './cache-files';
import { sealKey, sealed, sealOf } from './seal';

/** What a bundle is: its output files, and the source files it was made of. */
export interface Bundle {
  files: Map<string, Uint8Array>;
  inputs: string[];
}

interface Manifest<T extends Bundle> {
  /** What the bundle was made with (esbuild's version, options and entry points): a change invalidates it. */
  recipe: string;
  /** Input file → fingerprint when bundled. */
  inputs: Record<string, string>;
  /** The folder (in the cache) holding the output files: `<kind>-<digest of the files>`. */
  folder: string;
  assets: Omit<T, 'files'> & { files: string[] };
}

/** A manifest as stored: the manifest's JSON, and its seal. */
interface SealedManifest {
  manifest: string;
  seal: string;
}

/**
 * The bundle of a `kind` (scripts, styles) `recipe` makes: the stored one when its inputs are unchanged, else made
 * now by `make` (and stored). Each kind has its manifest and its folders.
 */
export async function cachedAssets<T extends Bundle>(
  kind: string,
  recipe: string,
  cacheDir: string,
  make: () => Promise<T>,
): Promise<T> {
  const stored = await storedAssets<T>(kind, recipe, cacheDir);
  return stored ?? store(kind, recipe, cacheDir, await make());
}

const manifestOf = (kind: string) => `${kind}-manifest.json`;

/** The digest a bundle's folder is named by: of every file's name, size and bytes, in name order. */
function folderOf(kind: string, files: Iterable<[string, Uint8Array]>): string {
  const hash = createHash('sha256');
  for (const [file, contents] of [...files].sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`${file}\0${contents.length}\0`).update(contents);
  return `${kind}-${hash.digest('hex').slice(0, 16)}`;
}

/** The manifest of the stored bundle of `kind`, when it is sealed, `recipe` made it and none of its inputs changed since. */
async function currentManifest<T extends Bundle>(
  kind: string,
  recipe: string,
  cacheDir: string,
): Promise<Manifest<T> | undefined> {
  const name = manifestOf(kind);
  try {
    const stored = JSON.parse(await readFile(path.join(cacheDir, name), 'utf8')) as SealedManifest;
    if (typeof stored?.manifest !== 'string' || !sealed(await sealKey(), stored.seal, name, stored.manifest))
      return undefined;
    const manifest = JSON.parse(stored.manifest) as Manifest<T>;
    if (manifest.recipe !== recipe || !new RegExp(`^${kind}-[0-9a-f]{16}$`).test(manifest.folder)) return undefined;
    if (!Array.isArray(manifest.assets?.files) || !manifest.assets.files.every(isConfinedPath)) return undefined;
    return Object.entries(manifest.inputs).every(([file, was]) => fingerprint(file) === was) ? manifest : undefined;
  } catch {
    return undefined; // missing, torn or foreign: bundle again
  }
}

async function storedAssets<T extends Bundle>(kind: string, recipe: string, cacheDir: string): Promise<T | undefined> {
  const manifest = await currentManifest<T>(kind, recipe, cacheDir);
  if (!manifest) return undefined;
  const folder = path.join(cacheDir, manifest.folder);
  try {
    const contents = await Promise.all(manifest.assets.files.map((file) => readFile(path.join(folder, file))));
    const files = new Map(manifest.assets.files.map((file, i) => [file, new Uint8Array(contents[i]!)]));
    // The folder is named by its files' digest: files edited, added to or cut short since are bundled again.
    if (folderOf(kind, files) !== manifest.folder) return undefined;
    await touchEntry(folder); // in use: not stale
    return { ...manifest.assets, files } as unknown as T;
  } catch {
    return undefined; // removed meanwhile (stale, or by hand): bundle again
  }
}

async function store<T extends Bundle>(kind: string, recipe: string, cacheDir: string, assets: T): Promise<T> {
  const folder = folderOf(kind, assets.files);
  try {
    await mkdir(cacheDir, { recursive: true });
    const written = await writeAtomically(path.join(cacheDir, folder), async (temp) => {
      // Made even when empty: a site with no scripts has a bundle of nothing, kept like any other.
      await mkdir(temp);
      for (const [file, contents] of assets.files) {
        await mkdir(path.dirname(path.join(temp, file)), { recursive: true });
        await writeFile(path.join(temp, file), contents);
      }
    });
    if (!written) return assets;
    const { files, ...rest } = assets;
    const manifest: Manifest<T> = {
      recipe,
      inputs: Object.fromEntries(assets.inputs.map((file) => [file, fingerprint(file)])),
      folder,
      assets: { ...rest, files: [...files.keys()] },
    };
    const text = JSON.stringify(manifest);
    const name = manifestOf(kind);
    const sealedManifest: SealedManifest = { manifest: text, seal: sealOf(await sealKey(), name, text) };
    await writeEntry(path.join(cacheDir, name), JSON.stringify(sealedManifest));
    await removeStale(cacheDir, new RegExp(`^${kind}-[0-9a-f]{16}(\\.tmp-|$)`), folder);
  } catch {
    // A cache that cannot be written only costs the next build a bundling.
  }
  return assets;
}
