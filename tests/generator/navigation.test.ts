/**
 * The navigation the plan gives a template that asks for it (collections/nav-tree.ts, collections/navigation.ts):
 * the order keys other tools write, labels, sections and their generated pages, breadcrumbs, previous/next in
 * reading order, the current branch opened and nothing else, long lists windowed, the plan's key, and mdBook's
 * SUMMARY.md.
 */
import { describe, expect, it } from 'vitest';
import { planSite } from '../../generator/collections/plan';
import { LIST_LIMIT } from '../../generator/collections/navigation';
import { htmlWithAbsoluteUrls } from '../../generator/render/base-path';
import { summaryToc } from '../../generator/markdown/summary-toc';
import { siteErrorsOf } from '../../generator/base/errors';
import type { Theme } from '../../generator/pages/theme-types';
import type { PageInfo } from '../../generator/pages/page';
import type { SiteConfig } from '../../generator/config/config';
import type { NavItem, Navigation } from '../../generator/pages/navigation-types';
import { theme } from '../support/plan-fixtures';

const site = { name: 'Docs', baseUrl: 'https://docs.example', locale: 'en_US' } as unknown as SiteConfig;
const absoluteHtml = (html: string, pageUrl: string) => htmlWithAbsoluteUrls(html, site.baseUrl, pageUrl);

/** A page of `file` (inside the pages folder) at the route routes.ts gives it. */
function page(file: string, data: Record<string, unknown> = {}, template = 'doc'): PageInfo {
  const route =
    '/' +
    file
      .replace(/\.md$/, '')
      .replace(/(^|\/)(index|README)$/, '')
      .toLowerCase();
  const fixed = route === '/' ? '/' : route.replace(/\/$/, '');
  const title = (data.title as string | undefined) ?? file;
  return {
    file: `pages/${file}`,
    route: fixed,
    url: `https://docs.example${fixed}`,
    title,
    description: title,
    template,
    data,
    html: '',
    headings: [],
    breadcrumbs: [],
    isNotFound: false,
  };
}

const docs = theme({ doc: { navigation: true }, section: { navigation: true }, plain: {} });
const plan = (pages: PageInfo[], t: Theme = docs) =>
  planSite(pages, { site, theme: t, now: new Date(0), absoluteHtml });
const navOf = (pages: PageInfo[], route: string, t?: Theme): Navigation =>
  plan(pages, t).pages.get(route)!.props!.navigation!;
const titles = (items: NavItem[]) => items.map((item) => item.title);

