/**
 * The site's pages as an update renders them: each page with what its template
 * reads of the others (its CollectionProps), the pages pagination and tags
 * make, and the collections' feeds. A full build and a watch update both plan
 * from every page's current frontmatter and body, so they cannot disagree;
 * each planned page carries the `key` of what it was given beyond itself, and
 * a watch update re-renders a page when its key changed (site.ts).
 */
import { SiteError, throwIfAny } from '../base/errors';
import { callTheme } from '../base/theme-call';
import type { Theme } from '../pages/theme-types';
import type { PageInfo } from '../pages/page';
import { languageTag, type SiteConfig } from '../config/config';
import { urlOf } from '../pages/routes';
import { breadcrumbTrail } from '../pages/breadcrumbs';
import { atomFeed, jsonFeed, type FeedEntry } from './feed';
import { below, pageRoute, projector, select, sourceOf, tagRoute, type Source } from './query';
import { schemaProblems, usesOf } from './uses';
import { keyMaker, sameValue } from './plan-keys';
import { planNavigation, withNavigationCrumbs } from './navigation';
import type {
  CollectionProps,
  CollectionUse,
  Entry,
  FeedLink,
  Pagination,
  TagCount,
  TagLink,
} from '../pages/collection-types';

export interface PlannedPage {
  page: PageInfo;
  props?: CollectionProps;
  /** What the page was given of other pages, serialised: equal keys, equal props. Empty for a page that reads none. */
  key: string;
}

export interface Plan {
  /** Every page to render, by route: the site's own, then those pagination and tags make. */
  pages: Map<string, PlannedPage>;
  /** Feeds by output file. */
  feeds: Map<string, string>;
  /** The page each feed is made for, by output file: what a route that collides with a feed is told. */
  feedPages: Map<string, string>;
}

export interface PlanContext {
  site: SiteConfig;
  theme: Theme;
  /** The date of a feed with no entries. */
  now: Date;
  /** What an earlier plan of this site made of pages that have not changed since (planMemo); none for a full build. */
  memo?: PlanMemo;
  /**
   * A page's HTML as a feed carries it, read away from the site: its URLs absolute under the base URL (the base-path
   * helper's URL form, render/base-path.ts, which this layer cannot import).
   */
  absoluteHtml: (html: string, pageUrl: string) => string;
}

const DEFAULT_FEED_LIMIT = 20;

/**
 * What one plan may hand the next: each page's source, its entries and the digests of the objects made of it, keyed
 * by the page object. A page an update reads again is a new object (so it is made anew), and nothing changes a page,
 * a source or an entry once made (entries are frozen: a template is given the same object in the next plan), so what
 * the memo holds is what would be made again from the same page: the plan is the one a full build makes.
 */
export interface PlanMemo {
  sources: WeakMap<PageInfo, Source>;
  entries: WeakMap<Source, Map<string, Entry>>;
  digests: WeakMap<object, string>;
  /**
   * The last plan's pages, and the lists it gave many pages (a whole collection, a list of tags) by what they list:
   * a page given props equal, value for value, to those it was given then keeps that plan's props and key (equal
   * values, equal JSON, equal key), so an edit digests only what it changed; a list equal to the last is the same
   * object, compared once for all the pages that show it.
   */
  last?: { pages: ReadonlyMap<string, PlannedPage>; lists: ReadonlyMap<string, readonly unknown[]> };
}

export const planMemo = (): PlanMemo => ({ sources: new WeakMap(), entries: new WeakMap(), digests: new WeakMap() });

