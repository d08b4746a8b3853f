/**
 * Issue 40: what a build publishes at each address. One registry owns every route and every file the build makes
 * (core/route-registry.ts), so a page at a feed's, the sitemap's or an icon's address is DuplicateRoute, never a
 * shadow; a tag page can never be its folder's index; an impossible date is named where it is written; with
 * --drafts, pages only drafts make are drafts themselves (noindex, out of the sitemap).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf, type SiteError } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import type { SiteOptions } from '../../generator/core/site';
import { buildOnce } from '../support/full-build';
import { blogProject, type BlogProject } from '../build/blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');
let project: BlogProject;

const build = (options: SiteOptions = {}) =>
  buildOnce({ root: project.root, now: NOW, logger: silentLogger, ...options });

/** The errors of a build that must fail; the output folder is checked untouched by the caller. */
const failing = (options: SiteOptions = {}): Promise<SiteError[]> =>
  build(options).then(
    () => {
      throw new Error('the build succeeded');
    },
    (error: unknown) => siteErrorsOf(error),
  );

const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');
const write = async (relative: string, text: string) => {
  await mkdir(path.dirname(project.file(relative)), { recursive: true });
  await writeFile(project.file(relative), text);
};

beforeAll(async () => {
  project = await blogProject({ keptPosts: false });
  await project.writePost('first', { title: 'First', date: '2025-01-01', tags: ['Index', 'Security'] });
  await project.writePost('second', { title: 'Second', date: '2025-01-02', tags: ['Security'] });
  await build();
}, 120_000);
afterAll(() => project?.cleanup());

describe('tag pages', () => {
  it("a tag named Index has a page at its own address, never the tags folder's index", async () => {
    const result = await build();
    const routes = result.pages.map((page) => page.route);
    expect(routes).toContain('/blog/tags/tag-index');
    expect(routes.filter((route) => /\/index$/.test(route))).toEqual([]);
    await expect(out('blog/tags/index.html')).rejects.toThrow();
    expect(await out('blog/tags/tag-index.html')).toContain('First');
    expect(await out('blog/first.html')).toContain('href="/blog/tags/tag-index"');
  });

  it('a tag whose slug is taken by the one Index takes is an error naming both, not a shadow', async () => {
    await project.writePost('third', { title: 'Third', date: '2025-01-03', tags: ['Tag index'] });
    const errors = await failing();
    await rm(project.file('pages/blog/third.md'));
    expect(errors.map((e) => [e.kind, e.field])).toEqual([['TagSlugCollision', 'tags']]);
    expect(errors[0]!.message).toContain('/blog/tags/tag-index');
  });
});

describe('one registry of routes and generated files', () => {
  // A page in the blog's folder is one of its posts: it has their fields.
  const POST = 'template: post\ndate: 2025-01-05\ndescription: A post in the way.\n';
  const cases: [string, string, string, string | undefined][] = [
    ['pages/blog/feed.xml.md', POST, '/blog/feed.xml', undefined],
    ['pages/blog/feed.json.md', POST, '/blog/feed.json', undefined],
    ['pages/sitemap.xml.md', '', '/sitemap.xml', undefined],
    ['pages/robots.txt.md', '', '/robots.txt', undefined],
    ['pages/elsewhere.md', 'slug: _headers\n', '/_headers', 'slug'],
    ['pages/card.md', 'slug: og-image.png\n', '/og-image.png', 'slug'],
  ];
  for (const [file, matter, route, field] of cases)
    it(`a page at ${route} is DuplicateRoute naming it and what makes the file`, async () => {
      const before = await out('sitemap.xml');
      await write(file, `---\ntitle: Shadow\n${matter}---\n\nA page.\n`);
      const errors = await failing();
      await rm(project.file(file));
      expect(errors.map((e) => [e.kind, e.file, e.field])).toEqual([['DuplicateRoute', file, field]]);
      expect(errors[0]!.message).toContain(`both claim the route ${route}`);
      if (route.startsWith('/blog/feed')) expect(errors[0]!.message).toContain('the feed of pages/blog/index.md');
      expect(errors[0]!.hint).toContain(`The build writes ${route.slice(1)} at that address`);
      expect(await out('sitemap.xml')).toBe(before);
    });

  it("a page whose route ends in /index is IndexRoute: its file would be its folder's index", async () => {
    await write('pages/docs/index/index.md', '# Docs index\n\nText.\n');
    const errors = await failing();
    await rm(project.file('pages/docs'), { recursive: true });
    expect(errors.map((e) => [e.kind, e.file])).toEqual([['IndexRoute', 'pages/docs/index/index.md']]);
    expect(errors[0]!.message).toContain('/docs/index (pages/docs/index/index.md) would be written as docs/index.html');
  });
});

