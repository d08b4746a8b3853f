/**
 * The example blog's feeds for a site under a path (baseUrl https://x.example/notes/): every URL of the Atom and
 * JSON feeds is absolute and under the path (the feeds' own, their pages', their entries', and the links inside an
 * entry's full content), and the JSON Feed keeps the rules of its specification (version 1.1), not only its shape.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';
import { blogProject, postText, type BlogProject } from './blog-project';
import { jsonFeedProblems } from './json-feed-rules';

const NOW = new Date('2026-01-01T00:00:00Z');
const BASE = 'https://x.example/notes';
const ATOM_SCHEMA = path.join(import.meta.dirname, 'schemas/atom.rng');

let project: BlogProject;
const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');

beforeAll(async () => {
  project = await blogProject({ posts: 3 });
  const config = project.file('pages/site.yml');
  await writeFile(config, (await readFile(config, 'utf8')).replace(/^baseUrl: .*$/m, `baseUrl: ${BASE}/`));
  // The newest post: its body links another page by its route, a heading of its own, and an image.
  await writeFile(
    project.file('pages/blog/links-inside.md'),
    postText({
      title: 'Links inside',
      date: '2026-01-01',
      tags: ['Identity'],
      body: 'See [the blog](/blog), [below](#below) and ![a mark](/mark.svg).\n\n## Below\n\nThe end.',
    }),
  );
  await mkdir(project.file('pages/public'), { recursive: true });
  await writeFile(project.file('pages/public/mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  await buildOnce({ root: project.root, now: NOW, logger: silentLogger });
}, 120_000);
afterAll(() => project?.cleanup());

describe('feeds of a site under a path', () => {
  it("links the feeds from the list page under the path; a summary's fragment link names its post", async () => {
    const list = await out('blog.html');
    expect(list).toContain('<a href="/notes/blog/links-inside#below">below</a>');
    expect(list).toContain(
      '<link rel="alternate" href="/notes/blog/feed.xml" type="application/atom+xml" title="Blog | Field Notes"/>',
    );
    expect(list).toContain(
      '<link rel="alternate" href="/notes/blog/feed.json" type="application/feed+json" title="Blog | Field Notes"/>',
    );
  });

  it('writes an Atom feed, valid against RFC 4287, whose every URL is absolute under the path', async () => {
    const atom = await out('blog/feed.xml');
    const { valid, errors } = await validateXML({
      xml: [{ fileName: 'feed.xml', contents: atom }],
      schema: [{ fileName: 'atom.rng', contents: await readFile(ATOM_SCHEMA, 'utf8') }],
      extension: 'relaxng',
    });
    expect(errors).toEqual([]);
    expect(valid).toBe(true);
    expect(atom).toContain(`<link rel="self" type="application/atom+xml" href="${BASE}/blog/feed.xml"/>`);
    expect(atom).toContain(`<link rel="alternate" type="text/html" href="${BASE}/blog"/>`);
    expect(atom).toContain(`<id>${BASE}/blog/feed.xml</id>`);
    expect(atom).toContain(`<link rel="alternate" type="text/html" href="${BASE}/blog/links-inside"/>`);
    // Inside the content (escaped HTML): the route, the fragment and the image, all absolute under the path.
    expect(atom).toContain(`href=&quot;${BASE}/blog&quot;`);
    expect(atom).toContain(`href=&quot;${BASE}/blog/links-inside#below&quot;`);
    expect(atom).toContain(`src=&quot;${BASE}/mark.svg&quot;`);
    const urls = [...atom.matchAll(/ (?:href|xml:base)="([^"]+)"|<id>([^<]+)<\/id>|(?:href|src)=&quot;([^&]+)&quot;/g)];
    expect(urls.length).toBeGreaterThan(20);
    for (const m of urls) expect(m[1] ?? m[2] ?? m[3]).toMatch(/^https:\/\/x\.example\/notes\//);
  });

  it('writes a JSON Feed that keeps the rules of JSON Feed 1.1, every URL absolute under the path', async () => {
    const feed: unknown = JSON.parse(await out('blog/feed.json'));
    expect(jsonFeedProblems(feed)).toEqual([]);
    const json = feed as { home_page_url: string; feed_url: string; items: Record<string, string>[] };
    expect(json.home_page_url).toBe(`${BASE}/blog`);
    expect(json.feed_url).toBe(`${BASE}/blog/feed.json`);
    const newest = json.items[0]!;
    expect(newest.url).toBe(`${BASE}/blog/links-inside`);
    expect(newest.content_html).toContain(`href="${BASE}/blog"`);
    expect(newest.content_html).toContain(`href="${BASE}/blog/links-inside#below"`);
    expect(newest.content_html).toContain(`src="${BASE}/mark.svg"`);
    for (const item of json.items) expect(item.url).toMatch(/^https:\/\/x\.example\/notes\/blog\//);
  });

  it('the rules catch what JSON Feed 1.1 forbids', () => {
    const good = {
      version: 'https://jsonfeed.org/version/1.1',
      title: 'T',
      items: [{ id: '1', content_text: 'x' }],
    };
    expect(jsonFeedProblems(good)).toEqual([]);
    expect(jsonFeedProblems({ ...good, version: 'https://jsonfeed.org/version/1' })).toHaveLength(1);
    expect(jsonFeedProblems({ ...good, items: [{ id: '1' }] })).toEqual([
      'items[0]: neither content_html nor content_text',
    ]);
    expect(jsonFeedProblems({ ...good, feed_url: '/blog/feed.json' })).toEqual([
      'feed_url: not an absolute http(s) URL: /blog/feed.json',
    ]);
    expect(
      jsonFeedProblems({
        ...good,
        items: [
          { id: '1', content_text: 'x', date_published: '2025-01-01' },
          { id: '1', content_text: 'y' },
        ],
      }),
    ).toEqual(['items[0].date_published: not an RFC 3339 date-time: 2025-01-01', 'items[1].id: repeats items[0]']);
  });
});
