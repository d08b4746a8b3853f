/**
 * Watch mode's small updates to the live output folder: individual files written (or deleted) in place, and the
 * folders a deletion leaves empty removed, so a build after a watch session finds no folder it takes for a user's.
 */
import { lstatSync, mkdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../base/errors';
import { displayPath } from '../base/paths';
import {
  checkOutputPlace,
  confine,
  readMark,
  readOwnedFolder,
  writeFailed,
  writeMark,
  type ProjectFolders,
} from './output-folder';
import { writeFileInPlace, type FileContents } from './write-in-place';

/** Output files by path: their new contents, or null for a file to remove. */
export type Output = Map<string, FileContents | null>;

/**
 * Writes (or, for `null`, deletes) individual files in the output folder in place: watch mode's small updates. The
 * folder must be the build's own; a file there that no build wrote is never overwritten or deleted, and no symbolic
 * link is written through. Everything is checked before anything is written; the mark is updated after.
 */
export async function updateFiles(outDir: string, files: Output, project?: ProjectFolders): Promise<void> {
  const out = path.resolve(outDir);
  checkOutputPlace(out, project);
  const mark = await readMark(out);
  const listed = new Set(mark ? mark.files : (await readOwnedFolder(out)).files);
  // The mark is written again only when it would say something else: a file listed or unlisted, or a folder that had
  // none, or a staging folder's. An edit rewrites files already listed, and a mark of every file of a big site is a
  // text of its own (sorted, serialised and renamed into place).
  let marked = mark !== undefined && mark.staging === undefined;
  for (const [file, contents] of files) {
    confine(out, file);
    checkTarget(out, file, listed, contents === null);
  }
  try {
    for (const [file, contents] of files) {
      const target = path.join(out, file);
      if (contents === null) {
        if (listed.delete(file)) {
          marked = false;
          if (lstatSync(target, { throwIfNoEntry: false })?.isFile()) rmSync(target);
        }
        removeEmptyFolders(out, file, listed);
        continue;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileInPlace(target, contents);
      if (!listed.has(file)) {
        listed.add(file);
        marked = false;
      }
    }
  } catch (cause) {
    // What was written is the build's, even when a later write failed.
    if (!marked && files.size > 0)
      await Promise.resolve()
        .then(() => writeMark(out, listed))
        .catch(() => undefined);
    throw writeFailed(out, cause);
  }
  try {
    if (!marked && files.size > 0) writeMark(out, listed);
  } catch (cause) {
    throw writeFailed(out, cause);
  }
}

/**
 * Removes the folders above a removed `file` that it leaves empty and no listed file needs, deepest first: a watch
 * session's updates leave no empty folder a later build would take for a user's.
 */
function removeEmptyFolders(out: string, file: string, listed: ReadonlySet<string>): void {
  const needed = (folder: string) => [...listed].some((f) => f.startsWith(`${folder}/`));
  for (let folder = path.posix.dirname(file); folder !== '.' && folder !== '/'; folder = path.posix.dirname(folder)) {
    if (needed(folder)) return;
    const at = path.join(out, folder);
    if (!lstatSync(at, { throwIfNoEntry: false })?.isDirectory()) return;
    try {
      rmdirSync(at);
    } catch {
      return; // not empty: something else is in it
    }
  }
}

/** Refuses a write to (or removal of) `file` in the output folder through a symbolic link, or over a file the build did not write. */
function checkTarget(out: string, file: string, listed: ReadonlySet<string>, removal: boolean): void {
  const parts = file.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const relative = parts.slice(0, i).join('/');
    const at = path.join(out, relative);
    const stats = lstatSync(at, { throwIfNoEntry: false });
    if (!stats) return; // the rest is created by the build
    const shown = displayPath(at);
    if (stats.isSymbolicLink())
      throw new SiteError('SymlinkInOutput', { file: shown, inside: 'output folder' }, { file: shown, field: '--out' });
    if (i === parts.length && stats.isDirectory() && !removal) {
      throw new SiteError('FolderInTheWay', { file, folder: shown }, { file: shown, field: '--out' });
    }
    // A file of the user's where the build would write (or need a folder): removals just leave it alone.
    if (!stats.isDirectory() && !listed.has(relative) && !removal) {
      throw new SiteError(
        'ForeignFileInOutput',
        { file: shown, role: 'output folder', folder: displayPath(out) },
        { file: shown, field: '--out' },
      );
    }
  }
}
