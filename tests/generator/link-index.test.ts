import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../generator/config/config';
import { indexLinks } from '../../generator/checks/link-index';
import { pageLinks } from '../../generator/render/html-links';

const config = { plannedRoutes: [] } as unknown as SiteConfig;
const page = (route: string) => ({ route, file: `pages${route}.md` });
const rendered = (route: string, html: string) => pageLinks(route, `pages${route}.md`, html);

describe('the link index', () => {
  it("keeps what each page's check read once, by what was read, not again with each page's verdict", () => {
    const links = new Map([
      ['/a', rendered('/a', '<a href="/b">b</a><a href="/gone">x</a>')],
      ['/b', rendered('/b', '<a href="/a">a</a><img src="/logo.svg">')],
    ]);
    const index = indexLinks({
      config,
      pages: new Map([
        ['a.md', page('/a')],
        ['b.md', page('/b')],
      ]),
      links,
      hasFile: (path) => path === 'logo.svg',
      unchecked: new Set(),
    });
    expect([...index.readers.get('r\u0000/b')!]).toEqual(['/a']);
    expect([...index.readers.get('f\u0000logo.svg')!]).toEqual(['/b']);
    expect(index.verdicts.get('/a')!.errors.map((error) => error.field)).toEqual(['/gone']);
    for (const verdict of index.verdicts.values()) expect(Object.keys(verdict).sort()).toEqual(['errors', 'planned']);
  });
});