describe('the order of a section', () => {
  for (const key of ['order', 'sidebar_position', 'weight', 'nav_order', 'sidebar.order']) {
    it(`reads ${key}: entries with one first, by number, then the rest by file name`, () => {
      const value = (n: number) => (key === 'sidebar.order' ? { sidebar: { order: n } } : { [key]: n });
      const pages = [
        page('index.md', { title: 'Home' }),
        page('alpha.md', { title: 'Alpha' }),
        page('zulu.md', { title: 'Zulu', ...value(2) }),
        page('mike.md', { title: 'Mike', ...value(-1) }),
        page('bravo.md', { title: 'Bravo' }),
      ];
      expect(titles(navOf(pages, '/').items)).toEqual(['Mike', 'Zulu', 'Alpha', 'Bravo']);
    });
  }

  it('takes a number written as text, and ignores a value that is no number', () => {
    const pages = [
      page('a.md', { title: 'A', weight: 'heavy' }),
      page('b.md', { title: 'B', weight: '3' }),
      page('c.md', { title: 'C', weight: 1 }),
    ];
    expect(titles(navOf(pages, '/a').items)).toEqual(['C', 'B', 'A']);
  });

  it('orders file names naturally (2 before 10) whatever their case, not by title', () => {
    const pages = [
      page('10-deploy.md', { title: 'Deploy' }),
      page('2-Setup.md', { title: 'Setup' }),
      page('1-intro.md', { title: 'Zebra intro' }),
      page('guide/index.md', { title: 'Guide', order: 5 }),
      page('guide/b.md', { title: 'B' }),
    ];
    expect(titles(navOf(pages, '/10-deploy').items)).toEqual(['Guide', 'Zebra intro', 'Setup', 'Deploy']);
  });

  it('shows a label key in place of the title: sidebar_label, linkTitle, nav_title, sidebar.label', () => {
    const pages = [
      page('a.md', { title: 'A long title', sidebar_label: 'A' }),
      page('b.md', { title: 'B long', linkTitle: 'B' }),
      page('c.md', { title: 'C long', nav_title: 'C' }),
      page('d.md', { title: 'D long', sidebar: { label: 'D' } }),
    ];
    expect(titles(navOf(pages, '/a').items)).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('sections', () => {
  const pages = [
    page('index.md', { title: 'Home' }),
    page('guide/README.md', { title: 'Guide' }),
    page('guide/install.md', { title: 'Install' }),
    page('guide/deep/more.md', { title: 'More' }),
    page('api.md', { title: 'API' }),
    page('api/calls.md', { title: 'Calls' }),
  ];

  it("take a folder's page as their link, or a page beside the folder at its route", () => {
    const nav = navOf(pages, '/guide/install');
    expect(nav.items).toEqual([
      { title: 'API', route: '/api', section: true },
      {
        title: 'Guide',
        route: '/guide',
        section: true,
        open: true,
        items: [
          { title: 'Deep', route: '/guide/deep', section: true },
          { title: 'Install', route: '/guide/install', current: true },
        ],
      },
    ]);
  });

  it('without a page of their own get one the engine makes (template section), listing every entry', () => {
    const planned = plan(pages).pages.get('/guide/deep')!;
    expect(planned.page).toMatchObject({ template: 'section', title: 'Deep', file: 'pages/guide/deep', html: '' });
    expect(planned.props!.navigation!.children).toEqual([{ title: 'More', route: '/guide/deep/more' }]);
    expect(planned.page.breadcrumbs.map((crumb) => crumb.route)).toEqual(['/', '/guide', '/guide/deep']);
  });

  it('without a page of their own are labels when the theme has no section template', () => {
    const nav = navOf(pages, '/guide/deep/more', theme({ doc: { navigation: true } }));
    expect(nav.items[1]!.items![0]).toMatchObject({ title: 'Deep', open: true });
    expect(nav.items[1]!.items![0]!.route).toBeUndefined();
    expect(nav.breadcrumbs.map((crumb) => crumb.route)).toEqual(['/', '/guide', '/guide/deep/more']);
  });

  it('made by the engine collide with a route the pagination makes: DuplicateRoute', () => {
    const t = theme({
      doc: { navigation: true },
      section: { navigation: true },
      list: { collections: { all: { folder: 'blog' } }, paginate: { collection: 'all', size: 1 } },
    });
    const listed = [page('blog.md', {}, 'list'), page('blog/a.md'), page('blog/b.md'), page('blog/page/2/x.md')];
    let thrown: unknown;
    try {
      plan(listed, t);
    } catch (error) {
      thrown = error;
    }
    expect(siteErrorsOf(thrown).map((error) => [error.kind, error.file])).toContainEqual([
      'DuplicateRoute',
      'pages/blog.md',
    ]);
  });
});

describe('what a page is given', () => {
  const pages = [
    page('index.md', { title: 'Home' }),
    page('a/index.md', { title: 'A' }),
    page('a/one.md', { title: 'One' }),
    page('a/two.md', { title: 'Two', breadcrumb: 'Second' }),
    page('b/index.md', { title: 'B' }),
    page('b/three.md', { title: 'Three' }),
    page('c.md', { title: 'C' }),
  ];

  it('opens the current branch only: no entries of a section off it', () => {
    const nav = navOf(pages, '/a/two');
    expect(nav.items.map((item) => [item.title, item.items?.length])).toEqual([
      ['A', 2],
      ['B', undefined],
      ['C', undefined],
    ]);
    expect(nav.items[0]!.items![1]).toEqual({ title: 'Two', route: '/a/two', current: true });
  });

  it('has breadcrumbs: home, the sections, the page (by its breadcrumb key)', () => {
    expect(navOf(pages, '/a/two').breadcrumbs).toEqual([
      { name: 'Home', route: '/' },
      { name: 'A', route: '/a' },
      { name: 'Second', route: '/a/two' },
    ]);
    expect(navOf(pages, '/').breadcrumbs).toEqual([{ name: 'Home', route: '/' }]);
    // The page's own breadcrumbs (its JSON-LD's) are the navigation's.
    expect(plan(pages).pages.get('/a/two')!.page.breadcrumbs).toEqual(navOf(pages, '/a/two').breadcrumbs);
  });

  it('has previous and next in reading order: depth first, a section before its entries', () => {
    const order = ['/', '/a', '/a/one', '/a/two', '/b', '/b/three', '/c'];
    order.forEach((route, i) => {
      const nav = navOf(pages, route);
      expect(nav.previous?.route, route).toBe(order[i - 1]);
      expect(nav.next?.route, route).toBe(order[i + 1]);
    });
  });

  it('is nothing for a template that does not ask, and the 404 page is in no navigation', () => {
    const notFound = { ...page('404.md', { title: 'Not found' }), isNotFound: true };
    const planned = plan([...pages, page('plain.md', {}, 'plain'), notFound]);
    expect(planned.pages.get('/plain')!.props).toBeUndefined();
    expect(titles(planned.pages.get('/c')!.props!.navigation!.items)).not.toContain('Not found');
  });

  it('is in the key: a title shown changes the keys of the pages that show it, and only theirs', () => {
    const before = plan(pages);
    const retitled = pages.map((p) => (p.route === '/b/three' ? { ...p, title: 'Drei' } : p));
    const after = plan(retitled);
    const changed = [...after.pages.keys()].filter(
      (route) => after.pages.get(route)!.key !== before.pages.get(route)!.key,
    );
    // Three is shown open only in its own section; /b and /b/three show it, /c (next of three) and /b (its previous).
    expect(changed.sort()).toEqual(['/b', '/b/three', '/c']);
  });
});

describe('a section of many pages', () => {
  const many = (n: number) => [
    page('index.md', { title: 'Home' }),
    ...Array.from({ length: n }, (_, i) => page(`big/p${i}.md`, { title: `Page ${i}` })),
  ];

  it('is given as a window around the current page, with what is left out counted', () => {
    const nav = navOf(many(1000), '/big/p500');
    const big = nav.items[0]!;
    expect(big.items).toHaveLength(LIST_LIMIT);
    expect(big.items!.some((item) => item.current)).toBe(true);
    expect(big.omitted!.before + big.omitted!.after + LIST_LIMIT).toBe(1000);
    expect(big.omitted!.before).toBeGreaterThan(0);
    expect(big.omitted!.after).toBeGreaterThan(0);
  });

  it('gives a page as much at 5,000 pages as at 500', () => {
    const size = (n: number) => JSON.stringify(navOf(many(n), `/big/p${Math.floor(n / 2)}`)).length;
    expect(size(5000)).toBeLessThan(size(500) * 1.1);
  });
});

describe("mdBook's SUMMARY.md", () => {
  const SUMMARY = `[Introduction](README.md)
[Foreword](foreword.md)

# Getting going

- [Install](ch01/install.md)
    - [On Linux](ch01/linux.md)
    - [Someday]()
- [Hello](ch02-hello.md)

---

# Reference

- [Keywords](appendix/keywords.md)
- [Elsewhere](../outside.md)
- [Hello again](ch02-hello.md)

[Contributors](misc/contributors.md)
`;

  it('is read from its syntax tree: links in order, nesting, part titles and draft chapters', () => {
    expect(summaryToc(SUMMARY)).toEqual([
      { title: 'Introduction', href: 'README.md' },
      { title: 'Foreword', href: 'foreword.md' },
      { title: 'Getting going', part: true },
      {
        title: 'Install',
        href: 'ch01/install.md',
        items: [{ title: 'On Linux', href: 'ch01/linux.md' }, { title: 'Someday' }],
      },
      { title: 'Hello', href: 'ch02-hello.md' },
      { title: 'Reference', part: true },
      { title: 'Keywords', href: 'appendix/keywords.md' },
      { title: 'Elsewhere', href: '../outside.md' },
      { title: 'Hello again', href: 'ch02-hello.md' },
      { title: 'Contributors', href: 'misc/contributors.md' },
    ]);
  });

  const book = [
    page('index.md', { title: 'Shelf' }),
    page('outside.md', { title: 'Outside' }),
    page('book/README.md', { title: 'The book' }),
    { ...page('book/SUMMARY.md', { title: 'Summary' }), toc: summaryToc(SUMMARY) },
    page('book/foreword.md', { title: 'Foreword page', order: 99 }),
    page('book/ch01/install.md', { title: 'Installing it' }),
    page('book/ch01/linux.md', { title: 'Linux' }),
    page('book/ch02-hello.md', { title: 'Hello page' }),
    page('book/appendix/keywords.md', { title: 'Keywords' }),
    page('book/misc/contributors.md', { title: 'Contributors' }),
    page('book/zz-unlisted.md', { title: 'Unlisted' }),
  ];

  /** The tree as lines: `  title -> route` (labels without a route), nested by two spaces. */
  const lines = (items: NavItem[], depth = 0): string[] =>
    items.flatMap((item) => [
      `${'  '.repeat(depth)}${item.title}${item.route ? ` -> ${item.route}` : ''}`,
      ...lines(item.items ?? [], depth + 1),
    ]);

  it('orders and nests the pages it lists, under its names, with what it leaves out after them', () => {
    const nav = navOf(book, '/book/ch01/linux');
    expect(lines(nav.items)).toEqual([
      'The book -> /book',
      '  Foreword -> /book/foreword',
      '  Getting going',
      '  Install -> /book/ch01/install',
      '    On Linux -> /book/ch01/linux',
      '    Someday',
      '  Hello -> /book/ch02-hello',
      '  Reference',
      '  Keywords -> /book/appendix/keywords',
      '  Elsewhere',
      '  Hello again',
      '  Contributors -> /book/misc/contributors',
      '  Unlisted -> /book/zz-unlisted',
      'Outside -> /outside',
    ]);
    expect(nav.breadcrumbs.map((crumb) => crumb.name)).toEqual(['Home', 'The book', 'Install', 'On Linux']);
  });

  it('sets the reading order, is built but in no list, and leaves no empty folder behind', () => {
    const order = ['/book', '/book/foreword', '/book/ch01/install', '/book/ch01/linux', '/book/ch02-hello'];
    order.slice(1).forEach((route, i) => expect(navOf(book, route).previous?.route).toBe(order[i]));
    const planned = plan(book);
    expect(planned.pages.has('/book/summary')).toBe(true);
    expect(planned.pages.get('/book/summary')!.props!.navigation!.previous).toBeUndefined();
    // ch01/, appendix/ and misc/ hold only listed pages: no section page is made of them.
    expect([...planned.pages.values()].filter((p) => p.page.template === 'section')).toEqual([]);
  });
});
