/**
 * Opens a file of the served folder by its path as it is now, and only when
 * it really is inside that folder.
 *
 * The folder is looked up by its path at every call, never held open: a build
 * renames a new folder over the old one, and the server must follow the name
 * to the new folder. A file whose real path (every symbolic link resolved)
 * leaves the real folder is not there, so a link inside the folder to
 * /etc/passwd, or to a folder outside, answers 404. Links that stay inside
 * are followed.
 *
 * What is opened is held: the caller reads the same bytes it stat'ed, even if
 * a rebuild removes or replaces the file meanwhile (`_headers` and 404.html are
 * read so). A file sent with send (send-static.ts) is opened again by its real
 * path, which has no link left to follow out.
 */
import { constants, type Stats } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../base/paths';

export interface OpenFile {
  handle: FileHandle;
  stats: Stats;
  /** The path asked for, relative to the folder, with "/" separators (`about.html`). */
  name: string;
  /** The file's real path (every link resolved), and the folder's, which holds it. */
  real: string;
  realRoot: string;
}

/**
 * O_NONBLOCK: opening a FIFO someone left in the folder would otherwise wait for a writer, holding a
 * thread of the pool forever; it is then refused as not a regular file. O_NOFOLLOW: the last step of
 * the real path is not a link by construction; if it became one since, the open fails.
 */
export const openFlags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Errors that mean "no such file here" rather than a fault of the server. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG', 'EISDIR', 'EACCES', 'EPERM', 'ENXIO', 'EINVAL']);
const absent = (error: unknown) => ABSENT.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * The first of `names` (relative paths, "/"-separated, already checked for ".." by the caller) that is
 * a regular file inside `root`, opened; undefined when none is. Other I/O errors are thrown.
 */
export async function openInside(root: string, names: readonly string[]): Promise<OpenFile | undefined> {
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (error) {
    // Between the two renames of a build's swap, or before the first build: nothing to serve.
    if (absent(error)) return undefined;
    throw error;
  }
  for (const name of names) {
    const opened = await openOne(realRoot, path.join(root, ...name.split('/')), name);
    if (opened) return opened;
  }
  return undefined;
}

async function openOne(realRoot: string, file: string, name: string): Promise<OpenFile | undefined> {
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    if (absent(error)) return undefined;
    throw error;
  }
  if (!isInside(real, realRoot) || real === realRoot) return undefined;
  let handle: FileHandle;
  try {
    handle = await open(real, openFlags);
  } catch (error) {
    if (absent(error)) return undefined;
    throw error;
  }
  return regularFile(handle, { name, real, realRoot });
}

/** `handle` as an OpenFile when it is a regular file; otherwise it is closed, and none. */
export async function regularFile(
  handle: FileHandle,
  at: Pick<OpenFile, 'name' | 'real' | 'realRoot'>,
): Promise<OpenFile | undefined> {
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats, ...at };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}
