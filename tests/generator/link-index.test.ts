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

describe("the link index's readers", () => {
  it('name each page that read a key once, after checks of what changed too, a few pages or many', () => {
    const routes = Array.from({ length: 20 }, (_, n) => `/p${n}`);
    const pages = new Map([...routes, '/b', '/c'].map((route) => [`${route.slice(1)}.md`, page(route)]));
    const linksOf = (text: string) =>
      new Map([
        ...routes.map((route): [string, ReturnType<typeof rendered>] => [route, rendered(route, text)]),
        ['/b', rendered('/b', '<p>b</p>')],
        ['/c', rendered('/c', '<p>c</p>')],
      ]);
    const first = indexLinks({
      config,
      pages,
      links: linksOf('<a href="/b">b</a>'),
      hasFile: () => false,
      unchecked: new Set(),
    });
    expect(first.readers.get('r\u0000/b')).toEqual(routes);
    // Every page's links again (a set of the list looks them up), then one page's (looked for in the list).
    const many = linksOf('<a href="/b">b</a><a href="/c">c</a>');
    const second = indexLinks({ config, pages, links: many, hasFile: () => false, unchecked: new Set() }, first);
    expect(second.readers.get('r\u0000/b')).toEqual(routes);
    expect(second.readers.get('r\u0000/c')).toEqual(routes);
    const one = new Map(many).set('/p3', rendered('/p3', '<a href="/c">c</a><a href="/b">again</a>'));
    const third = indexLinks({ config, pages, links: one, hasFile: () => false, unchecked: new Set() }, second);
    expect(third.readers.get('r\u0000/b')).toEqual(routes);
    expect(third.readers.get('r\u0000/c')).toEqual(routes);
  });
});
