/**
 * A site with no home page of its own (no index.md nor README.md at the root of its pages, as an mdBook or a
 * cheat-sheet collection), shown with a theme that has section pages, gets one at `/`: the top level of its
 * navigation listed, as the section pages list theirs, in the sitemap, named in a GeneratedHomePage warning; a watch
 * update that adds or removes the site's own home page writes every page as a full build writes it.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-home-'));
  await mkdir(path.join(root, 'pages/guide'), { recursive: true });
  await writeFile(path.join(root, 'pages/site.yml'), 'name: The Book\nbaseUrl: https://example.org\n');
  await writeFile(path.join(root, 'pages/guide/1-start.md'), '# Start\n\nFirst.\n');
  await writeFile(path.join(root, 'pages/guide/2-more.md'), '# More\n\nSecond.\n');
  await writeFile(path.join(root, 'pages/faq.md'), '---\nnav_order: 9\n---\n\n# FAQ\n\nAsked.\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const out = (file: string, dir = path.join(root, 'dist')) => readFile(path.join(dir, file), 'utf8');
const build = async (outDir?: string) => {
  const site = new Site({ root, logger: silentLogger, ...(outDir ? { outDir, cacheDir: `${outDir}-cache` } : {}) });
  const result = await site.update('all');
  await site.commit();
  await site.dispose();
  return result;
};
const htmlFiles = async (dir: string) =>
  (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();

describe('a site without a home page, with the built-in theme', () => {
  it('is given one listing the top level of its navigation, in the sitemap, and warned of', async () => {
    const result = await build();
    const home = await out('index.html');
    expect(home).toContain('<h1 id="page-title">The Book</h1>');
    expect(home).toMatch(
      /<ul class="section-list"><li><a href="\/faq">FAQ<\/a><\/li><li><a href="\/guide">Guide<\/a><\/li><\/ul>/,
    );
    // In the navigation's order (an order key first), and first in the reading order.
    expect(home).toMatch(/<a class="pager-next" href="\/faq" rel="next">/);
    expect(await out('sitemap.xml')).toContain('<loc>https://example.org/</loc>');
    // Every page now links home: the site's name and the breadcrumbs' Home.
    const page = await out('guide/1-start.html');
    expect(page).toContain('<a class="site-name" href="/">The Book</a>');
    expect(page).toMatch(/<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a href="\/">Home<\/a>/);
    const kinds = result.warnings.map((warning) => warning.kind);
    expect(kinds).toContain('GeneratedHomePage');
    expect(kinds).not.toContain('NoHomePage');
    expect(result.pages.map((summary) => summary.route)).toContain('/');
  });

  it('gives way to the home page the site adds, and comes back when it goes, as a full build writes them', async () => {
    const site = new Site({ root, logger: silentLogger, incremental: true });
    await site.update('all');
    await site.commit();
    const full = await mkdtemp(path.join(os.tmpdir(), 'site-home-full-'));
    const sameAsFull = async () => {
      await rm(full, { recursive: true, force: true });
      await build(path.join(full, 'out'));
      const files = await htmlFiles(path.join(root, 'dist'));
      expect(files).toEqual(await htmlFiles(path.join(full, 'out')));
      for (const file of files) expect(await out(file), file).toBe(await out(file, path.join(full, 'out')));
    };
    try {
      await writeFile(path.join(root, 'pages/index.md'), '# Welcome\n\nOur own home.\n');
      let result = await site.update([path.join(root, 'pages/index.md')]);
      expect(await out('index.html')).toContain('Our own home.');
      expect(result.warnings.map((warning) => warning.kind)).not.toContain('GeneratedHomePage');
      await sameAsFull();
      await rm(path.join(root, 'pages/index.md'));
      result = await site.update([path.join(root, 'pages/index.md')]);
      expect(await out('index.html')).toContain('<ul class="section-list">');
      expect(result.warnings.map((warning) => warning.kind)).toContain('GeneratedHomePage');
      await sameAsFull();
    } finally {
      await site.dispose();
      await rm(full, { recursive: true, force: true });
      await rm(`${path.join(full, 'out')}-cache`, { recursive: true, force: true });
    }
  });
});
