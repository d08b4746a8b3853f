/**
 * Writes the site into a folder beside the output folder and swaps it into
 * place only when every file was written. A failed build therefore leaves the
 * previous output exactly as it was.
 *
 * The folder swapped out is kept as a spare (`.dist.spare` beside `dist`), and
 * the next build writes into it: its files are overwritten in place
 * (write-in-place.ts) and the ones this build did not write are removed
 * before the swap. Deleting a large output and creating it anew costs far more
 * than the build's own work on some file systems (see write-in-place.ts), so
 * the price is one more copy of the output on disk.
 *
 * Only folders the build may own are touched (output-folder.ts): the output
 * folder and the spare must be absent, empty, or marked by an earlier build
 * with every file in them listed; anything else stops the build before it
 * writes. Staging folders left by a killed build are removed by the next one.
 *
 * The swap is two renames, once the staging folder is marked ready (complete,
 * every file listed): the output folder aside as the spare, and the staging
 * folder in its place. A kill between the two leaves no output folder but a
 * complete site the next command (build, serve) moves into place before
 * anything else, and says so (restoreOutput in output-folder.ts); at every
 * other instant the output folder holds a complete site, old or new. (Node has
 * no call that exchanges two folders in one step; the C library's, reached
 * through a foreign-function package, closed a window of two system calls at
 * the price of a native dependency in every install.)
 */
import { lstat, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../base/errors';
import { displayPath } from '../base/paths';
import { LIMITS, readInputSync } from '../base/read-input';
import {
  checkOutputPlace,
  confine,
  MARK,
  readOwnedFolder,
  removeLeftovers,
  stagingName,
  writeFailed,
  writeMark,
  type ProjectFolders,
} from './output-folder';
import { mountPointWhy } from './mount-point';
import { checkPublicCollisions, listPublicFiles, type PublicFile } from './public-files';
import { writeFileInPlace, type FileContents } from './write-in-place';

export type SiteFiles = Map<string, FileContents>;

/** A new output folder being written beside the old one; `commit` swaps it into place. */
export interface Staging {
  /** The folder being written: writers (including worker threads) put files here. */
  dir: string;
  /** The files of the public folder to publish (relative to the output): nothing else of it is published. */
  publicFiles: PublicFile[];
  /** The files already in the folder, from the spare it recycles (relative to it): each is written over in place. */
  recycled: ReadonlySet<string>;
  /** Writes `files`, after the public files on the first call (so they land after the pages, never under them). */
  write(files: SiteFiles): Promise<void>;
  /** Removes what the build did not write (`keep`: every output file, relative to the folder), then swaps. */
  commit(keep: ReadonlySet<string>): Promise<void>;
  abort(): Promise<void>;
}

/** The spare folder beside an output folder. */
export const spareOf = (outDir: string) =>
  path.join(path.dirname(path.resolve(outDir)), `.${path.basename(outDir)}.spare`);

/**
 * The moments between the file-system changes of a build's output, in order: `claim` (the spare, marked as this
 * build's staging, takes the staging name), `write` (the files), `prune` (what the build did not write goes),
 * `ready` (the staging folder marked complete), `clear-spare` (a spare another build made meanwhile goes),
 * `old-aside` (the output folder becomes the spare), `new-in-place` (the staging folder becomes the output folder),
 * `final` (the output folder's mark loses the staging note). A kill at any of them leaves an output folder holding a
 * complete site, old or new, except between `old-aside` and `new-in-place`, which restoreOutput (output-folder.ts)
 * repairs.
 */
export type SwapStep = 'claim' | 'write' | 'prune' | 'ready' | 'clear-spare' | 'old-aside' | 'new-in-place' | 'final';

/** Called before each step of the swap (tests kill the process there, to prove every instant recoverable). */
export type SwapHook = (step: SwapStep) => void;

/** How a test watches the swap (and makes a step fail, by throwing); a build passes none. */
export interface SwapOptions {
  before?: SwapHook;
}

/**
 * Starts a build's output: refuses an output folder that is not the build's own (before writing anything), removes
 * killed builds' leftovers, and claims the spare; the public folder's files are listed now (a link out of the pages
 * folder fails here) and copied in by the first write. `project`: the folders the output
 * folder must keep clear of (output-folder.ts); without it only the output folder itself is checked.
 */
export async function stageSite(
  outDir: string,
  publicDir?: string,
  project?: ProjectFolders,
  { before = () => undefined }: SwapOptions = {},
): Promise<Staging> {
  const out = path.resolve(outDir);
  checkOutputPlace(out, project);
  const mount = mountPointWhy(out);
  if (mount) throw mountPointError(out, mount);
  const spare = spareOf(out);
  // Both must be the build's own before anything is written; the spare's files are what this build may overwrite.
  const [, recycled] = await Promise.all([readOwnedFolder(out), readOwnedFolder(spare, 'spare output folder')]);
  const publicFiles = publicDir ? await listPublicFiles(publicDir, project?.pagesDir) : [];
  await removeLeftovers(out);
  // The output folder's parent is made as `mkdir -p` would (`--out build/site` in a fresh checkout).
  await mkdir(path.dirname(out), { recursive: true }).catch((cause: unknown) => {
    throw writeFailed(out, cause);
  });
  const temp = path.join(path.dirname(out), stagingName(out, process.pid, Date.now()));
  let claimed = false;
  // The staging folder goes back to being the spare: nothing is deleted, and the next build reuses it. Its mark stays
  // a staging mark until the rename, so a kill in between leaves a folder the next build knows as a dead build's.
  const abort = async () => {
    if (!claimed) return;
    claimed = false;
    try {
      writeMark(temp, await filesIn(temp), 'writing');
      await rename(temp, spare);
    } catch {
      await rm(temp, { recursive: true, force: true });
    }
  };
  try {
    before('claim');
    // Marked as this build's staging before it takes the staging name, so a kill at any moment leaves a folder the next build recognises.
    if (recycled.exists) {
      writeMark(spare, recycled.files, 'writing');
      await rename(spare, temp);
    } else await mkdir(temp);
    claimed = true;
    writeMark(temp, recycled.files, 'writing');
  } catch (cause) {
    await abort();
    throw writeFailed(out, cause);
  }
  let published = false;
  const publish = () => {
    if (published) return;
    published = true;
    // Read as checked when listed: a regular file within the limit, even if it was swapped for a pipe since.
    for (const file of publicFiles)
      writeFile(temp, file.path, readInputSync(file.source, displayPath(file.source), LIMITS.publicFile));
  };
  return {
    dir: temp,
    publicFiles,
    recycled: new Set(recycled.files),
    abort,
    async write(files) {
      try {
        before('write');
        publish();
        for (const [file, contents] of files) writeFile(temp, file, contents);
      } catch (cause) {
        throw writeFailed(out, cause);
      }
    },
    async commit(keep) {
      try {
        publish();
        before('prune');
        await prune(temp, recycled, keep);
        // From here on the staging folder is a complete site, every file listed: should a kill leave no output folder
        // (only between the two renames), the next command moves it into place.
        before('ready');
        writeMark(temp, keep, 'ready');
      } catch (cause) {
        throw writeFailed(out, cause);
      }
      const hadOutput = await lstat(out).then(
        (stats) => {
          if (!stats.isDirectory()) throw writeFailed(out, new Error(`${displayPath(out)} is no longer a folder`));
          return true;
        },
        () => false,
      );
      const moveFailed = async (cause: unknown) => {
        await abort();
        // A mount point that was not known for one (or became one since): the rename says so.
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === 'EBUSY' || code === 'EXDEV') return mountPointError(out, `renaming it failed with ${code}`, cause);
        return new SiteError(
          'MoveIntoPlaceFailed',
          { folder: displayPath(out), problem: (cause as Error).message },
          { file: displayPath(out), cause },
        );
      };
      if (hadOutput) {
        // A spare made meanwhile (by another build) is replaced only when it is the build's own.
        if (
          await lstat(spare).then(
            () => true,
            () => false,
          )
        ) {
          await readOwnedFolder(spare, 'spare output folder');
          before('clear-spare');
          await rm(spare, { recursive: true, force: true });
        }
        try {
          before('old-aside');
          await rename(out, spare);
        } catch (cause) {
          throw await moveFailed(cause);
        }
      }
      try {
        before('new-in-place');
        await rename(temp, out);
      } catch (cause) {
        if (hadOutput) await rename(spare, out);
        throw await moveFailed(cause);
      }
      claimed = false;
      try {
        before('final');
        writeMark(out, keep);
      } catch {
        // The new site is in place and its mark lists every file: only the staging note stays, which no later build
        // or command reads in an output folder. The build succeeded.
      }
    },
  };
}

