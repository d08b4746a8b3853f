/**
 * What every cache of the build in node_modules/.cache/site/ shares (the
 * content store, the theme bundle, the browser assets, the images): how an
 * entry is named (a digest of its recipe and inputs), how it is written (whole
 * or not at all), how an input is known unchanged, and how entries no build
 * uses any more are cleared away. Removing the folder is always safe.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { statSync } from 'node:fs';

/**
 * A file's size and modification time: while both are as recorded, the file is taken as unchanged. Synchronous: a
 * few hundred stat calls on cached entries take a millisecond, less than as many promises.
 */
export const fingerprint = (file: string) => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? `${s.size}:${s.mtimeMs}` : 'missing';
};

/** Entries unused this long are removed when a new one is written (each template edit in watch mode writes a theme bundle). */
const STALE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the cache entries `ours` names, except `keep`, untouched for a day: none can still be in use (a build
 * reads what it chose within seconds, and touches an entry it reuses).
 */
export async function removeStale(cacheDir: string, ours: RegExp, keep: string | readonly string[]): Promise<void> {
  const now = Date.now();
  const kept = new Set(typeof keep === 'string' ? [keep] : keep);
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    if (!ours.test(name) || kept.has(name)) continue;
    const entry = path.join(cacheDir, name);
    const stats = await stat(entry).catch(() => undefined);
    if (stats && now - stats.mtimeMs > STALE_MS) await rm(entry, { recursive: true, force: true });
  }
}

/** The digest naming a cache entry: of its recipe (what makes it: versions, options) and of every input, in order. */
export function entryKey(recipe: string, ...inputs: (string | Uint8Array)[]): string {
  const hash = createHash('sha256').update(recipe);
  for (const input of inputs) hash.update('\0').update(input);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes `target` (a file or a folder) whole or not at all: `make` fills a temporary name beside it, which is then
 * renamed into place, so a reader (another build, or this one after a kill) finds the whole entry or none. A folder
 * already at `target` is replaced. Every cache writes this way. A cache that cannot be written only costs a later
 * build the work: failures are returned, not thrown.
 */
export async function writeAtomically(target: string, make: (temp: string) => Promise<void>): Promise<boolean> {
  const temp = `${target}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await make(temp);
    try {
      await rename(temp, target);
    } catch {
      // A folder cannot be renamed over another (which may be a tampered copy): the old one goes first.
      await rm(target, { recursive: true, force: true });
      await rename(temp, target);
    }
    return true;
  } catch {
    await rm(temp, { recursive: true, force: true });
    return false;
  }
}

/** Writes a cache entry file whole or not at all (writeAtomically). */
export const writeEntry = (file: string, contents: string | Uint8Array): Promise<boolean> =>
  writeAtomically(file, (temp) => writeFile(temp, contents));

/**
 * Whether `relative`, a path read from a cache or manifest, is a plain relative path of forward-slashed names: no
 * `..`, `.` or empty part, not absolute or drive-lettered, no backslash or control character. Only such a path is joined
 * to a folder.
 */
export const isConfinedPath = (relative: unknown): relative is string =>
  typeof relative === 'string' &&
  relative.length > 0 &&
  relative.length < 1024 &&
  !/[\\\0-\x1f\x7f]/.test(relative) &&
  !/^[A-Za-z]:/.test(relative) &&
  relative.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

/** Marks an entry as used now, so the sweep of stale entries keeps it. */
export const touchEntry = (file: string) => utimes(file, new Date(), new Date()).catch(() => undefined);

const engineRequire = createRequire(import.meta.url);

/** The version of a package as this engine resolves it ('' when it cannot be read): part of the recipes entries are made by. */
export function installedVersion(name: string): string {
  for (const folder of engineRequire.resolve.paths(name) ?? []) {
    try {
      const { version } = JSON.parse(readFileSync(path.join(folder, name, 'package.json'), 'utf8')) as {
        version?: unknown;
      };
      return typeof version === 'string' ? version : '';
    } catch {
      // not in this folder
    }
  }
  return '';
}
