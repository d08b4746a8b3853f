/**
 * The output folder of `site watch`: a folder of the engine's own in the build cache
 * (node_modules/.cache/site/watch/<project>-<pid>), never the build's output folder. Watch builds drafts, and
 * what it writes is a preview: in dist/ it was taken for a build and deployed, drafts and all. So `dist/` holds
 * only what `site build` made, and watch writes where nothing but watch looks, through the same Site and the same
 * output-folder rules (marked, staged and swapped, written in place) as a build.
 *
 * One folder per running watch: two watches of one project never write one folder. A watch removes its folder when
 * it stops; a watch that was killed leaves it, and the next watch of the project removes it (its process no longer
 * runs). Only folders a build of site marked, holding nothing it did not write, are removed (readOwnedFolder).
 */
import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { alive, readOwnedFolder, watchFoldersOf } from './output-folder';
import { spareOf } from './write-site';

/** What makes two watches' output differ: the project, its pages folder, and the base URL it is built for. */
export interface WatchTarget {
  root: string;
  pagesDir: string;
  baseUrl?: string;
}

const keyOf = (target: WatchTarget) =>
  createHash('sha256')
    .update(JSON.stringify([path.resolve(target.root), path.resolve(target.pagesDir), target.baseUrl ?? '']))
    .digest('hex')
    .slice(0, 16);

/**
 * The output folder of this process's watch of `target`, in the cache folder `cacheDir`; the folders earlier watches
 * of the same target left when they were killed are removed first.
 */
export async function watchFolder(cacheDir: string, target: WatchTarget): Promise<string> {
  const parent = watchFoldersOf(cacheDir);
  const key = keyOf(target);
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    const pid = new RegExp(`^${key}-(\\d+)$`).exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !alive(Number(pid)))
      await removeWatchFolder(path.join(parent, name));
  }
  return path.join(parent, `${key}-${process.pid}`);
}

/** Removes a watch's output folder and its spare, when they hold only what a build wrote; anything else stays. */
export async function removeWatchFolder(dir: string): Promise<void> {
  for (const folder of [dir, spareOf(dir)]) {
    const owned = await readOwnedFolder(folder).catch(() => undefined);
    if (owned?.exists) await rm(folder, { recursive: true, force: true });
  }
  // The staging folder of a full update the watch was making when it was killed goes too (only that watch writes one).
  const prefix = `.${path.basename(dir)}.tmp-`;
  for (const name of await readdir(path.dirname(dir)).catch(() => [] as string[]))
    if (name.startsWith(prefix)) await rm(path.join(path.dirname(dir), name), { recursive: true, force: true });
}