/** Plans the site; throws every error found (SiteErrors). */
export function planSite(pages: Iterable<PageInfo>, ctx: PlanContext): Plan {
  const { site, theme } = ctx;
  const real = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  const errors: SiteError[] = [];
  const uses = usesOf(theme, errors);
  // The pages' tree, and the pages of sections without one (navigation.ts), which no collection lists.
  const navigation = planNavigation(real, uses, site, theme);
  const all = navigation ? [...real, ...navigation.sections] : real;
  const planned = new Map<string, PlannedPage>(all.map((page) => [page.route, { page, key: '' }]));
  const feeds = new Map<string, string>();
  const feedPages = new Map<string, string>();
  if (uses.size === 0) return finish({ pages: planned, feeds, feedPages }, errors);

  const memo = ctx.memo ?? planMemo();
  const sources = real
    .filter((page) => !page.isNotFound)
    .map((page) => {
      let source = memo.sources.get(page);
      if (!source) memo.sources.set(page, (source = sourceOf(page)));
      return source;
    });
  const bySource = new Map(sources.map((source) => [source.page.route, source]));
  const key = keyMaker(memo.digests);
  const last = memo.last;
  const kept = new Map<string, readonly unknown[]>();
  /** The list `id` as the last plan gave it when it is equal to `list`, else `list`. */
  const shared = <T>(id: string, list: T[]): T[] => {
    const before = last?.lists.get(id);
    const same = before !== undefined && sameValue(before, list) ? (before as T[]) : list;
    kept.set(id, same);
    return same;
  };
  /** A page with its props: the last plan's props and key for it when its props are equal to them. */
  const settle = (page: PageInfo, props: CollectionProps): PlannedPage => {
    const before = last?.pages.get(page.route);
    return before?.props !== undefined && sameValue(before.props, props)
      ? { page, props: before.props, key: before.key }
      : { page, props, key: key(props) };
  };

  // Tag pages of a collection live under the page that paginates it with tags: the collection's name means that
  // collection in every template (the first such page by route, when two do).
  const tagBases = new Map<string, string>();
  for (const page of real) {
    const paginate = uses.get(page.template)?.paginate;
    if (paginate?.tags && !tagBases.has(paginate.collection)) tagBases.set(paginate.collection, page.route);
  }

  // Each template's collections, selected once per update whatever the number of pages of that template.
  const lists = new Map<
    string,
    { sources: Source[]; entry: (source: Source) => Entry; index?: Map<string, number>; whole?: Entry[] }
  >();
  const listOf = (template: string, name: string) => {
    const id = `${template}\u0000${name}`;
    let list = lists.get(id);
    if (!list) {
      const query = uses.get(template)!.collections![name]!;
      list = {
        sources: callTheme({ fn: `collections.${name}.filter`, template }, () => select(sources, query)),
        entry: projector(tagBases.get(name), query.summary === true, memo.entries),
      };
      if (query.schema) schemaProblems(list.sources, query.schema, theme, template, name, errors);
      lists.set(id, list);
    }
    return list;
  };
  const tagLists = new Map<string, { tags: TagCount[]; entries: Map<string, Source[]> }>();

  const add = (made: PlannedPage, source: PageInfo) => {
    const existing = planned.get(made.page.route);
    if (existing) {
      errors.push(
        new SiteError(
          'DuplicateRoute',
          { route: made.page.route, first: existing.page.file, second: source.file },
          { file: source.file },
        ),
      );
      return;
    }
    planned.set(made.page.route, made);
  };

  for (const listed of all) {
    const use = uses.get(listed.template);
    if (!use) continue;
    const nav = use.navigation === true ? navigation!.of(listed.route) : undefined;
    const page = nav ? withNavigationCrumbs(listed, nav, theme) : listed;
    const names = Object.keys(use.collections ?? {});
    const collections: Record<string, Entry[]> = {};
    for (const name of names) {
      if (name === use.paginate?.collection || name === use.neighbours) continue;
      const list = listOf(page.template, name);
      collections[name] = list.whole ??= shared(
        `whole\u0000${page.template}\u0000${name}`,
        list.sources.map(list.entry),
      );
    }
    const feedLinks: FeedLink[] = [];
    if (use.feed) {
      const made = feedOf(page, use, listOf(page.template, use.feed.collection).sources, ctx, errors);
      for (const [file, text, link] of made) {
        feeds.set(file, text);
        feedPages.set(file, page.file);
        feedLinks.push(link);
      }
    }
    const props: CollectionProps = { collections, feeds: feedLinks, ...(nav ? { navigation: nav } : {}) };
    if (use.neighbours) {
      const list = listOf(page.template, use.neighbours);
      list.index ??= new Map(list.sources.map((source, i) => [source.page.route, i]));
      const at = list.index.get(page.route);
      if (at !== undefined) {
        const previous = list.sources[at - 1];
        const next = list.sources[at + 1];
        props.neighbours = {
          ...(previous ? { previous: list.entry(previous) } : {}),
          ...(next ? { next: list.entry(next) } : {}),
        };
        props.entry = list.entry(bySource.get(page.route)!);
      } else props.neighbours = {};
    }
    if (!use.paginate) {
      planned.set(page.route, settle(page, props));
      continue;
    }
    const { collection, size, tags: withTags, title: titleOf } = use.paginate;
    const list = listOf(page.template, collection);
    let tagList: { tags: TagCount[]; entries: Map<string, Source[]> } | undefined;
    if (withTags) {
      const base = tagBases.get(collection)!;
      const id = `${page.template}\u0000${collection}\u0000${base}`;
      if (!tagList) {
        const made = tagsOf(list.sources, base, errors);
        tagList = { ...made, tags: shared(`tags\u0000${id}`, made.tags) };
      }
      tagLists.set(id, tagList);
    }
    const spread = (base: string, entries: Source[], tag: TagLink | undefined) => {
      const pages = Math.max(1, Math.ceil(entries.length / size));
      for (let n = 1; n <= pages; n++) {
        const route = pageRoute(base, n);
        const shown = entries.slice((n - 1) * size, n * size);
        const pagination: Pagination = {
          entries: shown.map(list.entry),
          page: n,
          pages,
          total: entries.length,
          first: base,
          last: pageRoute(base, pages),
          ...(n > 1 ? { previous: pageRoute(base, n - 1) } : {}),
          ...(n < pages ? { next: pageRoute(base, n + 1) } : {}),
          ...(tag ? { tag } : {}),
          ...(tagList ? { tags: tagList.tags } : {}),
        };
        const pageProps: CollectionProps = { ...props, pagination };
        const title =
          n === 1 && !tag
            ? page.title
            : titleOf
              ? callTheme({ fn: 'paginate.title', template: page.template, route, file: page.file }, () =>
                  titleOf({ title: page.title, page: n, ...(tag ? { tag: tag.name } : {}) }),
                )
              : defaultTitle(page.title, n, tag?.name);
        // Pages after the first and tag pages show the list alone: the page's text is its first page's. One that shows
        // drafts alone (a tag only drafts carry, a page the drafts add) exists only in a build with drafts: it is one
        // of them, kept out of the sitemap and marked noindex as they are.
        const onlyDrafts = shown.length > 0 && shown.every((source) => source.entry.draft);
        const made =
          route === page.route
            ? page
            : {
                ...page,
                html: '',
                headings: [],
                route,
                url: urlOf(site.baseUrl, route),
                ...(onlyDrafts ? { data: { ...page.data, draft: true } } : {}),
                title,
                breadcrumbs: callTheme({ fn: 'breadcrumbs', route, file: page.file }, () =>
                  (theme.breadcrumbs ?? breadcrumbTrail)({ route, title, label: page.data.breadcrumb }, site),
                ),
              };
        if (route === page.route) planned.set(route, settle(page, pageProps));
        else add(settle(made, pageProps), page);
      }
    };
    spread(page.route, list.sources, undefined);
    if (tagList) {
      const base = tagBases.get(collection)!;
      // Only the page the tag routes belong to makes the tag pages.
      if (base === page.route)
        for (const tag of tagList.tags)
          spread(tagRoute(base, tag.slug), tagList.entries.get(tag.slug)!, {
            name: tag.name,
            slug: tag.slug,
            route: tag.route,
          });
    }
  }
  memo.last = { pages: planned, lists: kept };
  return finish({ pages: planned, feeds, feedPages }, errors);
}

