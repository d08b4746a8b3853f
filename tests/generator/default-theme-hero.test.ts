/**
 * A home page written for VitePress, VuePress or Starlight keeps its content in its frontmatter (a hero and features):
 * the built-in theme's prose template shows it (themes/default/Hero.tsx), its links read as those tools read them and
 * checked as any link of the page; a page without a hero shows none.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { buildOnce } from '../support/full-build';
import { homeOf } from '../../themes/default/Hero';

const VITEPRESS_HOME = `---
layout: home

hero:
  name: Notes
  text: Short notes, fast
  tagline: Markdown to a site in minutes
  actions:
    - theme: brand
      text: Start here
      link: ./guide/start
    - theme: alt
      text: Source
      link: https://example.org/source
  image:
    src: /logo.svg
    alt: The logo

features:
  - icon: <span class="memo"></span>
    title: Focus on writing
    details: Plain markdown files.
  - title: Fast
    details: Built in a second.
    link: /guide/start
  - 42
---
`;

let root: string;
let home: string;
let result: Awaited<ReturnType<Site['update']>>;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-hero-'));
  await mkdir(path.join(root, 'pages/guide'), { recursive: true });
  await mkdir(path.join(root, 'pages/public'));
  await writeFile(path.join(root, 'pages/site.yml'), 'name: Notes\nbaseUrl: https://notes.example.org\n');
  await writeFile(path.join(root, 'pages/public/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  await writeFile(path.join(root, 'pages/index.md'), VITEPRESS_HOME);
  await writeFile(path.join(root, 'pages/guide/start.md'), '---\nfeatures: [a, b]\n---\n# Start\n\nRead on.\n');
  result = await buildOnce({ root, outDir: path.join(root, 'dist') });
  home = await readFile(path.join(root, 'dist/index.html'), 'utf8');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a home page's hero and features, from its frontmatter", () => {
  it("shows VitePress's hero: its line, tagline, links read from the page's folder, and image", () => {
    expect(home).toContain('<p class="hero-text">Short notes, fast</p>');
    expect(home).toContain('<p class="hero-tagline">Markdown to a site in minutes</p>');
    expect(home).toContain('<a class="hero-action hero-action-first" href="/guide/start">Start here</a>');
    expect(home).toContain('<a class="hero-action" href="https://example.org/source">Source</a>');
    expect(home).toContain('<img class="hero-image" src="/logo.svg" alt="The logo"/>');
    expect(result.warnings.filter((warning) => warning.kind === 'BrokenLinkAllowed')).toEqual([]);
  });

  it('lists its features, linked where they give a link, leaving out what is not text (an icon as HTML)', () => {
    expect(home).toContain(
      '<ul class="features"><li class="feature"><h2 class="feature-title">Focus on writing</h2><p>Plain markdown files.</p></li><li class="feature"><h2 class="feature-title"><a href="/guide/start">Fast</a></h2><p>Built in a second.</p></li></ul>',
    );
    expect(home).not.toContain('memo');
  });

  it('shows none on a page without a hero, whatever else its frontmatter holds', async () => {
    const page = await readFile(path.join(root, 'dist/guide/start.html'), 'utf8');
    expect(page).not.toMatch(/class="(?:hero|features)/);
  });

  it("reads VuePress's and Starlight's forms, and each link as the page's URL resolves it", () => {
    expect(
      homeOf(
        { home: true, heroText: 'Docs', tagline: 'T', heroImage: '/hero.png', actions: [{ text: 'Go', link: '/go' }] },
        '/',
        'README.md',
      ),
    ).toEqual({
      text: 'Docs',
      tagline: 'T',
      image: { src: '/hero.png', alt: '' },
      actions: [{ text: 'Go', href: '/go' }],
      features: [],
    });
    expect(
      homeOf(
        {
          hero: {
            title: 'S',
            tagline: 'Fast',
            image: { file: '../assets/a.svg' },
            actions: [{ text: 'Start', link: 'start' }],
          },
        },
        '/guide',
        'guide/index.md',
      ),
    ).toEqual({
      tagline: 'Fast',
      image: { src: '/assets/a.svg', alt: '' },
      actions: [{ text: 'Start', href: '/guide/start' }],
      features: [],
    });
    // A page that is not its folder's is read from its parent, as its URL is.
    expect(homeOf({ hero: { actions: [{ text: 'B', link: './b' }] } }, '/guide/a', 'guide/a.md')?.actions).toEqual([
      { text: 'B', href: '/guide/b' },
    ]);
    // Text these tools show as HTML is shown as its words (Starlight's 404 tagline).
    expect(
      homeOf(
        { hero: { tagline: '<strong>Houston, we have a problem.</strong> Not found.<br>Try search.' } },
        '/404',
        '404.md',
      )?.tagline,
    ).toBe('Houston, we have a problem. Not found. Try search.');
    // Features alone, without a hero, home: true or layout: home, are some other tool's data.
    expect(homeOf({ features: [{ title: 'x' }] }, '/', 'index.md')).toBeUndefined();
    expect(homeOf({ layout: 'home', features: [{ title: 'x' }] }, '/', 'index.md')?.features).toEqual([{ title: 'x' }]);
    expect(homeOf({ hero: 'not a hero' }, '/', 'index.md')).toBeUndefined();
  });
});
