/**
 * Which folder the build may write into, and how it knows a folder is its own.
 *
 * The build replaces its output folder whole, so the folder must be one no
 * one else keeps files in. It refuses the file system's root, a home folder,
 * the project, the pages, templates or islands folder (or anything inside or
 * around them), a file, a symbolic link, and a non-empty folder no build of
 * site wrote.
 *
 * Every folder the build writes carries a mark, `.site-output.json`: the list
 * of the files that build wrote, relative to the folder. It is how the next
 * build recognises its own output, and how it knows that every file there is
 * one it may replace: a file the list does not name (one a user added) stops
 * the build, naming the file, rather than be lost. The mark holds nothing the
 * folder does not already publish (the names of its own files), and as a
 * dotfile it is neither served by `site serve` nor published from
 * `pages/public/`.
 */
import { lstatSync, readdirSync, readlinkSync, realpathSync, writeFileSync, renameSync, type Dirent } from 'node:fs';
import { lstat, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SiteError, SiteWarning, siteErrorsOf, type MessageParams } from '../base/errors';
import { displayPath, isInside } from '../base/paths';
import { isConfinedPath } from '../cache/cache-files';

/** The mark's file name, in every folder the build writes. */
export const MARK = '.site-output.json';

/** The command-line option errors about the output folder name. */
const FIELD = '--out';

export interface Mark {
  generator: 'site';
  /** Every file the build wrote into the folder, relative to it, with forward slashes. */
  files: string[];
  /**
   * Set while the folder is a build's staging folder: which process writes it, and `ready` once it holds the
   * complete site, marked, about to be swapped into place (restoreOutput moves it in when that build was killed).
   */
  staging?: { pid: number; host: string; ready?: true };
}

/** The folder of the cache that holds `site watch`'s output folders (watch-folder.ts), one per running watch. */
export const watchFoldersOf = (cacheDir: string) => path.join(cacheDir, 'watch');

/** The folders the output folder must keep clear of. */
export interface ProjectFolders {
  root: string;
  pagesDir: string;
  themeDir: string;
  islandsDir: string;
  cacheDir?: string;
}

/** A folder the build may replace: absent, empty, or marked with every file in it listed. */
export interface OwnedFolder {
  exists: boolean;
  /** Its files (relative): the ones the build may overwrite or remove. */
  files: string[];
  /** Its folders (relative). */
  folders: string[];
}

const fail = <
  K extends 'UnsafeOutputFolder' | 'OutputIsFile' | 'OutputFolderNotOurs' | 'ForeignFileInOutput' | 'OutputSymlink',
>(
  kind: K,
  params: MessageParams<K>,
  file: string,
) => new SiteError(kind, params, { file, field: FIELD });

/** On case-insensitive file systems, folders differing in case are one. */
const same = process.platform === 'linux' ? (p: string) => p : (p: string) => p.toLowerCase();

/** The path as given (resolved) and, when a folder on the way is a link, as the file system resolves it. */
function forms(file: string): string[] {
  const absolute = path.resolve(file);
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = path.join(realpathSync(existing), ...rest);
      return [...new Set([absolute, real].map(same))];
    } catch {
      if (path.dirname(existing) === existing) return [same(absolute)];
      rest.unshift(path.basename(existing));
      existing = path.dirname(existing);
    }
  }
}

/** Home folders: this user's, $HOME, root's, and every user's under /home and /Users (or C:\Users). */
function homes(): string[] {
  const found = new Set<string>(['/root', '/var/root']);
  for (const home of [os.homedir(), process.env.HOME, process.env.USERPROFILE]) if (home) found.add(path.resolve(home));
  for (const parent of ['/home', '/Users', path.join(path.parse(os.homedir()).root, 'Users')]) {
    for (const name of safeReaddir(parent)) found.add(path.join(parent, name));
  }
  return [...found].flatMap(forms);
}

const safeReaddir = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** True for /home/<name>, /Users/<name> and the like, even when no such folder exists yet. */
const looksLikeHome = (file: string) => /^(?:[A-Za-z]:)?[\\/](?:home|Users)[\\/][^\\/]+[\\/]?$/i.test(file);