const defaultTitle = (title: string, page: number, tag: string | undefined) =>
  `${title}${tag === undefined ? '' : `: ${tag}`}${page > 1 ? `, page ${page}` : ''}`;

function finish(plan: Plan, errors: SiteError[]): Plan {
  throwIfAny(errors);
  return plan;
}

/** The tags of a collection with tag pages, by slug; two tags with one slug are an error naming a page of each. */
function tagsOf(
  sources: Source[],
  base: string,
  errors: SiteError[],
): { tags: TagCount[]; entries: Map<string, Source[]> } {
  const bySlug = new Map<string, { name: string; file: string; entries: Source[] }>();
  for (const source of sources) {
    for (const tag of source.tags) {
      const found = bySlug.get(tag.slug);
      if (!found) bySlug.set(tag.slug, { name: tag.name, file: source.page.file, entries: [source] });
      else if (found.name !== tag.name) {
        errors.push(
          new SiteError(
            'TagSlugCollision',
            {
              route: tagRoute(base, tag.slug),
              first: { tag: found.name, file: found.file },
              second: { tag: tag.name, file: source.page.file },
            },
            { file: source.page.file, field: 'tags' },
          ),
        );
      } else found.entries.push(source);
    }
  }
  const slugs = [...bySlug.keys()].sort();
  return {
    tags: slugs.map((slug) => ({
      name: bySlug.get(slug)!.name,
      slug,
      route: tagRoute(base, slug),
      count: bySlug.get(slug)!.entries.length,
    })),
    entries: new Map(slugs.map((slug) => [slug, bySlug.get(slug)!.entries])),
  };
}