describe('dates', () => {
  for (const date of ['2025-03-09T10:00:00+99:99', '2025-03-09T10:00:00+24:00', '2025-13-09', '2025-03-09T25:00:00Z'])
    it(`${date} is InvalidFrontmatter naming the file, line and field`, async () => {
      await project.writePost('bad-date', { title: 'Bad date', date });
      const errors = await failing();
      await rm(project.file('pages/blog/bad-date.md'));
      expect(errors.map((e) => [e.kind, e.file, e.line, e.field])).toEqual([
        ['InvalidFrontmatter', 'pages/blog/bad-date.md', 4, 'date'],
      ]);
    });

  it("Jekyll's 2018-01-02 11:21:40 +0100 is read at its instant: sorted by it, and in the feed as RFC 3339", async () => {
    await project.writePost('jekyll', { title: 'Jekyll', date: '2025-01-02 01:30:00 +0300' });
    await build();
    await rm(project.file('pages/blog/jekyll.md'));
    const atom = await out('blog/feed.xml');
    expect(atom).toContain('<published>2025-01-02T01:30:00+03:00</published>');
    // 2025-01-01T22:30Z: older than Second (2025-01-02), newer than First (2025-01-01).
    const order = [...atom.matchAll(/<title>([^<]+)<\/title>/g)].map((m) => m[1]).slice(1);
    expect(order).toEqual(['Second', 'Jekyll', 'First']);
  });
});

describe('with --drafts', () => {
  it('a tag only drafts carry, and a list page only drafts fill, are drafts: noindex and out of the sitemap', async () => {
    for (let n = 1; n <= 10; n++)
      await project.writePost(`draft-${n}`, {
        title: `Draft ${n}`,
        date: '2024-06-01',
        tags: ['Unreleased'],
        draft: true,
      });
    try {
      const result = await build({ drafts: true });
      const routes = result.pages.map((page) => page.route);
      expect(routes).toEqual(expect.arrayContaining(['/blog/tags/unreleased', '/blog/page/2', '/blog/draft-1']));
      const sitemap = await out('sitemap.xml');
      for (const file of ['blog/tags/unreleased.html', 'blog/page/2.html', 'blog/draft-1.html']) {
        expect(await out(file), file).toContain('<meta name="robots" content="noindex, follow"/>');
        expect(sitemap).not.toContain(`/${file.replace(/\.html$/, '')}<`);
      }
      // What the drafts share with published posts stays a page of the site.
      expect(await out('blog/tags/security.html')).not.toContain('noindex');
      expect(await out('blog.html')).not.toContain('noindex');
      expect(sitemap).toContain('/blog/tags/security<');
      for (const feed of ['blog/feed.xml', 'blog/feed.json']) expect(await out(feed)).not.toContain('Draft');
    } finally {
      for (let n = 1; n <= 10; n++) await rm(project.file(`pages/blog/draft-${n}.md`));
    }
  });
});

describe('file names', () => {
  it('a folder of hostile names reports each bad one on its own, its name printed escaped', async () => {
    const names = ['a b', 'caf\u00e9', 'cafe\u0301', '50%', 'c#', 'q?', 'new\nline', '-dash', 'CON', 'About', 'about'];
    const more = ['rlo\u202egpj', 'ls\u2028x'];
    for (const name of [...names, ...more])
      await write(`pages/names/${name}.md`, `# ${name.length} letters\n\nText.\n`);
    let errors: SiteError[];
    try {
      errors = await failing();
    } finally {
      await rm(project.file('pages/names'), { recursive: true });
    }
    const found = errors.map((e) => `${e.kind} ${e.location}`).sort();
    expect(found).toEqual([
      'DuplicateRoute pages/names/about.md',
      'DuplicateRoute pages/names/caf\u00e9.md',
      'UnportableName pages/names/CON.md',
      'UnportableName pages/names/ls\\u2028x.md',
      'UnportableName pages/names/q?.md',
      'UnportableName pages/names/rlo\\u202Egpj.md',
      'UnsafeRoute pages/names/new\\nline.md',
    ]);
    // No error holds a character that would split its block or reorder what is shown around it.
    for (const error of errors)
      for (const text of [error.message, error.hint, error.location])
        expect(text, error.kind).not.toMatch(/[\n\r\u2028\u2029\u202a-\u202e]/);
  });
});
