/**
 * Routes other tools give (issue 42): `permalink:` is a page's route, checked as any route; `redirect_from:` (Jekyll)
 * and `aliases:` (Hugo) make a redirect page at each old address and a `_redirects` line, claimed as routes are; a
 * folder's pattern in site.yml (`permalinks`) gives its posts the addresses Docusaurus and Jekyll give them, dated by
 * frontmatter or file name; links written for any of these addresses resolve.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { buildOnce } from '../support/full-build';
import { snapshotDir } from '../support/fixture';

const CONFIG = [
  'name: Moved',
  'baseUrl: https://moved.example.org',
  'permalinks:',
  '  blog: /blog/:year/:month/:day/:slug',
  '  posts: /:year/:month/:day/:title',
  '',
].join('\n');

const SITE: Record<string, string> = {
  'site.yml': CONFIG,
  'index.md': [
    '# Moved',
    '',
    '[Post](/blog/2023/11/13/title), [dated by frontmatter](/blog/2024/01/02/undated), [hello](/2018/01/02/hello.html),',
    '[install](/getting-started/install/), [old guide](/old-guide/) and [its section](/legacy/guide#usage).',
    '',
  ].join('\n'),
  'blog/index.md': '# Blog\n',
  'blog/2023-11-13-title.md': '# Title\n\nA post.\n',
  'blog/undated.md': '---\ndate: 2024-01-02\n---\n# Undated\n',
  'posts/2018-01-02-hello.markdown': '---\ntitle: Hello\n---\nThe first post.\n',
  'docs/install.md': '---\npermalink: /getting-started/install/\n---\n# Install\n',
  // Jekyll's own docs: a folder's page moved by its permalink, its old address kept by a redirect.
  'tutorials/index.md': '---\npermalink: /tutorials/home/\nredirect_from: /tutorials/index.html\n---\n# Tutorials\n',
  'tutorials/first.md': '# First\n',
  'docs/guide.md': [
    '---',
    'redirect_from:',
    '  - /old-guide/',
    '  - /docs/guide-v1.html',
    'aliases: [/legacy/guide, /Docs/Guide/]',
    '---',
    '# Guide',
    '',
    '## Usage',
    '',
  ].join('\n'),
};

async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-other-tools-routes-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
  return root;
}

const build = (root: string) => buildOnce({ root, outDir: path.join(root, 'dist') });

async function failure(files: Record<string, string>) {
  const root = await project(files);
  try {
    return siteErrorsOf(
      await build(root).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

let root: string;
let result: Awaited<ReturnType<typeof build>>;
beforeAll(async () => {
  root = await project(SITE);
  result = await build(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const routeOf = (file: string) => result.pages.find((page) => page.file === `pages/${file}`)?.route;

describe('routes written for other tools', () => {
  it("gives a folder's posts the dated routes of its pattern, from frontmatter or the file name", () => {
    expect(routeOf('blog/2023-11-13-title.md')).toBe('/blog/2023/11/13/title');
    expect(routeOf('blog/undated.md')).toBe('/blog/2024/01/02/undated');
    expect(routeOf('blog/index.md')).toBe('/blog');
    expect(routeOf('posts/2018-01-02-hello.markdown')).toBe('/2018/01/02/hello');
  });

  it('takes permalink: as the route', () => {
    expect(routeOf('docs/install.md')).toBe('/getting-started/install');
  });

  it('makes a redirect page and a _redirects line for each old address, out of the sitemap', async () => {
    const files = await snapshotDir(path.join(root, 'dist'));
    const text = (file: string) => Buffer.from(files[file]!, 'base64').toString('utf8');
    for (const old of ['old-guide.html', 'docs/guide-v1.html', 'legacy/guide.html']) {
      const page = text(old);
      expect(page).toContain('<meta http-equiv="refresh" content="0; url=https://moved.example.org/docs/guide">');
      expect(page).toContain('<link rel="canonical" href="https://moved.example.org/docs/guide">');
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(page).not.toMatch(/<script|style=/);
    }
    expect(text('_redirects')).toBe(
      '/docs/guide-v1 /docs/guide 301\n/legacy/guide /docs/guide 301\n/old-guide /docs/guide 301\n/tutorials /tutorials/home 301\n',
    );
    // No page is made for the folder where its redirect stands.
    expect(text('tutorials.html')).toContain('url=https://moved.example.org/tutorials/home');
    expect(await readFile(path.join(root, 'dist/sitemap.xml'), 'utf8')).not.toMatch(/old-guide|legacy/);
  });

  it('resolves links written for those addresses', () => {
    expect(result.warnings.filter((w) => w.kind === 'BrokenLinkAllowed')).toEqual([]);
  });

  it('checks them as any route: a collision is DuplicateRoute, a pattern or an unsafe address an error', async () => {
    const errors = await failure({
      'site.yml': 'name: Clash\nbaseUrl: https://clash.example.org\n',
      'index.md': '# Clash\n',
      'a.md': '---\npermalink: /about/\n---\n# A\n',
      'about.md': '# About\n',
      'b.md': '---\nredirect_from: /a-old\naliases: [/about]\n---\n# B\n',
      'c.md': '---\npermalink: /:year/:title/\n---\n# C\n',
      'd.md': '---\npermalink: /../outside\n---\n# D\n',
      'e.md': '---\nredirect_from: /a-old\n---\n# E\n',
      'f.md': '---\npermalink: "/{{ page.fileSlug }}/"\n---\n# F\n',
    });
    expect(errors.map((error) => [error.kind, error.file, error.field])).toEqual([
      ['DuplicateRoute', 'pages/about.md', undefined],
      ['DuplicateRoute', 'pages/b.md', 'aliases'],
      ['InvalidPermalink', 'pages/c.md', 'permalink'],
      ['UnsafeRoute', 'pages/d.md', 'permalink'],
      ['DuplicateRoute', 'pages/e.md', 'redirect_from'],
      ['InvalidPermalink', 'pages/f.md', 'permalink'],
    ]);
  });
});
