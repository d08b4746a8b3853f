/** Collections: dates, tag slugs, queries, and the plan's pages, errors and keys (generator/collections/). */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateProblem, rfc3339 } from '../../generator/pages/dates';
import { planSite } from '../../generator/collections/plan';
import { select, sourceOf } from '../../generator/collections/query';
import { tagSlug } from '../../generator/collections/tags';
import { paragraphSummary } from '../../generator/collections/summary';
import { md } from '../support/markdown';
import { siteErrorsOf } from '../../generator/base/errors';
import type { TemplateDefinition, Theme } from '../../generator/pages/theme-types';
import { absoluteHtml, blogTheme, NOW, page, posts, site, theme } from '../support/plan-fixtures';

const errorsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return siteErrorsOf(error);
  }
  throw new Error('expected errors');
};

describe('dates', () => {
  it('takes real dates, with or without a time, and refuses the rest saying why', () => {
    for (const ok of [
      '2025-03-01',
      '2024-02-29',
      '2025-03-01T10:20:30Z',
      '2025-03-01T10:20:30.5+01:00',
      '2025-03-01 10:20',
    ])
      expect(dateProblem(ok), ok).toBeUndefined();
    expect(dateProblem('2025-02-29')).toMatch(/no day 29 in that month \(it has 28\)/);
    expect(dateProblem('2025-13-01')).toMatch(/no month 13/);
    expect(dateProblem('2025-04-31')).toMatch(/no day 31/);
    expect(dateProblem('1 March 2025')).toMatch(/YYYY-MM-DD/);
    expect(dateProblem('2025-03-01T25:00:00Z')).toMatch(/time of day/);
    expect(rfc3339('2025-03-01')).toBe('2025-03-01T00:00:00Z');
    expect(rfc3339('2025-03-01 10:20')).toBe('2025-03-01T10:20:00Z');
    expect(rfc3339('2025-03-01T10:20:30+01:00')).toBe('2025-03-01T10:20:30+01:00');
  });

  it('refuses every part out of its range, the offset included (issue 40)', () => {
    for (const bad of [
      '2025-03-09T10:00:00+99:99',
      '2025-03-09T10:00:00+24:00',
      '2025-03-09T10:00:00-23:60',
      '2025-03-09 10:00:00 +2400',
      '2025-13-09',
      '2025-03-32',
      '2025-03-09T25:00:00Z',
      '2025-03-09T10:60:00Z',
      '2025-03-09T10:00:60Z',
      '2025-02-30',
      '2024-02-30T10:00:00Z',
      '2025-03-09T10:00:00+1',
    ])
      expect(dateProblem(bad), bad).toBeDefined();
    expect(dateProblem('2025-03-09T10:00:00+99:99')).toMatch(/offset \+99:99/);
    expect(() => rfc3339('2025-03-09T10:00:00+24:00')).toThrow();
  });

  it("reads Jekyll's documented form, 2018-01-02 11:21:40 +0100, at its real instant (issue 42)", () => {
    const cases: [string, string][] = [
      ['2018-01-02 11:21:40 +0100', '2018-01-02T11:21:40+01:00'],
      ['2018-01-02 11:21:40 -0530', '2018-01-02T11:21:40-05:30'],
      ['2018-01-02 11:21 +0100', '2018-01-02T11:21:00+01:00'],
      ['2018-01-02 11:21:40', '2018-01-02T11:21:40Z'],
      ['2018-01-02 11:21:40 +01:00', '2018-01-02T11:21:40+01:00'],
      ['2018-01-02t11:21:40z', '2018-01-02T11:21:40Z'],
      ['2018-01-02T11:21:40.25-00:00', '2018-01-02T11:21:40.25-00:00'],
    ];
    for (const [written, feed] of cases) {
      expect(dateProblem(written), written).toBeUndefined();
      expect(rfc3339(written), written).toBe(feed);
      expect(Number.isNaN(Date.parse(feed)), feed).toBe(false);
    }
    expect(new Date(rfc3339('2018-01-02 11:21:40 +0100')).toISOString()).toBe('2018-01-02T10:21:40.000Z');
    // A later offset is an earlier instant: collections sort by the instant, not the text.
    const early = sourceOf(page('/blog/a', { date: '2018-01-02 11:00:00 +0300' }));
    const late = sourceOf(page('/blog/b', { date: '2018-01-02 10:00:00 +0100' }));
    expect(early.time! < late.time!).toBe(true);
  });
});

