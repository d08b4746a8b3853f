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
 */
import { access, cp, mkdir, readdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { mkdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../core/errors';
import { listFiles } from '../content/list-files';
import { writeFileInPlace } from './write-in-place';

export type SiteFiles = Map<string, string | Uint8Array>;

/** A new output folder being written beside the old one; `commit` swaps it into place. */
export interface Staging {
  /** The folder being written: writers (including worker threads) put files here. */
  dir: string;
  write(files: SiteFiles): Promise<void>;
  /** Removes what the build did not write (`keep`: every output file, relative to the folder), then swaps. */
  commit(keep: ReadonlySet<string>): Promise<void>;
  abort(): Promise<void>;
}

const writeFailed = (outDir: string, cause: unknown) => new SiteError('WriteFailed', `Could not write the site: ${(cause as Error).message}`, { file: outDir, cause });

/** The spare folder beside an output folder. */
export const spareOf = (outDir: string) => path.join(path.dirname(path.resolve(outDir)), `.${path.basename(outDir)}.spare`);

export async function stageSite(outDir: string, publicDir?: string): Promise<Staging> {
  const spare = spareOf(outDir);
  const temp = path.join(path.dirname(spare), `.${path.basename(outDir)}.tmp-${process.pid}-${Date.now()}`);
  // The staging folder goes back to being the spare: nothing is deleted, and the next build reuses it.
  const abort = () => rename(temp, spare).catch(() => rm(temp, { recursive: true, force: true }));
  let previous: Promise<Dirent[]>;
  try {
    await claimSpare(outDir, temp);
    await mkdir(temp, { recursive: true });
    // What the recycled folder holds, listed while the build works: commit removes what this build did not write.
    previous = readdir(temp, { recursive: true, withFileTypes: true });
    previous.catch(() => undefined);
    if (publicDir && (await exists(publicDir))) await cp(publicDir, temp, { recursive: true });
  } catch (cause) {
    await abort();
    throw writeFailed(outDir, cause);
  }
  return {
    dir: temp,
    abort,
    async write(files) {
      try {
        for (const [file, contents] of files) {
          const target = path.join(temp, file);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileInPlace(target, contents);
        }
      } catch (cause) {
        throw writeFailed(outDir, cause);
      }
    },
    async commit(keep) {
      try {
        await prune(temp, await previous, keep);
      } catch (cause) {
        throw writeFailed(outDir, cause);
      }
      const hadOutput = await exists(outDir);
      // The output becomes the spare; a spare another build made meanwhile is simply replaced.
      if (hadOutput) await rm(spare, { recursive: true, force: true }).then(() => rename(outDir, spare));
      try {
        await rename(temp, outDir);
      } catch (cause) {
        if (hadOutput) await rename(spare, outDir);
        await abort();
        throw new SiteError('WriteFailed', `Could not move the new site into ${outDir}: ${(cause as Error).message}`, { file: outDir, cause });
      }
    },
  };
}

/** Writes a whole site: all files into the staging folder, then the swap. */
export async function writeSite(outDir: string, files: SiteFiles, publicDir?: string): Promise<void> {
  const staging = await stageSite(outDir, publicDir);
  try {
    await staging.write(files);
    const publicFiles = publicDir ? await listFiles(publicDir) : [];
    await staging.commit(new Set([...files.keys(), ...publicFiles]));
  } catch (error) {
    await staging.abort();
    throw error;
  }
}

/**
 * Moves the spare folder to `temp`; when there is none, or another build
 * claimed it first, `temp` starts empty. Previous outputs that earlier
 * versions of this generator left to be deleted in the background are removed.
 */
async function claimSpare(outDir: string, temp: string): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const legacy = `.${path.basename(outDir)}.old-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(legacy)).map((name) => rm(path.join(parent, name), { recursive: true, force: true })));
  await rename(spareOf(outDir), temp).catch(() => undefined);
}

/** Removes the `entries` (listed under `dir` before the build wrote) not in `keep`, and the folders that leaves empty. */
async function prune(dir: string, entries: Dirent[], keep: ReadonlySet<string>): Promise<void> {
  const folders: string[] = [];
  for (const entry of entries) {
    const absolute = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) folders.push(absolute);
    else if (!keep.has(absolute.slice(dir.length + 1).split(path.sep).join('/'))) await rm(absolute, { force: true });
  }
  // Deepest first, so a folder's emptied subfolders are gone before it is tried.
  for (const folder of folders.sort((a, b) => b.length - a.length)) await rmdir(folder).catch(() => undefined);
}

const exists = (file: string) => access(file).then(() => true, () => false);

/** Writes (or, for `null`, deletes) individual files in place: watch mode's small updates. */
export async function updateFiles(outDir: string, files: Map<string, string | Uint8Array | null>): Promise<void> {
  await Promise.all(
    [...files].map(async ([file, contents]) => {
      const target = path.join(outDir, file);
      if (contents === null) return rm(target, { force: true });
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, contents);
    }),
  );
}
