/**
 * The bundled assets (stylesheet, font, island scripts) of an earlier build,
 * reused while none of their inputs changed. esbuild's output depends only on
 * its inputs and options, so a build whose stylesheet, islands and packages
 * are as before skips bundling: about 0.3 s of CPU on the cores the pages
 * need, and a watch session's template edit no longer re-bundles the islands.
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
import type { Assets } from '../assets/bundle-assets';
import { fingerprint, removeStale, touchEntry, writeEntry } from './cache-files';

const MANIFEST = 'assets-manifest.json';

interface Manifest {
  /** What the bundle was made with (esbuild's version, options and entry points): a change invalidates it. */
  recipe: string;
  /** Input file → fingerprint when bundled. */
  inputs: Record<string, string>;
  /** The folder (in the cache) holding the output files. */
  folder: string;
  assets: Omit<Assets, 'files'> & { files: string[] };
}

/** The assets `recipe` makes: the stored ones when their inputs are unchanged, else made now by `make` (and stored). */
export async function cachedAssets(recipe: string, cacheDir: string, make: () => Promise<Assets>): Promise<Assets> {
  return (await storedAssets(recipe, cacheDir)) ?? store(recipe, cacheDir, await make());
}

async function storedAssets(recipe: string, cacheDir: string): Promise<Assets | undefined> {
  const manifest = await readFile(path.join(cacheDir, MANIFEST), 'utf8').then((text) => JSON.parse(text) as Manifest, () => undefined);
  if (!manifest || manifest.recipe !== recipe) return undefined;
  if (!Object.entries(manifest.inputs).every(([file, was]) => fingerprint(file) === was)) return undefined;
  const folder = path.join(cacheDir, manifest.folder);
  try {
    const contents = await Promise.all(manifest.assets.files.map((file) => readFile(path.join(folder, file))));
    await touchEntry(folder); // in use: not stale
    return { ...manifest.assets, files: new Map(manifest.assets.files.map((file, i) => [file, contents[i]!])) };
  } catch {
    return undefined; // removed meanwhile (stale, or by hand): bundle again
  }
}

async function store(recipe: string, cacheDir: string, assets: Assets): Promise<Assets> {
  const hash = createHash('sha256');
  for (const [file, contents] of [...assets.files].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${file}\0${contents.length}\0`).update(contents);
  const folder = `assets-${hash.digest('hex').slice(0, 16)}`;
  const temp = path.join(cacheDir, `${folder}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    for (const [file, contents] of assets.files) {
      await mkdir(path.dirname(path.join(temp, file)), { recursive: true });
      await writeFile(path.join(temp, file), contents);
    }
    // Another build may have stored the same bundle first: then this copy is not needed.
    await rename(temp, path.join(cacheDir, folder)).catch(() => rm(temp, { recursive: true, force: true }));
    const { files, ...rest } = assets;
    const manifest: Manifest = {
      recipe,
      inputs: Object.fromEntries(assets.inputs.map((file) => [file, fingerprint(file)])),
      folder,
      assets: { ...rest, files: [...files.keys()] },
    };
    await writeEntry(path.join(cacheDir, MANIFEST), JSON.stringify(manifest));
    await removeStale(cacheDir, /^assets-[0-9a-f]{16}(\.tmp-|$)/, folder);
  } catch {
    // A cache that cannot be written only costs the next build a bundling.
    await rm(temp, { recursive: true, force: true });
  }
  return assets;
}
