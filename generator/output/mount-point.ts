/**
 * Whether the output folder is a mount point (a Docker volume, a CI cache mount, a tmpfs). A build replaces its
 * output folder whole, by renaming a new folder into its place, and the system refuses to rename a mount point
 * (EBUSY), or to rename across two file systems (EXDEV): such an output folder is refused before anything is
 * written, with the way that works (a folder inside the mount), rather than failing at the very end.
 */
import { lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** Undoes mountinfo's octal escapes of a space, tab, newline and backslash in a path. */
const unescape = (field: string) =>
  field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));

/** Why `dir` is a mount point, in words, or undefined when it is none (or does not exist). */
export function mountPointWhy(dir: string): string | undefined {
  const out = path.resolve(dir);
  const stats = lstatSync(out, { throwIfNoEntry: false });
  if (!stats?.isDirectory() || path.dirname(out) === out) return undefined;
  if (stats.dev !== statSync(path.dirname(out)).dev) return 'on another file system than the folder holding it';
  // A bind mount of the same file system has its parent's device: Linux lists every mount point of the process.
  if (process.platform !== 'linux') return undefined;
  let table: string;
  try {
    table = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined;
  }
  const real = realpathSync(out);
  const mounted = table.split('\n').some((line) => {
    const field = line.split(' ')[4];
    return field !== undefined && unescape(field) === real;
  });
  return mounted ? 'a bind mount, listed in /proc/self/mountinfo' : undefined;
}
