/**
 * The example blog (examples/blog/) as a reader meets it on a phone and a desktop: a site named as long as site.yml
 * allows, posts titled in several scripts, with emoji and a long word, opened in Chromium at 320, 390 and 1280 px:
 * nothing of a list page, a post or a tag page reaches past the screen.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { blogProject, type BlogProject } from '../build/blog-project';
import { buildOnce } from '../support/full-build';
import { chromiumAvailable, launchChromium } from '../support/chromium';
import { overflowOf } from './overflow';

const available = chromiumAvailable();
const NAME = 'Field Notes from the Far Side of the Operations Floor Today'; // 59 characters: site.yml takes 60

let project: BlogProject;
let server: RunningServer;
let chrome: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  project = await blogProject({ keptPosts: false });
  await writeFile(
    project.file('pages/site.yml'),
    `name: ${NAME}\nbaseUrl: https://blog.example.org\ndescription: Field notes.\n`,
  );
  await project.writePost('rtl', { title: 'שלום עולם — a title in Hebrew 🎉', date: '2025-03-02', tags: ['עברית'] });
  await project.writePost('long', {
    title: 'Donaudampfschiffahrtsgesellschaftskapitänsmützenabzeichen and Ünïcödé',
    date: '2025-03-01',
    tags: ['Sécurité', 'C++'],
  });
  await buildOnce({ root: project.root, outDir: project.outDir, logger: silentLogger });
  server = await serve({ dir: path.join(project.outDir), port: 0 });
  if (available) chrome = await launchChromium();
}, 60_000);
afterAll(async () => {
  await chrome?.close();
  await server?.close();
  await project?.cleanup();
});

describe.skipIf(!available)('the example blog in Chromium', () => {
  for (const width of [320, 390, 1280]) {
    it(`fits the screen at ${width} px: a list, a post and a tag page`, async () => {
      const context = await chrome.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      try {
        for (const route of ['/blog', '/blog/rtl', '/blog/long', '/blog/tags/securite']) {
          await page.goto(`${server.url}${route}`, { waitUntil: 'load' });
          expect(await overflowOf(page, width), `${route} at ${width} px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