describe('summaries', () => {
  it('are the first paragraph as written, cut, never rewritten: code and prose that look like attributes stay (issue 40)', () => {
    const { html } = md(
      'Put `<main id="content">` first and set aria-labelledby="title" on it[^1]; see [setup](#setup), <a href="#y" id="z" title="a > b">here</a>.\n\nSecond.\n\n[^1]: The note.\n',
    );
    expect(paragraphSummary(html, '/blog/post')).toBe(
      '<p>Put <code>&lt;main id="content"></code> first and set aria-labelledby="title" on it; see <a href="/blog/post#setup">setup</a>, <a href="/blog/post#y" title="a > b">here</a>.</p>',
    );
    expect(paragraphSummary(md('```\n<p id="x">\n```\n\nText with id="kept".\n').html, '/a')).toBe(
      '<p>Text with id="kept".</p>',
    );
    expect(paragraphSummary(md('# Only a heading\n').html, '/a')).toBe('');
    // An anchor that was only a target is text on a list: no link-coloured words that lead nowhere.
    expect(
      paragraphSummary(md('A claim and <a id="anchor">an anchor</a>, <a name="old"></a>then more.\n').html, '/a'),
    ).toBe('<p>A claim and an anchor, then more.</p>');
  });
});

describe("the theme's functions", () => {
  const boom = () => {
    throw new TypeError('boom');
  };
  const pages = [
    page('/blog', { title: 'Blog' }, 'list'),
    page('/blog/a', { date: '2025-01-01', tags: ['One'] }),
    page('/blog/b', { date: '2025-01-02', tags: ['One'] }),
    page('/blog/c', { date: '2025-01-03', tags: ['One'] }),
  ];
  const failure = (templates: Record<string, Partial<TemplateDefinition>>, extra: Partial<Theme> = {}) =>
    errorsOf(() => planSite(pages, { site, theme: { ...theme(templates), ...extra }, now: NOW, absoluteHtml })).map(
      (e) => [e.kind, e.message, e.file],
    );

  it('a filter, paginate.title or breadcrumbs that throws is named, with its template and page, not InternalError (issue 40)', () => {
    expect(failure({ list: { collections: { posts: { folder: 'blog', filter: boom } } } })).toEqual([
      [
        'ThemeFunctionFailed',
        'The theme\'s collections.posts.filter (template "list") threw: TypeError: boom',
        undefined,
      ],
    ]);
    expect(
      failure({ list: { collections: { posts }, paginate: { collection: 'posts', size: 2, title: boom } } }),
    ).toEqual([
      [
        'ThemeFunctionFailed',
        'The theme\'s paginate.title (template "list") threw for /blog/page/2: TypeError: boom',
        'pages/blog.md',
      ],
    ]);
    expect(
      failure({ list: { collections: { posts }, paginate: { collection: 'posts', size: 2, tags: true } } }, {
        breadcrumbs: boom,
      } as Partial<Theme>),
    ).toEqual([
      ['ThemeFunctionFailed', "The theme's breadcrumbs threw for /blog/page/2: TypeError: boom", 'pages/blog.md'],
    ]);
  });
});

