/**
 * Writes the site into a temporary folder beside the output folder and swaps
 * it into place only when every file was written. A failed build therefore
 * leaves the previous output exactly as it was.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, rename, rm, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from './errors';

export type SiteFiles = Map<string, string | Uint8Array>;

/** A new output folder being written beside the old one; `commit` swaps it into place. */
export interface Staging {
  /** The temporary folder: writers (including worker threads) put files here. */
  dir: string;
  write(files: SiteFiles): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

const writeFailed = (outDir: string, cause: unknown) => new SiteError('WriteFailed', `Could not write the site: ${(cause as Error).message}`, { file: outDir, cause });

export async function stageSite(outDir: string, publicDir?: string): Promise<Staging> {
  const parent = path.dirname(path.resolve(outDir));
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = path.join(parent, `.${path.basename(outDir)}.tmp-${stamp}`);
  const old = path.join(parent, `.${path.basename(outDir)}.old-${stamp}`);
  const abort = () => rm(temp, { recursive: true, force: true });
  try {
    await removeLeftovers(outDir);
    await mkdir(temp, { recursive: true });
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
        const dirs = new Set([...files.keys()].map((file) => path.dirname(path.join(temp, file))));
        await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
        await Promise.all([...files].map(([file, contents]) => writeFile(path.join(temp, file), contents)));
      } catch (cause) {
        throw writeFailed(outDir, cause);
      }
    },
    async commit() {
      const hadOutput = await exists(outDir);
      if (hadOutput) await rename(outDir, old);
      try {
        await rename(temp, outDir);
      } catch (cause) {
        if (hadOutput) await rename(old, outDir);
        await abort();
        throw new SiteError('WriteFailed', `Could not move the new site into ${outDir}: ${(cause as Error).message}`, { file: outDir, cause });
      }
      if (hadOutput) removeInBackground(old);
    },
  };
}

/** Writes a whole site: all files into the staging folder, then the swap. */
export async function writeSite(outDir: string, files: SiteFiles, publicDir?: string): Promise<void> {
  const staging = await stageSite(outDir, publicDir);
  try {
    await staging.write(files);
  } catch (error) {
    await staging.abort();
    throw error;
  }
  await staging.commit();
}

/**
 * Deletes the previous output after the swap without making the build wait for
 * it (thousands of files take a noticeable share of a large build). A detached
 * process does the deleting; should it not finish, the next build removes the
 * leftover folder.
 */
function removeInBackground(dir: string): void {
  const child = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', dir], { detached: true, stdio: 'ignore' });
  child.on('error', () => rm(dir, { recursive: true, force: true }));
  child.unref();
}

/** Previous outputs a background removal left behind (for example when the machine shut down first). */
async function removeLeftovers(outDir: string): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const prefix = `.${path.basename(outDir)}.old-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(path.join(parent, name), { recursive: true, force: true })));
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
