import { readdir, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from './paths';

/** Every file under `dir` as a forward-slash path relative to it; empty when `dir` does not exist. Symbolic links are not followed. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).replace(/\\/g, '/'));
  } catch {
    return [];
  }
}

/** A file found by walkFiles: its path under the folder walked, and the file to read (the link's target, when it was reached through one). */
export interface FoundFile {
  path: string;
  source: string;
}

/** A symbolic link walkFiles would not follow: it leads outside the folder allowed, or nowhere. */
export interface LinkProblem {
  /** The link, absolute. */
  link: string;
  /** What the link says it points at. */
  target: string;
  problem: 'outside' | 'dangling';
  /** The target is a folder (for an `outside` link). */
  folder: boolean;
}

/** A file walkFiles found that is no regular file, folder or link (a named pipe, socket or device), or a link to one. */
export interface SpecialFile {
  /** The file (or the link to it), absolute. */
  file: string;
  /** What it is, as an error names it: "a named pipe (FIFO)", "a socket", "a device". */
  kind: string;
}

/** What a file that is no regular file, folder or link is, in words. */
const specialKind = (entry: { isFIFO(): boolean; isSocket(): boolean }) =>
  entry.isFIFO() ? 'a named pipe (FIFO)' : entry.isSocket() ? 'a socket' : 'a device';

export interface WalkOptions {
  /** Links are followed only when they lead to a file or folder inside this folder. */
  within: string;
  /** Paths (relative, forward slashes) not to list; descendants of a skipped folder are asked about too. */
  skip?: (relative: string) => boolean;
}

/**
 * Every file under `dir`, following symbolic links that stay inside `options.within` (as regular files: a link is
 * never reproduced) and reporting the others, and the special files (named pipes, sockets, devices: never read, a
 * pipe would block for ever) for the caller to refuse. Throws when `dir` cannot be read. Most trees have no links,
 * so the common case is one recursive listing.
 */
export async function walkFiles(
  dir: string,
  options: WalkOptions,
): Promise<{ files: FoundFile[]; links: LinkProblem[]; special: SpecialFile[] }> {
  const within = await realpath(options.within).catch(() => path.resolve(options.within));
  const files: FoundFile[] = [];
  const links: LinkProblem[] = [];
  const special: SpecialFile[] = [];
  const top = await realpath(dir).catch(() => path.resolve(dir));
  // The folder itself may be a link (pages/public → elsewhere): it is held to the same rule as the links in it.
  if (!isInside(top, within))
    return {
      files,
      links: [
        { link: path.resolve(dir), target: await readlink(dir).catch(() => top), problem: 'outside', folder: true },
      ],
      special,
    };
  const seen = new Set<string>([top]);
  await walk(dir, '', within, options.skip ?? (() => false), seen, { files, links, special });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  special.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files, links, special };
}

async function walk(
  dir: string,
  prefix: string,
  within: string,
  skip: (relative: string) => boolean,
  seen: Set<string>,
  found: { files: FoundFile[]; links: LinkProblem[]; special: SpecialFile[] },
): Promise<void> {
  const { files, links, special } = found;
  const placeOf = placer(dir);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const [absolute, inside] = placeOf(entry.parentPath, entry.name);
    const relative = prefix + inside;
    if (skip(relative)) continue;
    if (entry.isFile()) files.push({ path: relative, source: absolute });
    else if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice())
      special.push({ file: absolute, kind: specialKind(entry) });
    else if (entry.isSymbolicLink()) {
      const target = await readlink(absolute).catch(() => '?');
      const real = await realpath(absolute).catch(() => undefined);
      const stats = real === undefined ? undefined : await stat(real).catch(() => undefined);
      if (real === undefined || stats === undefined)
        links.push({ link: absolute, target, problem: 'dangling', folder: false });
      else if (!isInside(real, within))
        links.push({ link: absolute, target, problem: 'outside', folder: stats.isDirectory() });
      else if (stats.isFile()) files.push({ path: relative, source: real });
      else if (!stats.isDirectory()) special.push({ file: absolute, kind: specialKind(stats) });
      else if (!seen.has(real)) {
        seen.add(real); // a link back up the tree would otherwise be walked forever
        await walk(real, `${relative}/`, within, skip, seen, found);
      }
    }
  }
}

/**
 * An entry of a recursive listing of `dir`: its path (path.join of its folder and name) and its path relative to `dir`
 * with forward slashes. When `dir` is absolute and normal, so is every folder the listing names (`dir` itself, or
 * joined under it), and both are the folder and name put together and cut at `dir`; path's own functions, the same
 * answer, are kept for any other `dir`. (They were most of the time of listing a folder of thousands of pages.)
 */
function placer(dir: string): (parent: string, name: string) => [string, string] {
  const slow = (parent: string, name: string): [string, string] => {
    const absolute = path.join(parent, name);
    return [absolute, path.relative(dir, absolute).split(path.sep).join('/')];
  };
  if (!path.isAbsolute(dir) || path.normalize(dir) !== dir) return slow;
  const under = dir.endsWith(path.sep) ? dir : dir + path.sep;
  const slash = path.sep === '/';
  return (parent, name) => {
    if (parent !== dir && !parent.startsWith(under)) return slow(parent, name);
    const absolute = parent === dir ? under + name : parent + path.sep + name;
    const inside = absolute.slice(under.length);
    return [absolute, slash ? inside : inside.split(path.sep).join('/')];
  };
}
