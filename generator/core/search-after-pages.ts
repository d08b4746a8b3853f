/**
 * A watch update's search index, made once its pages are written and served (core/site.ts): from the pages in the
 * output folder, written with the old index's files removed; given up when a change came meanwhile, for the next
 * update to make.
 */
import { updateFiles } from '../output/update-files';
import type { PublicFile } from '../output/public-files';
import type { ProjectPaths } from './project';
import { SearchInterrupted, updateSearchIndex, withSearchFiles } from './search';
import { byteLength, checkFilePlaces } from './non-page-files';
import type { Output, State } from './update-plan';

export interface SearchAfterPages {
  /** The update's host files: no file of the index may take one's place. */
  host: ReadonlyMap<string, unknown>;
  publicFiles: readonly PublicFile[];
  /** Where the pages are written (updateSearchIndex). */
  dirs: string[];
  /** The files the update wrote, with their sizes: the index's are added. */
  written: Map<string, number>;
  paths: ProjectPaths;
}

/**
 * Makes and writes `next`'s search index, and records it in `next` (its files, no longer stale). `stop`, asked between
 * pages, throws SearchInterrupted to give the index up: `next` and the output folder are then left as they were.
 */
export async function writeSearchIndex(next: State, ctx: SearchAfterPages, stop: () => void): Promise<void> {
  const output: Output = new Map();
  let files: ReadonlySet<string>;
  try {
    files = await updateSearchIndex(next, next.search ?? new Set(), output, ctx.dirs, stop);
  } catch (error) {
    if (error instanceof SearchInterrupted) return;
    throw error;
  }
  next.filePlaces = checkFilePlaces(
    withSearchFiles(ctx.host, files),
    next.plan,
    ctx.publicFiles,
    next.attachments,
    ctx.paths,
    next.filePlaces,
  );
  await updateFiles(ctx.paths.outDir, output, ctx.paths);
  for (const [file, contents] of output) {
    if (contents === null) next.files.delete(file);
    else {
      next.files.add(file);
      ctx.written.set(file, byteLength(contents));
    }
  }
  next.search = files;
  next.searchStale = false;
}