/** The feeds a page's template asks for: [output file, text, the link to it]. Drafts are never in a feed. */
function feedOf(
  page: PageInfo,
  use: CollectionUse,
  sources: Source[],
  ctx: PlanContext,
  errors: SiteError[],
): [string, string, FeedLink][] {
  const feed = use.feed!;
  const atomRoute = below(page.route, 'feed.xml');
  const listed = sources.filter((source) => !source.entry.draft);
  const undated = listed.filter((source) => source.time === undefined);
  for (const source of undated)
    errors.push(
      new SiteError(
        'FeedEntryWithoutDate',
        { feed: atomRoute, route: source.page.route },
        { file: source.page.file, field: 'date' },
      ),
    );
  if (undated.length > 0) return [];
  const newest = [...listed]
    .sort((a, b) => b.time! - a.time! || (a.page.route < b.page.route ? -1 : 1))
    .slice(0, feed.limit ?? DEFAULT_FEED_LIMIT);
  const entries: FeedEntry[] = newest.map(({ page: p, entry }) => ({
    title: p.title,
    url: p.url,
    date: entry.date!,
    description: p.description,
    ...(feed.content === 'full' ? { html: ctx.absoluteHtml(p.html, p.url) } : {}),
    tags: entry.tags.map((tag) => tag.name),
  }));
  const title = feed.title ?? page.title;
  const source = {
    title,
    pageUrl: page.url,
    author: ctx.site.name,
    language: languageTag(ctx.site),
    empty: dayOf(ctx.now),
    entries,
  };
  const made: [string, string, FeedLink][] = [
    [
      atomRoute.slice(1),
      atomFeed({ ...source, feedUrl: urlOf(ctx.site.baseUrl, atomRoute) }),
      { href: atomRoute, type: 'application/atom+xml', title },
    ],
  ];
  if (feed.json) {
    const jsonRoute = below(page.route, 'feed.json');
    made.push([
      jsonRoute.slice(1),
      jsonFeed({ ...source, feedUrl: urlOf(ctx.site.baseUrl, jsonRoute) }),
      { href: jsonRoute, type: 'application/feed+json', title },
    ]);
  }
  return made;
}

const dayOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
