/**
 * What the build caches in node_modules/.cache/site/ (the theme bundle, the
 * browser assets) shares: how an input is known unchanged, and how entries no
 * build uses any more are cleared away.
 */
import { readdir, rm, stat } from 'node:fs/promises';
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
export async function removeStale(cacheDir: string, ours: RegExp, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    if (!ours.test(name) || name === keep) continue;
    const entry = path.join(cacheDir, name);
    const stats = await stat(entry).catch(() => undefined);
    if (stats && now - stats.mtimeMs > STALE_MS) await rm(entry, { recursive: true, force: true });
  }
}