/** OutputIsMountPoint for the output folder `out`. */
const mountPointError = (out: string, why: string, cause?: unknown) =>
  new SiteError(
    'OutputIsMountPoint',
    { folder: displayPath(out), why },
    { file: displayPath(out), field: '--out', cause },
  );

/**
 * Makes an empty output folder, marked as the build's own, when there is none (watch mode serves it, with the
 * error overlay, when its first build failed); an existing one must already be the build's own.
 */
export async function stageEmpty(outDir: string, project?: ProjectFolders): Promise<void> {
  const out = path.resolve(outDir);
  checkOutputPlace(out, project);
  const { exists } = await readOwnedFolder(out);
  if (exists) return;
  try {
    await mkdir(out, { recursive: true });
    writeMark(out, []);
  } catch (cause) {
    throw writeFailed(out, cause);
  }
}

/** Writes one file into the staging folder (its folders are the build's own: no link is ever followed). */
function writeFile(dir: string, file: string, contents: FileContents): void {
  confine(dir, file);
  const target = path.join(dir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileInPlace(target, contents);
}

/** Writes a whole site: all files into the staging folder, then the swap. */
export async function writeSite(
  outDir: string,
  files: SiteFiles,
  publicDir?: string,
  project?: ProjectFolders,
  swap?: SwapOptions,
): Promise<void> {
  const staging = await stageSite(outDir, publicDir, project, swap);
  try {
    if (publicDir)
      checkPublicCollisions(
        staging.publicFiles,
        new Map([...files.keys()].map((file) => [file, 'a file the build makes'])),
        publicDir,
      );
    await staging.write(files);
    await staging.commit(new Set([...files.keys(), ...staging.publicFiles.map((file) => file.path)]));
  } catch (error) {
    await staging.abort();
    throw error;
  }
}

/** Removes the files of the recycled spare that this build did not write (`keep`), and the folders that leaves empty. */
async function prune(
  dir: string,
  recycled: { files: string[]; folders: string[] },
  keep: ReadonlySet<string>,
): Promise<void> {
  for (const file of recycled.files) if (!keep.has(file)) await rm(path.join(dir, file), { force: true });
  // Deepest first, so a folder's emptied subfolders are gone before it is tried.
  for (const folder of [...recycled.folders].sort((a, b) => b.length - a.length))
    await rmdir(path.join(dir, folder)).catch(() => undefined);
}

/** Every file in a folder the build wrote, relative to it (but the mark). */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== MARK && !f.startsWith(`${MARK}.`));
}
