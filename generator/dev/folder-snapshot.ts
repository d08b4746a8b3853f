/**
 * The files of a served folder as one listing taken when `site check` starts, for the check's own server: a request
 * then opens its file by name (one open and one fstat), where open-inside.ts resolves every name it tries to its real
 * path (a realpath walk, and a thrown error for each clean-URL name that is not there: /about tries `about` and
 * `about/index` before `about.html`). The check reads the folder as it is when it starts (its list of pages is made
 * from the same listing), so the answers are the live server's by construction whenever the listing can decide:
 *
 * - A name listed as a regular file, in a folder holding only regular files and folders, is that file: no symbolic
 *   link on its way can lead out of the folder, so its real path is the folder's real path and the name.
 * - A name not listed is absent only where the file system compares names byte for byte: a plain ASCII name, in a
 *   folder that does not also answer to a name's case flipped (macOS, Windows and case-folding Linux folders do).
 *   Elsewhere, and in a folder with a symbolic link or anything other than files and folders, the name is looked up
 *   as the live server looks it up (open-inside.ts).
 *
 * A listed file that cannot be opened as one (it went away since) is looked up the live way too.
 */
import { lstat, open, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { openFlags, openInside, regularFile, type OpenFile } from './open-inside';

/** Opens the first of `names` (relative, "/"-separated, already checked for "..") that is a regular file of the folder. */
export type OpenFolderFile = (names: readonly string[]) => Promise<OpenFile | undefined>;

/** A name whose case can be flipped to probe the folder: another spelling not itself listed. */
function flippedName(files: ReadonlySet<string>): string | undefined {
  for (const name of files) {
    const flipped = [...name].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    if (flipped !== name && /^[\x20-\x7e]+$/.test(flipped) && !files.has(flipped)) return flipped;
  }
  return undefined;
}

/** Whether the folder answers to a listed name with its case flipped (or cannot be probed): names are then not exact. */
async function foldsCase(realRoot: string, files: ReadonlySet<string>): Promise<boolean> {
  const flipped = flippedName(files);
  if (flipped === undefined) return true;
  try {
    await lstat(path.join(realRoot, ...flipped.split('/')));
    return true;
  } catch {
    return false;
  }
}

/** The opener for the folder `root` as listed now; the live lookup (open-inside.ts) when the listing cannot decide. */
export async function snapshotOpener(root: string): Promise<OpenFolderFile> {
  const live: OpenFolderFile = (names) => openInside(root, names);
  let realRoot: string;
  let entries;
  try {
    realRoot = await realpath(root);
    entries = await readdir(realRoot, { recursive: true, withFileTypes: true });
  } catch {
    return live;
  }
  if (entries.some((entry) => !entry.isFile() && !entry.isDirectory())) return live;
  const files = new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(realRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')),
  );
  const exactMisses = !(await foldsCase(realRoot, files));

  return async (names) => {
    for (const [at, name] of names.entries()) {
      if (files.has(name)) {
        const real = path.join(realRoot, ...name.split('/'));
        const handle = await open(real, openFlags).catch(() => undefined);
        if (!handle) return live(names.slice(at));
        return (await regularFile(handle, { name, real, realRoot })) ?? live(names.slice(at));
      }
      if (!exactMisses || !/^[\x20-\x7e]*$/.test(name)) return live(names.slice(at));
    }
    return undefined;
  };
}
