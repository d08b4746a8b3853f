/**
 * The bundled assets (the island scripts; the stylesheet and its font) of an
 * earlier build, reused while none of their inputs changed. esbuild's output
 * depends only on its inputs and options, so a build whose stylesheet,
 * islands and packages are as before skips bundling, and a watch session's
 * template edit does not re-bundle the islands.
 *
 * Like the theme bundle (load-theme.ts), an input is unchanged while its size
 * and modification time are. Bundles are stored in folders named after their
 * content, never changed once written; a small manifest names the current one
 * and is replaced whole (written aside, then renamed), so builds running at
 * once never read a half-written cache.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fingerprint, removeStale, touchEntry, writeEntry } from './cache-files';

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
  /** The folder (in the cache) holding the output files. */
  folder: string;
  assets: Omit<T, 'files'> & { files: string[] };
}

/**
 * The bundle of a `kind` (scripts, styles) `recipe` makes: the stored one when its inputs are unchanged, else made
 * now by `make` (and stored). Each kind has its manifest and its folders.
 */
export async function cachedAssets<T extends Bundle>(kind: string, recipe: string, cacheDir: string, make: () => Promise<T>): Promise<T> {
  const stored = await storedAssets<T>(kind, recipe, cacheDir);
  return stored ?? store(kind, recipe, cacheDir, await make());
}

const manifestOf = (kind: string) => `${kind}-manifest.json`;

/** The manifest of the stored bundle of `kind`, when `recipe` made it and none of its inputs changed since. */
async function currentManifest<T extends Bundle>(kind: string, recipe: string, cacheDir: string): Promise<Manifest<T> | undefined> {
  const manifest = await readFile(path.join(cacheDir, manifestOf(kind)), 'utf8').then((text) => JSON.parse(text) as Manifest<T>, () => undefined);
  if (!manifest || manifest.recipe !== recipe) return undefined;
  return Object.entries(manifest.inputs).every(([file, was]) => fingerprint(file) === was) ? manifest : undefined;
}

async function storedAssets<T extends Bundle>(kind: string, recipe: string, cacheDir: string): Promise<T | undefined> {
  const manifest = await currentManifest<T>(kind, recipe, cacheDir);
  if (!manifest) return undefined;
  const folder = path.join(cacheDir, manifest.folder);
  try {
    const contents = await Promise.all(manifest.assets.files.map((file) => readFile(path.join(folder, file))));
    await touchEntry(folder); // in use: not stale
    return { ...manifest.assets, files: new Map(manifest.assets.files.map((file, i) => [file, contents[i]!])) } as unknown as T;
  } catch {
    return undefined; // removed meanwhile (stale, or by hand): bundle again
  }
}

async function store<T extends Bundle>(kind: string, recipe: string, cacheDir: string, assets: T): Promise<T> {
  const hash = createHash('sha256');
  for (const [file, contents] of [...assets.files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${file}\0${contents.length}\0`).update(contents);
  const folder = `${kind}-${hash.digest('hex').slice(0, 16)}`;
  const temp = path.join(cacheDir, `${folder}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    for (const [file, contents] of assets.files) {
      await mkdir(path.dirname(path.join(temp, file)), { recursive: true });
      await writeFile(path.join(temp, file), contents);
    }
    // Another build may have stored the same bundle first: then this copy is not needed.
    await rename(temp, path.join(cacheDir, folder)).catch(() => rm(temp, { recursive: true, force: true }));
    const { files, ...rest } = assets;
    const manifest: Manifest<T> = {
      recipe,
      inputs: Object.fromEntries(assets.inputs.map((file) => [file, fingerprint(file)])),
      folder,
      assets: { ...rest, files: [...files.keys()] },
    };
    await writeEntry(path.join(cacheDir, manifestOf(kind)), JSON.stringify(manifest));
    await removeStale(cacheDir, new RegExp(`^${kind}-[0-9a-f]{16}(\\.tmp-|$)`), folder);
  } catch {
    // A cache that cannot be written only costs the next build a bundling.
    await rm(temp, { recursive: true, force: true });
  }
  return assets;
}
