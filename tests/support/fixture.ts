/** Temporary copies of fixture sites, and builds of them that never touch the real dist/. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';

export const REPO = path.resolve(import.meta.dirname, '../..');

export interface TempSite {
  dir: string;
  pagesDir: string;
  outDir: string;
  build(options?: BuildOptions): Promise<BuildResult>;
  write(file: string, contents: string): Promise<void>;
  read(file: string): Promise<string>;
  /** Replaces text in a page or config file; fails if the text is not there. */
  edit(file: string, from: string | RegExp, to: string): Promise<void>;
  cleanup(): Promise<void>;
}

export async function tempSite(fixture = 'basic'): Promise<TempSite> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-test-'));
  const pagesDir = path.join(dir, 'pages');
  const outDir = path.join(dir, 'dist');
  await cp(path.join(REPO, 'tests/fixtures', fixture), pagesDir, { recursive: true });
  return {
    dir,
    pagesDir,
    outDir,
    build: (options) => build({ root: REPO, pagesDir, outDir, logger: silentLogger, ...options }),
    write: (file, contents) => writeFile(path.join(pagesDir, file), contents),
    read: (file) => readFile(path.join(pagesDir, file), 'utf8'),
    async edit(file, from, to) {
      const before = await readFile(path.join(pagesDir, file), 'utf8');
      const after = before.replace(from, to);
      if (after === before) throw new Error(`edit: ${String(from)} not found in ${file}`);
      await writeFile(path.join(pagesDir, file), after);
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Every file under a folder with its contents, to prove a failed build left it untouched. */
export async function snapshotDir(dir: string): Promise<Record<string, string>> {
  const { listFiles } = await import('../../generator/base/list-files');
  const files = await listFiles(dir);
  const entries = await Promise.all(
    files.map(async (f) => [f, (await readFile(path.join(dir, f))).toString('base64')] as const),
  );
  return Object.fromEntries(entries.sort());
}

/** The first bytes of a PNG file: enough for an image a page links to, which the build publishes as it is. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
