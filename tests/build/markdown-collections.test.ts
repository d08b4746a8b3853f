/**
 * Markdown shaped like what people bring from other tools (scripts/lib/markdown-collections.ts): 500 cheat sheets
 * in tldr-pages' form and a documentation site in VitePress's, each in a project with no templates/ (the built-in
 * theme) and a two-line site.yml. Every page builds; every code sample keeps its braces byte for byte; links between
 * .md files become routes that exist; `site check` finds nothing broken.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../generator/dev/crawl-site';
import { build, type BuildResult } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import {
  cheatSheet,
  cheatSheetName,
  DOCS_CODE,
  docsPages,
  writeCheatSheets,
  writeDocsSite,
} from '../../scripts/lib/markdown-collections';

// Enough for every shape of sheet the generator makes; `npm run bench` builds 2,500 for the time it takes.
const CHEAT_SHEETS = 500;
let temp: string;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-collections-'));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

/** Builds a collection in a project of its own (no templates/: the built-in theme). */
async function buildCollection(
  name: string,
  write: (pagesDir: string) => Promise<void>,
): Promise<{ outDir: string; result: BuildResult }> {
  const root = path.join(temp, name);
  await write(path.join(root, 'pages'));
  const outDir = path.join(root, 'dist');
  const result = await build({ root, pagesDir: 'pages', outDir: 'dist', logger: silentLogger });
  return { outDir, result };
}

const htmlFiles = async (outDir: string) =>
  (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
const docOf = async (outDir: string, file: string) =>
  new JSDOM(await readFile(path.join(outDir, file), 'utf8')).window.document;
const fileOfRoute = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);

const SITE = 'https://site.test';
const routeOfFile = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

/** Every internal link of a page, resolved as a browser resolves it, leads to a built page (and none to a .md file). */
async function expectLinksResolve(outDir: string, file: string, built: Set<string>): Promise<void> {
  const doc = await docOf(outDir, file);
  for (const a of doc.querySelectorAll('main a[href]')) {
    const href = a.getAttribute('href')!;
    const url = new URL(href, `${SITE}${routeOfFile(file)}`);
    if (url.origin !== SITE) continue;
    expect(url.pathname, `${file} → ${href}`).not.toMatch(/\.md$/);
    expect(built.has(fileOfRoute(url.pathname)), `${file} → ${href}`).toBe(true);
  }
}

describe('cheat sheets in the form of tldr-pages', () => {
  it('builds every page with its placeholders intact and its links resolved, and passes site check', async () => {
    const { outDir, result } = await buildCollection('cheat-sheets', (dir) => writeCheatSheets(dir, CHEAT_SHEETS));
    const files = await htmlFiles(outDir);
    expect(files.length).toBe(CHEAT_SHEETS + 1);
    const built = new Set(files);
    for (const n of [1, 2, 3, 4, 5, 277, CHEAT_SHEETS]) {
      const file = `${cheatSheetName(n)}.html`;
      const doc = await docOf(outDir, file);
      expect(doc.querySelector('h1')?.textContent).toBe(cheatSheetName(n));
      expect(doc.querySelectorAll('h1').length).toBe(1);
      const code = [...doc.querySelectorAll('main code')].map((el) => el.textContent);
      expect(code).toEqual(cheatSheet(n).code);
      await expectLinksResolve(outDir, file, built);
    }
    await expectLinksResolve(outDir, 'index.html', built);
    const report = await checkSite(outDir, result.config);
    expect(report.problems).toEqual([]);
    expect(report.pages).toBe(CHEAT_SHEETS + 1);
  }, 240_000);
});

describe('a documentation site in the form of a VitePress one', () => {
  it('builds every page, keeps each code sample byte for byte, resolves .md links with anchors, and passes site check', async () => {
    const { outDir, result } = await buildCollection('docs', writeDocsSite);
    const files = await htmlFiles(outDir);
    // guide/index.md is the route /guide, written to guide.html.
    expect(files).toEqual(
      docsPages()
        .map((page) => page.file.replace(/(^|\/)index\.md$/, '').replace(/\.md$/, '') || 'index')
        .map((route) => `${route}.html`)
        .sort(),
    );
    const built = new Set(files);

    const features = await docOf(outDir, 'guide/features.html');
    const samples = [...features.querySelectorAll('pre > code')].map((el) => [el.className, el.textContent]);
    for (const lang of ['vue', 'handlebars', 'jinja'])
      expect(samples).toContainEqual([`language-${lang}`, `${DOCS_CODE[lang]}\n`]);
    expect([...features.querySelectorAll('p > code')].map((el) => el.textContent)).toEqual(
      expect.arrayContaining(['{{ count }}', '${{ secrets.TOKEN }}']),
    );
    const deploy = await docOf(outDir, 'guide/deploy.html');
    expect(deploy.querySelector('pre > code')?.textContent).toBe(`${DOCS_CODE.yaml}\n`);
    // A VitePress container is a callout, its link resolved and its code as written.
    const tip = deploy.querySelector('.markdown-alert-tip');
    expect(tip?.querySelector('.markdown-alert-title')?.textContent).toBe('Before you deploy');
    expect(tip?.querySelector('a[href="/config/shared-options#base"]')).not.toBeNull();
    expect(tip?.querySelector('pre > code')?.textContent).toBe('npm run build -- --base {{ base }}\n');
    // A link with an #anchor leads to that heading.
    expect(features.querySelector('a[href="/guide#scaffolding-your-first-project"]')).not.toBeNull();
    expect((await docOf(outDir, 'guide.html')).getElementById('scaffolding-your-first-project')).not.toBeNull();
    for (const file of files) await expectLinksResolve(outDir, file, built);

    const report = await checkSite(outDir, result.config);
    expect(report.problems).toEqual([]);
  }, 300_000);
});
