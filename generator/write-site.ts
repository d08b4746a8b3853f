/**
 * Writes the site into a temporary folder beside the output folder and swaps
 * it into place only when every file was written. A failed build therefore
 * leaves the previous output exactly as it was.
 */
import { cp, mkdir, rename, rm, writeFile, access } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from './errors';

export type SiteFiles = Map<string, string | Uint8Array>;

export async function writeSite(outDir: string, files: SiteFiles, publicDir?: string): Promise<void> {
  const parent = path.dirname(path.resolve(outDir));
  const stamp = `${process.pid}-${Date.now()}`;
  const temp = path.join(parent, `.${path.basename(outDir)}.tmp-${stamp}`);
  const old = path.join(parent, `.${path.basename(outDir)}.old-${stamp}`);
  try {
    await mkdir(temp, { recursive: true });
    if (publicDir && (await exists(publicDir))) await cp(publicDir, temp, { recursive: true });
    const dirs = new Set([...files.keys()].map((file) => path.dirname(path.join(temp, file))));
    await Promise.all([...dirs].map((dir) => mkdir(dir, { recursive: true })));
    await Promise.all([...files].map(([file, contents]) => writeFile(path.join(temp, file), contents)));
  } catch (cause) {
    await rm(temp, { recursive: true, force: true });
    throw new SiteError('WriteFailed', `Could not write the site: ${(cause as Error).message}`, { file: outDir, cause });
  }
  const hadOutput = await exists(outDir);
  if (hadOutput) await rename(outDir, old);
  try {
    await rename(temp, outDir);
  } catch (cause) {
    if (hadOutput) await rename(old, outDir);
    await rm(temp, { recursive: true, force: true });
    throw new SiteError('WriteFailed', `Could not move the new site into ${outDir}: ${(cause as Error).message}`, { file: outDir, cause });
  }
  if (hadOutput) await rm(old, { recursive: true, force: true });
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
