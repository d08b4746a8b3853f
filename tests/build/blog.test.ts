/**
 * The example blog (examples/blog/), built as a user builds it: its index, list pages, tag pages, feeds and posts;
 * drafts; dates; the content cache; what a watch edit re-renders; and site check over the output.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../generator/dev/crawl-site';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { Site, type SiteOptions, type UpdateResult } from '../../generator/core/site';
import { buildOnce } from '../support/full-build';
import { blogProject, postText, type BlogProject } from './blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');
const MADE = 230;
const ATOM_SCHEMA = path.join(import.meta.dirname, 'schemas/atom.rng');

let project: BlogProject;
let built: UpdateResult;
const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');

const build = (options: SiteOptions = {}) =>
  buildOnce({ root: project.root, now: NOW, logger: silentLogger, ...options });

beforeAll(async () => {
  project = await blogProject({ posts: MADE });
  built = await build();
}, 120_000);
afterAll(() => project?.cleanup());

const linksIn = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))].map((m) => m[1]);
const postRoutes = (html: string) => [...html.matchAll(/<h2><a href="(\/blog\/[^"]+)">/g)].map((m) => m[1]);

describe('the example blog with 242 posts', () => {
  it('builds its list pages ten posts to a page, newest first, linked both ways', async () => {
    const routes = new Set(built.pages.map((page) => page.route));
    const total = MADE + 12;
    const pages = Math.ceil(total / 10);
    for (let n = 2; n <= pages; n++) expect(routes.has(`/blog/page/${n}`), `/blog/page/${n}`).toBe(true);
    expect(routes.has(`/blog/page/${pages + 1}`)).toBe(false);
    const first = await out('blog.html');
    expect(linksIn(first, 'prev')).toEqual([]);
    expect(linksIn(first, 'next')).toEqual(['/blog/page/2']);
    expect(postRoutes(first)).toHaveLength(10);
    // The kept posts are dated 2025, the made ones 2020: the newest kept post leads.
    expect(postRoutes(first)[0]).toBe('/blog/rate-limits-that-do-not-lock-out-users');
    const second = await out('blog/page/2.html');
    expect(linksIn(second, 'prev')).toEqual(['/blog']);
    expect(linksIn(second, 'next')).toEqual(['/blog/page/3']);
    expect(second).toContain('<title>Blog, page 2 | Field Notes</title>');
    const last = await out(`blog/page/${pages}.html`);
    expect(postRoutes(last)).toEqual(['/blog/post-2', '/blog/post-1']);
    expect(linksIn(last, 'next')).toEqual([]);
    // Every post is on exactly one list page.
    const listed = [];
    for (let n = 1; n <= pages; n++)
      listed.push(...postRoutes(await out(n === 1 ? 'blog.html' : `blog/page/${n}.html`)));
    expect(new Set(listed).size).toBe(total);
    expect(listed).toHaveLength(total);
  }, 120_000);

  it('makes a page for each tag, paginated alike, and links a post to its tags and neighbours', async () => {
    const tag = await out('blog/tags/cloud-security.html');
    expect(tag).toContain('Posts tagged “Cloud security”');
    expect(linksIn(tag, 'next')).toEqual(['/blog/tags/cloud-security/page/2']);
    const post = await out('blog/post-5.html');
    expect(post).toMatch(/<a href="\/blog\/tags\/[a-z-]+">/);
    expect(post).toContain('href="/blog/post-6">← Post number 6</a>');
    expect(post).toContain('href="/blog/post-4">Post number 4 →</a>');
    const sitemap = await out('sitemap.xml');
    expect(sitemap).toContain('<loc>https://blog.example.org/blog/tags/cloud-security/page/2</loc>');
  });

  it('writes an Atom feed valid against RFC 4287, with absolute URLs, linked from the list pages', async () => {
    const atom = await out('blog/feed.xml');
    const { valid, errors } = await validateXML({
      xml: [{ fileName: 'feed.xml', contents: atom }],
      schema: [{ fileName: 'atom.rng', contents: await readFile(ATOM_SCHEMA, 'utf8') }],
      extension: 'relaxng',
    });
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
    // The RFC's rules beyond the schema: every entry has an alternate link or a content; ids and links are absolute.
    const entries = atom.split('<entry>').slice(1);
    expect(entries).toHaveLength(20);
    for (const entry of entries)
      expect(entry).toMatch(
        /<link rel="alternate" type="text\/html" href="https:\/\/blog\.example\.org\/blog\/[a-z0-9-]+"\/>/,
      );
    const urls = [...atom.matchAll(/ href="([^"]+)"|<id>([^<]+)<\/id>|href=&quot;([^&]+)&quot;/g)].map(
      (m) => m[1] ?? m[2] ?? m[3],
    );
    expect(urls.length).toBeGreaterThan(40);
    expect(atom).not.toMatch(/href=&quot;(?!https:)/);
    for (const url of urls) expect(url).toMatch(/^https:\/\/blog\.example\.org\//);
    expect(await out('blog.html')).toContain(
      '<link rel="alternate" href="/blog/feed.xml" type="application/atom+xml" title="Blog | Field Notes"/>',
    );
    const json = JSON.parse(await out('blog/feed.json'));
    expect(json).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Blog | Field Notes',
      feed_url: 'https://blog.example.org/blog/feed.json',
    });
    expect(json.items).toHaveLength(20);
    for (const item of json.items)
      expect(item).toMatchObject({
        id: expect.stringMatching(/^https:\/\//),
        content_html: expect.any(String),
        date_published: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
  });

  it('a warm build renders the markdown of no page, and writes the same bytes', async () => {
    const before = await out('blog/page/7.html');
    const result = await build();
    expect(result.content.rendered).toBe(0);
    expect(await out('blog/page/7.html')).toBe(before);
  }, 120_000);

  it('shows the built-in theme’s header tools and breadcrumbs through the blog, in the page and its JSON-LD', async () => {
    const crumbs = (html: string) =>
      [
        .../<nav class="breadcrumbs"[^>]*>(.*?)<\/nav>/
          .exec(html)![1]!
          .matchAll(/<(a href="([^"]+)"|span aria-current="page")>([^<]+)</g),
      ].map((m) => `${m[3]} ${m[2] ?? '(here)'}`);
    const post = await out('blog/patching-on-a-schedule.html');
    expect(crumbs(post)).toEqual(['Home /', 'Blog /blog', 'Patching on a schedule (here)']);
    expect(crumbs(await out('blog/page/2.html'))).toEqual(['Home /', 'Blog /blog', 'Blog, page 2 (here)']);
    expect(crumbs(await out('blog.html'))).toEqual(['Home /', 'Blog (here)']);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(post)![1]!) as {
      '@graph': { '@type': string; itemListElement?: { name: string }[] }[];
    };
    const list = ld['@graph'].find((node) => node['@type'] === 'BreadcrumbList')!;
    expect(list.itemListElement!.map((item) => item.name)).toEqual(['Home', 'Blog', 'Patching on a schedule']);
    // The search box and the colour scheme button, as the built-in theme's header has them, over the index it makes.
    for (const page of [post, await out('index.html')]) {
      expect(page).toContain('data-island="search"');
      expect(page).toContain('data-island="theme-toggle"');
      expect(page).toContain('<main id="main" tabindex="-1" data-pagefind-body="">');
    }
  });

  it('in watch, a post title edit re-renders exactly the post, its neighbours and the list and tag pages showing it', async () => {
    const site = new Site({ root: project.root, now: NOW, logger: silentLogger, incremental: true, drafts: false });
    try {
      await site.update('all');
      await site.commit();
      const file = project.file('pages/blog/post-100.md');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace('title: "Post number 100"', 'title: "Post one hundred"'),
      );
      const result = await site.update([file]);
      // post-100 is the 143rd newest: the 15th list page; its tags' pages; posts 99 and 101 show it.
      const tags = [...(await out('blog/post-100.html')).matchAll(/<a href="(\/blog\/tags\/[a-z-]+)">/g)].map(
        (m) => m[1]!,
      );
      expect(tags.length).toBeGreaterThan(0);
      expect(result.routes.filter((route) => !route.startsWith('/blog/tags/')).sort()).toEqual([
        '/blog/page/15',
        '/blog/post-100',
        '/blog/post-101',
        '/blog/post-99',
      ]);
      for (const tag of tags)
        expect(
          result.routes.some((route) => route.startsWith(tag)),
          tag,
        ).toBe(true);
      // No feed holds the post (it is older than the feeds' twenty), and the sitemap, which a title is not in, is
      // the same: neither is written again; the search index, made again whole after an update that renders a page
      // (core/search.ts), holds its new title.
      const written = [...result.written.keys()];
      expect(
        written
          .filter((file) => (file.endsWith('.xml') || file.endsWith('.json')) && !file.startsWith('pagefind/'))
          .sort(),
      ).toEqual([]);
      expect(written).toContain('pagefind/pagefind-entry.json');
      expect(await out('blog/page/15.html')).toContain('Post one hundred');
    } finally {
      await site.dispose();
    }
  }, 120_000);
});

describe('drafts and dates', () => {
  let small: BlogProject;
  beforeAll(async () => {
    small = await blogProject();
  }, 60_000);
  afterAll(() => small?.cleanup());

  const build = async (options: SiteOptions = {}) => {
    const site = new Site({ root: small.root, now: NOW, logger: silentLogger, ...options });
    try {
      const result = await site.update('all');
      await site.commit();
      return result;
    } finally {
      await site.dispose();
    }
  };
  const read = (file: string) => readFile(path.join(small.outDir, file), 'utf8');

  it('site build leaves a draft out of everything; --drafts builds and lists it, never in the sitemap or a feed', async () => {
    await small.writePost('secret-plans', {
      title: 'Secret plans',
      date: '2030-01-01',
      tags: ['Drafts only'],
      draft: true,
    });
    const result = await build();
    expect(result.pages.map((page) => page.route)).not.toContain('/blog/secret-plans');
    await expect(read('blog/secret-plans.html')).rejects.toThrow();
    await expect(read('blog/tags/drafts-only.html')).rejects.toThrow();
    for (const file of ['blog.html', 'index.html', 'sitemap.xml', 'blog/feed.xml', 'blog/feed.json'])
      expect(await read(file), file).not.toMatch(/secret-plans|Secret plans/);

    const withDrafts = await build({ drafts: true });
    expect(withDrafts.pages.map((page) => page.route)).toContain('/blog/secret-plans');
    expect(await read('blog/secret-plans.html')).toContain('Secret plans');
    expect(await read('blog.html')).toContain('href="/blog/secret-plans"');
    expect(await read('blog/tags/drafts-only.html')).toContain('Secret plans');
    for (const file of ['sitemap.xml', 'blog/feed.xml', 'blog/feed.json'])
      expect(await read(file), file).not.toMatch(/secret-plans|Secret plans/);
    await rm(small.file('pages/blog/secret-plans.md'));
  }, 120_000);

  it('a date that is not a real one is an error naming the file, line and field', async () => {
    await writeFile(small.file('pages/blog/bad-date.md'), postText({ title: 'Bad date', date: '2025-02-30' }));
    const before = await read('blog.html');
    const error = await build().then(
      () => undefined,
      (e: unknown) => e,
    );
    await rm(small.file('pages/blog/bad-date.md'));
    const errors = siteErrorsOf(error);
    expect(errors.map((e) => [e.kind, e.field, e.line])).toEqual([['InvalidFrontmatter', 'date', 4]]);
    expect(errors[0]!.file).toMatch(/pages\/blog\/bad-date\.md$/);
    expect(errors[0]!.message).toContain('no day 30 in that month (it has 28)');
    // The output is untouched.
    expect(await read('blog.html')).toBe(before);
  }, 120_000);

  it('passes site check: every link, asset and fragment of the index, list, tag, feed and post pages resolves', async () => {
    await build();
    const site = new Site({ root: small.root });
    const { config } = await site.readProject().finally(() => site.dispose());
    const report = await checkSite(small.outDir, config);
    expect(report.problems).toEqual([]);
  }, 120_000);
});
