/**
 * The built-in theme's navigation in built pages: the sidebar with the current page marked and its branch open,
 * breadcrumbs, previous/next links, a generated section page; a title edit in watch re-renders exactly the pages
 * that show that title; and a page's HTML grows by a bounded amount when its folder grows threefold, from more pages
 * than a page lists (LIST_LIMIT) to three times as many.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { fullBuildInto } from '../support/full-build';
import { LIST_LIMIT } from '../../generator/collections/navigation';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-nav-'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(path.join(root, 'pages/site.yml'), 'name: Handbook\nbaseUrl: https://example.org\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
  await writeFile(path.join(root, 'pages', file), text);
};
const out = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');
const build = async (site = new Site({ root, logger: silentLogger })) => {
  await site.update('all');
  await site.commit();
  return site;
};

/** The sidebar's links as `text -> href` (current marked `*`), in document order. */
const sidebarOf = (html: string) =>
  [
    .../<nav class="sidebar"[^>]*>([\s\S]*?)<\/nav>/
      .exec(html)![1]!
      .matchAll(/<a href="([^"]*)"( aria-current="page")?>([^<]*)<\/a>/g),
  ].map(([, href, current, text]) => `${text}${current ? '*' : ''} -> ${href}`);

async function handbook() {
  await write('index.md', '# Handbook\n\nWelcome.\n');
  await write('guide/README.md', '---\ntitle: The guide\nsidebar_label: Guide\nnav_order: 1\n---\n\nRead me.\n');
  await write('guide/1-install.md', '# Install\n\nSteps.\n');
  await write('guide/2-configure.md', '# Configure\n\nKeys.\n');
  await write('guide/recipes/caching.md', '# Caching\n\nFast.\n');
  await write('about.md', '# About\n\nUs.\n');
}

describe('the built-in theme with navigation', () => {
  it('marks the current page in the sidebar, opens its branch, and shows breadcrumbs and previous/next', async () => {
    await handbook();
    await build();
    const html = await out('guide/2-configure.html');
    expect(sidebarOf(html)).toEqual([
      'Guide -> /guide',
      'Install -> /guide/1-install',
      'Configure* -> /guide/2-configure',
      'Recipes -> /guide/recipes',
      'About -> /about',
    ]);
    expect(html).toContain(
      '<details class="nav-menu"><summary data-pagefind-ignore="">Menu</summary><nav class="sidebar" aria-label="Pages">',
    );
    expect(html).toMatch(
      /<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a href="\/">Home<\/a><\/li><li><a href="\/guide">Guide<\/a><\/li><li><span aria-current="page">Configure<\/span><\/li><\/ol><\/nav>/,
    );
    expect(html).toMatch(/<a class="pager-prev" href="\/guide\/1-install" rel="prev">/);
    expect(html).toMatch(/<a class="pager-next" href="\/guide\/recipes" rel="next">/);
    // A section off the branch is a link, its pages not listed.
    expect(sidebarOf(await out('about.html'))).toEqual(['Guide -> /guide', 'About* -> /about']);
    // No style attribute (the CSP forbids them).
    expect(html).not.toMatch(/ style=/);
  });

  it('generates the page of a folder without one, listing its pages, in the sitemap', async () => {
    await handbook();
    await build();
    const html = await out('guide/recipes.html');
    expect(html).toContain('<h1 id="page-title">Recipes</h1>');
    expect(html).toMatch(/<ul class="section-list"><li><a href="\/guide\/recipes\/caching">Caching<\/a><\/li><\/ul>/);
    expect(await out('sitemap.xml')).toContain('<loc>https://example.org/guide/recipes</loc>');
  });

  it('re-renders, on a title edit in watch, exactly the pages that show the title, as a full build writes them', async () => {
    await handbook();
    const site = await build(new Site({ root, logger: silentLogger, incremental: true }));
    try {
      await write('guide/2-configure.md', '# Set up\n\nKeys.\n');
      const result = await site.update([path.join(root, 'pages/guide/2-configure.md')]);
      // Shown by: its own page, and the pages of its section, whose sidebar opens it (previous/next are among them).
      expect(result.routes.sort()).toEqual([
        '/guide',
        '/guide/1-install',
        '/guide/2-configure',
        '/guide/recipes',
        '/guide/recipes/caching',
      ]);
      const watched = await out('guide/1-install.html');
      expect(watched).toContain('>Set up</a>');
      expect(await out('about.html')).not.toContain('Set up');
    } finally {
      await site.dispose();
    }
    const full = await mkdtemp(path.join(os.tmpdir(), 'site-nav-full-'));
    try {
      await fullBuildInto({
        root,
        outDir: path.join(full, 'out'),
        cacheDir: path.join(full, 'cache'),
        logger: silentLogger,
      });
      expect(await readFile(path.join(full, 'out/guide/1-install.html'), 'utf8')).toBe(
        await out('guide/1-install.html'),
      );
    } finally {
      await rm(full, { recursive: true, force: true });
    }
  });
});

describe('a page of a large folder tree', () => {
  it('grows by a bounded amount from 700 pages to 2,100', async () => {
    const sizeAt = async (n: number) => {
      await rm(path.join(root, 'pages/book'), { recursive: true, force: true });
      const perChapter = n / 10;
      for (let chapter = 0; chapter < 10; chapter++)
        for (let p = 0; p < perChapter; p++)
          await write(`book/chapter-${chapter}/page-${p}.md`, `# Page ${chapter}.${p}\n\nText.\n`);
      const site = await build();
      await site.dispose();
      return (await out(`book/chapter-4/page-${perChapter / 2}.html`)).length;
    };
    await write('index.md', '# Book\n\nOpen it.\n');
    expect(70).toBeGreaterThan(LIST_LIMIT);
    // 70 pages to a chapter, more than a list shows (LIST_LIMIT): the window holds in both, and a list that grew with
    // its folder would be three times as long.
    const small = await sizeAt(700);
    const large = await sizeAt(2100);
    // Three times the pages; the page shows the same number of entries (a window around it), a little longer each.
    expect(large).toBeLessThan(small * 1.15);
  }, 180_000);
});