/**
 * Refuses an output folder that is not a place of its own: the root, a home folder, the project or a folder holding
 * it, the pages, templates, islands or cache folder (or anything inside or around them), a file, or a symbolic link.
 * Synchronous and cheap: a few stat calls, made before the build writes anything.
 */
export function checkOutputPlace(outDir: string, project?: ProjectFolders): void {
  const out = path.resolve(outDir);
  const shown = displayPath(out);
  const stats = lstatSync(out, { throwIfNoEntry: false });
  if (stats?.isSymbolicLink())
    throw fail('OutputSymlink', { role: 'output folder', folder: shown, target: readlinkSync(out) }, shown);
  if (stats && !stats.isDirectory()) throw fail('OutputIsFile', { role: 'output folder', folder: shown }, shown);
  const outs = forms(out);
  const unsafe = (why: string) => fail('UnsafeOutputFolder', { folder: shown, why }, shown);
  const why = rootOrHome(out);
  if (why) throw unsafe(why);
  if (!project) return;
  const guarded: [string, string | undefined, string][] = [
    ['the project', project.root, 'project'],
    ['the pages folder', project.pagesDir, 'source'],
    ['the templates folder', project.themeDir, 'source'],
    ['the islands folder', project.islandsDir, 'source'],
    ['the build cache', project.cacheDir, 'source'],
  ];
  for (const [name, dir, kind] of guarded) {
    if (!dir) continue;
    const dirs = forms(dir);
    const display = displayPath(dir);
    if (outs.some((o) => dirs.includes(o))) throw unsafe(`is ${name} (${display})`);
    if (outs.some((o) => dirs.some((d) => isInside(d, o)))) throw unsafe(`holds ${name} (${display})`);
    // The output folder belongs inside the project, never inside its sources; in the cache, only watch's own.
    const watchs = dir === project.cacheDir ? forms(watchFoldersOf(dir)) : [];
    if (watchs.length > 0 && outs.some((o) => watchs.some((w) => o !== w && isInside(o, w)))) continue;
    if (kind === 'source' && outs.some((o) => dirs.some((d) => isInside(o, d))))
      throw unsafe(`is inside ${name} (${display})`);
  }
}

/**
 * Why `dir` is no folder of its own (the root of the file system, a home folder, or one holding a home folder), or
 * undefined. The build refuses to write such a folder, and `site serve` to publish one.
 */
export function rootOrHome(dir: string): string | undefined {
  const outs = forms(dir);
  if (outs.some((o) => path.dirname(o) === o)) return 'is the root of the file system';
  for (const home of homes()) {
    if (outs.includes(home)) return 'is a home folder';
    if (outs.some((o) => isInside(home, o))) return `holds the home folder ${home}`;
  }
  if (outs.some(looksLikeHome)) return 'is a home folder';
  return undefined;
}

/** The mark in `dir`, when there is a valid one. */
export async function readMark(dir: string): Promise<Mark | undefined> {
  try {
    const mark = JSON.parse(await readFile(path.join(dir, MARK), 'utf8')) as Partial<Mark>;
    if (mark.generator !== 'site' || !Array.isArray(mark.files) || !mark.files.every((f) => typeof f === 'string'))
      return undefined;
    return mark as Mark;
  } catch {
    return undefined;
  }
}

/** Writes the mark into `dir`, replacing the old one whole (written aside, then renamed), so a kill never leaves half of one. */
export function writeMark(dir: string, files: Iterable<string>, staging?: 'writing' | 'ready'): void {
  const mark: Mark = {
    generator: 'site',
    files: [...files].sort(),
    ...(staging
      ? { staging: { pid: process.pid, host: os.hostname(), ...(staging === 'ready' ? { ready: true as const } : {}) } }
      : {}),
  };
  const temp = path.join(dir, `${MARK}.${process.pid}.tmp`);
  writeFileSync(temp, JSON.stringify(mark));
  renameSync(temp, path.join(dir, MARK));
}