describe('tag slugs', () => {
  it('are safe route segments, whatever the tag', () => {
    expect(tagSlug('Cloud Security')).toBe('cloud-security');
    expect(tagSlug('  Zero-Day!! ')).toBe('zero-day');
    expect(tagSlug('Sécurité')).toBe('securite');
    expect(tagSlug('../../etc')).toBe('etc');
    expect(tagSlug('安全')).toMatch(/^tag-[0-9a-f]{8}$/);
    expect(tagSlug('安全')).not.toBe(tagSlug('网络'));
    for (const tag of ['a/b', '%2e%2e', 'C++', '🙂', 'x'.repeat(300)])
      expect(tagSlug(tag)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("keep a language's + and # as words, so C, C++ and C# are three tags (a blog brought from Jekyll had all three)", () => {
    expect(['C', 'C++', 'C#', 'F#', 'Notepad++', 'Google+'].map(tagSlug)).toEqual([
      'c',
      'c-plus-plus',
      'c-sharp',
      'f-sharp',
      'notepad-plus-plus',
      'google-plus',
    ]);
    // Elsewhere they are punctuation: a hashtag, a sign before a number, a sum written with spaces.
    expect(['#security', '+1', 'a + b', 'C ++'].map(tagSlug)).toEqual(['security', '1', 'a-b', 'c']);
  });
});

describe('queries', () => {
  const sources = [
    page('/blog/b', { title: 'Beta', date: '2025-01-02', tags: ['Cloud'] }),
    page('/blog/a', { title: 'alpha', date: '2025-01-03', tags: ['cloud', 'Identity'], rank: 2 }),
    page('/blog/c', { title: 'Gamma', rank: 1 }),
    page('/blog', { title: 'Blog' }, 'list'),
    page('/news/d', { title: 'Delta', date: '2025-05-01' }, 'news'),
  ].map((page) => sourceOf(page));
  const routes = (query: Parameters<typeof select>[1]) => select(sources, query).map((s) => s.page.route);

  it('select by folder (not its index), template, tag (by slug) and filter, in their order', () => {
    expect(routes({ folder: 'blog' })).toEqual(['/blog/a', '/blog/b', '/blog/c']);
    expect(routes({ folder: '/blog/', sort: 'date' })).toEqual(['/blog/a', '/blog/b', '/blog/c']);
    expect(routes({ folder: 'blog', sort: 'date', order: 'asc' })).toEqual(['/blog/b', '/blog/a', '/blog/c']);
    expect(routes({ template: 'news' })).toEqual(['/news/d']);
    expect(routes({ tag: 'CLOUD' })).toEqual(['/blog/a', '/blog/b']);
    expect(routes({ folder: 'blog', sort: 'title' })).toEqual(['/blog/a', '/blog/b', '/blog/c']);
    expect(routes({ folder: 'blog', sort: 'data.rank' })).toEqual(['/blog/c', '/blog/a', '/blog/b']);
    expect(routes({ filter: (entry) => entry.title.startsWith('G') })).toEqual(['/blog/c']);
    expect(routes({ folder: 'blog', sort: 'date', limit: 1 })).toEqual(['/blog/a']);
  });
});

describe('the plan', () => {
  const five = [1, 2, 3, 4, 5].map((n) =>
    page(`/blog/p${n}`, {
      title: `Post ${n}`,
      date: `2025-01-0${n}`,
      tags: n % 2 ? ['Odd', 'Cloud security'] : ['Even'],
    }),
  );
  const list = page('/blog', { title: 'Blog' }, 'list');

  it('spreads a collection over pages, with a page per tag, links between them and neighbours', () => {
    const plan = planSite([list, ...five], { site, theme: blogTheme, now: NOW, absoluteHtml });
    expect([...plan.pages.keys()].sort()).toEqual(
      [
        '/blog',
        '/blog/page/2',
        '/blog/page/3',
        '/blog/tags/cloud-security',
        '/blog/tags/cloud-security/page/2',
        '/blog/tags/even',
        '/blog/tags/odd',
        '/blog/tags/odd/page/2',
        ...five.map((p) => p.route),
      ].sort(),
    );
    const second = plan.pages.get('/blog/page/2')!;
    expect(second.props!.pagination).toMatchObject({
      page: 2,
      pages: 3,
      total: 5,
      previous: '/blog',
      next: '/blog/page/3',
      first: '/blog',
      last: '/blog/page/3',
    });
    expect(second.props!.pagination!.entries.map((e) => e.route)).toEqual(['/blog/p3', '/blog/p2']);
    expect(second.page).toMatchObject({ title: 'Blog, page 2', url: 'https://notes.example/blog/page/2', html: '' });
    expect(plan.pages.get('/blog/tags/odd/page/2')!.page.title).toBe('Blog: Odd, page 2');
    expect(plan.pages.get('/blog/tags/even')!.props!.pagination!.tag).toEqual({
      name: 'Even',
      slug: 'even',
      route: '/blog/tags/even',
    });
    const middle = plan.pages.get('/blog/p3')!.props!;
    expect(middle.neighbours!.previous!.route).toBe('/blog/p4');
    expect(middle.neighbours!.next!.route).toBe('/blog/p2');
    expect(middle.entry!.tags).toEqual([
      { name: 'Odd', slug: 'odd', route: '/blog/tags/odd' },
      { name: 'Cloud security', slug: 'cloud-security', route: '/blog/tags/cloud-security' },
    ]);
    expect(middle.collections).toEqual({});
    expect(plan.pages.get('/blog')!.props!.feeds).toEqual([
      { href: '/blog/feed.xml', type: 'application/atom+xml', title: 'Blog | Notes' },
    ]);
    expect([...plan.feeds.keys()]).toEqual(['blog/feed.xml']);
  });

  it('makes the first page of an empty collection, and an empty feed dated by the build', () => {
    const plan = planSite([list], { site, theme: blogTheme, now: NOW, absoluteHtml });
    expect([...plan.pages.keys()]).toEqual(['/blog']);
    expect(plan.pages.get('/blog')!.props!.pagination).toMatchObject({ entries: [], page: 1, pages: 1, total: 0 });
    expect(plan.feeds.get('blog/feed.xml')).toContain('<updated>2026-01-01T00:00:00Z</updated>');
  });

  it('keys change exactly when what a page shows changes', () => {
    const before = planSite([list, ...five], { site, theme: blogTheme, now: NOW, absoluteHtml });
    const retitled = five.map((p) => (p.route === '/blog/p1' ? { ...p, title: 'Post one' } : p));
    const after = planSite([list, ...retitled], { site, theme: blogTheme, now: NOW, absoluteHtml });
    const changed = [...after.pages]
      .filter(([route, planned]) => before.pages.get(route)!.key !== planned.key)
      .map(([route]) => route)
      .sort();
    // p1 is the oldest: the last list page, its tags' last pages, its neighbour p2 and its own entry show it.
    expect(changed).toEqual([
      '/blog/p1',
      '/blog/p2',
      '/blog/page/3',
      '/blog/tags/cloud-security/page/2',
      '/blog/tags/odd/page/2',
    ]);
  });

  it('leaves drafts out of feeds, and undated entries are an error naming the page', () => {
    const draft = page('/blog/p9', { title: 'Draft', date: '2025-02-01', draft: true });
    expect(
      planSite([list, ...five, draft], { site, theme: blogTheme, now: NOW, absoluteHtml }).feeds.get('blog/feed.xml'),
    ).not.toContain('Draft');
    const [error, ...rest] = errorsOf(() =>
      planSite([list, page('/blog/undated', { title: 'Undated' })], { site, theme: blogTheme, now: NOW, absoluteHtml }),
    );
    expect(rest).toEqual([]);
    expect(error).toMatchObject({ kind: 'FeedEntryWithoutDate', file: 'pages/blog/undated.md', field: 'date' });
    expect(error!.message).toContain('/blog/feed.xml');
  });

  it('two tags with one slug are an error naming both pages', () => {
    const pages = [
      list,
      page('/blog/x', { date: '2025-01-01', tags: ['Cloud Security'] }),
      page('/blog/y', { date: '2025-01-02', tags: ['cloud-security'] }),
    ];
    const errors = errorsOf(() => planSite(pages, { site, theme: blogTheme, now: NOW, absoluteHtml }));
    expect(errors.map((e) => e.kind)).toEqual(['TagSlugCollision']);
    expect(errors[0]!.message).toContain('pages/blog/x.md');
    expect(errors[0]!.message).toContain('pages/blog/y.md');
    expect(errors[0]!.message).toContain('/blog/tags/cloud-security');
  });

  it("a made page that takes a page's route is a duplicate route", () => {
    const errors = errorsOf(() =>
      planSite([list, ...five, page('/blog/page/2', { title: 'Oops', date: '2025-01-09' })], {
        site,
        theme: blogTheme,
        now: NOW,
        absoluteHtml,
      }),
    );
    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      ['DuplicateRoute', 'pages/blog/page/2.md and pages/blog.md both claim the route /blog/page/2'],
    ]);
  });

  it('refuses a template that names a collection it does not declare, or a size that is not a whole number', () => {
    const bad = theme({
      list: { collections: { posts }, paginate: { collection: 'post', size: 0 }, neighbours: 'nope' },
    });
    const errors = errorsOf(() => planSite([list], { site, theme: bad, now: NOW, absoluteHtml }));
    expect(errors.map((e) => e.field)).toEqual(['paginate.collection', 'paginate.size', 'neighbours']);
    expect(errors[0]!.message).toBe(
      'The template "list" declares paginate.collection, which names "post", not one of its collections (posts)',
    );
  });

  it('a collection that names a schema lists only pages whose template has that very schema', () => {
    const postSchema = z.object({});
    const typed = theme({
      post: { schema: postSchema },
      note: {},
      list: {
        collections: { posts: { folder: 'blog', schema: postSchema } },
        paginate: { collection: 'posts', size: 2 },
      },
    });
    const ctx = { site, theme: typed, now: NOW, absoluteHtml };
    expect(planSite([list, ...five], ctx).pages.size).toBe(8);
    const note = page('/blog/note', { title: 'Note', template: 'note' }, 'note');
    const errors = errorsOf(() => planSite([list, ...five, note], ctx));
    expect(errors.map((e) => [e.kind, e.file, e.field, e.message, e.hint])).toEqual([
      [
        'InvalidCollectionUse',
        'pages/blog/note.md',
        'template',
        'The template "list" declares collections.posts.schema, which is not the schema of pages/blog/note.md\'s template "note": give the page template: post, or narrow the collection (folder, template)',
        "A collection that names a schema lists pages of that schema's templates only: write template: post in the frontmatter of each page it lists.",
      ],
    ]);
    // A page brought from another tool names no template: the message says it has the default.
    const brought = page('/blog/brought', { title: 'Brought' }, 'prose');
    const theirs = theme({ ...typed.templates, prose: {} });
    const [error] = errorsOf(() => planSite([list, ...five, brought], { ...ctx, theme: theirs }));
    expect(error!.message).toContain('template "prose" (it names none, so the default): give the page template: post');
  });

  it('is the same whatever order the pages come in', () => {
    const one = planSite([list, ...five], { site, theme: blogTheme, now: NOW, absoluteHtml });
    const other = planSite([...five].reverse().concat(list), { site, theme: blogTheme, now: NOW, absoluteHtml });
    expect([...other.pages].map(([route, p]) => [route, p.key])).toEqual(
      [...one.pages].map(([route, p]) => [route, p.key]),
    );
    expect(other.feeds).toEqual(one.feeds);
  });
});
