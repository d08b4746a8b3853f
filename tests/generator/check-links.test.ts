import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../generator/check-links';
import type { RenderedPage } from '../../generator/render-pages';
import type { PageInfo } from '../../generator/types';

const rendered = (route: string, html: string): RenderedPage => ({ page: { route, file: `pages${route === '/' ? '/index' : route}.md` } as PageInfo, outFile: '', html, islands: [] });

describe('checkLinks', () => {
  const pages = [
    rendered('/', '<a href="/about">a</a><a href="/about#team">t</a><a href="#top">top</a><div id="top"></div><img src="/logo.svg"><a href="https://x.example">x</a><a href="#">placeholder</a><a href="mailto:a@b.c">m</a>'),
    rendered('/about', '<h2 id="team">Team</h2><a href="/press">press</a>'),
  ];

  it('accepts pages, files, anchors, external and placeholder links', () => {
    const result = checkLinks(pages, new Set(['logo.svg']), ['/press']);
    expect(result.errors).toEqual([]);
    expect([...result.planned.get('/press')!]).toEqual(['pages/about.md']);
  });

  it('reports a missing page, a missing anchor and a missing file, naming the page they are on', () => {
    const broken = [rendered('/', '<a href="/nope">x</a><a href="/about#nobody">y</a><img src="/missing.png"><a href="#gone">z</a>'), pages[1]!];
    const { errors } = checkLinks(broken, new Set(), ['/press']);
    expect(errors.map((e) => [e.kind, e.file, e.field])).toEqual([
      ['BrokenLink', 'pages/index.md', '/nope'],
      ['BrokenLink', 'pages/index.md', '/about#nobody'],
      ['BrokenLink', 'pages/index.md', '/missing.png'],
      ['BrokenLink', 'pages/index.md', '#gone'],
    ]);
  });
});