const relativeOf = (dir: string, entry: Dirent) =>
  path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');

/** The mark file and its temporary copies: the build's own bookkeeping, never listed in the mark. */
const isMarkFile = (relative: string) =>
  relative === MARK || (relative.startsWith(`${MARK}.`) && relative.endsWith('.tmp'));

/**
 * What `dir` holds, when the build may replace it: it is absent, empty, or marked, and every file and folder in it
 * is one a build wrote. Otherwise throws, naming the folder (not marked) or the first file a build did not write.
 * `role` names the folder in messages ("output folder", "spare output folder").
 */
export async function readOwnedFolder(dir: string, role = 'output folder'): Promise<OwnedFolder> {
  const shown = displayPath(dir);
  const stats = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!stats) return { exists: false, files: [], folders: [] };
  if (stats.isSymbolicLink()) throw fail('OutputSymlink', { role, folder: shown }, shown);
  if (!stats.isDirectory()) throw fail('OutputIsFile', { role, folder: shown }, shown);
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  const folders: string[] = [];
  const others: { relative: string; entry: Dirent }[] = [];
  for (const entry of entries) {
    const relative = relativeOf(dir, entry);
    if (relative === MARK) continue;
    if (entry.isFile())
      files.push(relative); // a mark half written by a killed build is the build's too: pruned as stale
    else if (entry.isDirectory()) folders.push(relative);
    else others.push({ relative, entry });
  }
  if (files.every(isMarkFile) && folders.length + others.length === 0) return { exists: true, files, folders };
  const mark = await readMark(dir);
  if (!mark) {
    const all = [...files, ...folders, ...others.map((o) => o.relative)].sort();
    const some = `${all.slice(0, 3).join(', ')}${all.length > 3 ? `, and ${all.length - 3} more` : ''}`;
    throw fail('OutputFolderNotOurs', { role, folder: shown, some, mark: MARK }, shown);
  }
  const listed = new Set(mark.files);
  const listedFolders = new Set<string>();
  for (const file of listed)
    for (let i = file.indexOf('/'); i > 0; i = file.indexOf('/', i + 1)) listedFolders.add(file.slice(0, i));
  const link = others.find((o) => o.entry.isSymbolicLink());
  if (link) {
    const file = displayPath(path.join(dir, link.relative));
    throw new SiteError('SymlinkInOutput', { file, inside: role, replaced: true }, { file, field: FIELD });
  }
  const foreign = [
    ...others.map((o) => o.relative),
    ...files.filter((f) => !listed.has(f) && !isMarkFile(f)),
    ...folders.filter((f) => !listedFolders.has(f)),
  ].sort();
  if (foreign.length > 0) {
    const file = displayPath(path.join(dir, foreign[0]!));
    const more =
      foreign.length > 1
        ? ` (and ${foreign.length - 1} more: ${foreign.slice(1, 4).join(', ')}${foreign.length > 4 ? ', …' : ''})`
        : '';
    throw fail('ForeignFileInOutput', { file, role, folder: shown, more }, file);
  }
  return { exists: true, files, folders };
}

/** True while process `pid` runs (or cannot be signalled by this user, which also means it exists). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The staging folder a process writes beside the output folder `out`, named after its pid. */
export const stagingName = (out: string, pid: number, time: number) => `.${path.basename(out)}.tmp-${pid}-${time}`;

/** The staging folders beside `out` named after a process that no longer runs, newest first. */
function deadStagingFolders(out: string): { folder: string; pid: number; time: number }[] {
  const parent = path.dirname(out);
  const prefix = `.${path.basename(out)}.tmp-`;
  const found: { folder: string; pid: number; time: number }[] = [];
  for (const name of safeReaddir(parent)) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)-(\d+)$/.exec(name.slice(prefix.length));
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || alive(pid)) continue;
    found.push({ folder: path.join(parent, name), pid, time: Number(match[2]) });
  }
  return found.sort((a, b) => b.time - a.time);
}

