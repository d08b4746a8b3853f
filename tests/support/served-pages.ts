/**
 * A project of a few pages and no templates/ (so the built-in theme shows it), built, served as production serves
 * it, with Chromium launched when it is available: what the built-in theme's browser tests start from.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { chromiumAvailable, launchChromium } from './chromium';

export interface ServedPages {
  server: RunningServer;
  /** Undefined when Chromium is not installed (the tests that need it are skipped). */
  chrome?: Awaited<ReturnType<typeof launchChromium>>;
  close(): Promise<void>;
}

/** `files`: each file's path inside pages/ (site.yml among them) and its text. */
export async function servePages(files: Record<string, string>): Promise<ServedPages> {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'site-served-pages-'));
  for (const [file, text] of Object.entries(files)) {
    const absolute = path.join(temp, 'pages', file);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, text);
  }
  await build({ root: temp, outDir: 'dist', logger: silentLogger });
  const server = await serve({ dir: path.join(temp, 'dist'), port: 0 });
  const chrome = chromiumAvailable() ? await launchChromium() : undefined;
  return {
    server,
    chrome,
    async close() {
      await chrome?.close();
      await server.close();
      await rm(temp, { recursive: true, force: true });
    },
  };
}