/** A staging mark of the very process the folder's name names, on this machine: the engine made this folder. */
const stagedBy = (mark: Mark | undefined, pid: number): mark is Mark & { staging: NonNullable<Mark['staging']> } =>
  mark?.staging?.pid === pid && mark.staging.host === os.hostname();

/**
 * Removes the staging folders of builds that were killed before they finished (beside the output folder, named
 * after their process): only those carrying the mark, and only when that process no longer runs on this machine.
 * Unmarked folders of the same name are left alone: site did not write them.
 */
export async function removeLeftovers(outDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const { folder, pid } of deadStagingFolders(path.resolve(outDir))) {
    const stats = await lstat(folder).catch(() => undefined);
    if (!stats?.isDirectory()) continue;
    const mark = await readMark(folder);
    if (!mark) {
      // Killed between making its folder and marking it, or while writing the mark: a folder that holds nothing but
      // the mark's temporary copy is the build's own (rmdir then removes only an empty folder). Anything else is left.
      const entries = safeReaddir(folder);
      if (!entries.every(isMarkFile)) continue;
      for (const entry of entries) await rm(path.join(folder, entry), { force: true });
      if (
        await rmdir(folder).then(
          () => true,
          () => false,
        )
      )
        removed.push(folder);
      continue;
    }
    // A staging folder is known by more than its name and a mark: the mark says it is a staging folder, of the very
    // process its name names, on this machine. A finished output's mark (no staging) in a folder so named is a user's copy.
    if (!stagedBy(mark, pid)) continue;
    // A build's staging folder is its own throughout: a killed build had no chance to list what it wrote there.
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

/**
 * Puts a complete site back where a killed build left no output folder. Node has no atomic exchange of two folders,
 * so a build swaps its output in with two renames (the old folder aside, then the new one in its place), and a kill
 * between them leaves no output folder. The new folder was marked ready (complete, every file listed) before the
 * first rename: the next command moves it into place before doing anything else, and says so. Only a folder this
 * engine made qualifies (named after a process that no longer runs, marked ready by that very process on this
 * machine, holding every file its mark lists and nothing else); an output folder that exists is never touched.
 */
export async function restoreOutput(outDir: string, project?: ProjectFolders): Promise<SiteWarning[]> {
  const out = path.resolve(outDir);
  if (lstatSync(out, { throwIfNoEntry: false })) return [];
  for (const { folder, pid } of deadStagingFolders(out)) {
    const mark = await readMark(folder);
    if (!stagedBy(mark, pid) || !mark.staging.ready) continue;
    checkOutputPlace(out, project);
    const held = await readOwnedFolder(folder, 'staging folder').catch(() => undefined);
    const present = new Set(held?.files);
    if (!held || !mark.files.every((file) => present.has(file))) continue;
    try {
      renameSync(folder, out);
    } catch {
      // Another command restored it first (or the folder went): what matters is an output folder now.
      if (lstatSync(out, { throwIfNoEntry: false })) return [];
      continue;
    }
    writeMark(out, mark.files);
    return [
      new SiteWarning(
        'OutputRestored',
        { folder: displayPath(out), pid, files: mark.files.length },
        { file: displayPath(out) },
      ),
    ];
  }
  return [];
}

/** A failure to write the output folder: the SiteError it already is, or WriteFailed naming the folder. */
export const writeFailed = (outDir: string, cause: unknown) =>
  siteErrorsOf(cause)[0] ??
  new SiteError(
    'WriteFailed',
    { file: displayPath(outDir), problem: (cause as Error).message },
    { file: displayPath(outDir), cause },
  );

/**
 * Refuses an output path that is not a plain relative path of names (no `..`, no absolute or empty part): whatever
 * names a file (a page, a public file, a manifest in the cache), it lands inside the output folder or nowhere.
 */
export function confine(out: string, file: string): void {
  if (isConfinedPath(file)) return;
  throw new SiteError(
    'WriteFailed',
    { file: JSON.stringify(file), problem: 'the path leads outside the output folder' },
    { file: displayPath(out), field: '--out' },
  );
}
