/**
 * The feeds a page's template asks for (`feed`), made from its collection's sources: the newest entries that are not
 * drafts, each with a date. A plan makes them again only when the page or the collection changed (plan.ts).
 */
import { SiteError } from '../base/errors';
import { languageTag } from '../config/config';
import type { CollectionUse, FeedLink } from '../pages/collection-types';
import { documentTitle, type PageInfo } from '../pages/page';
import { urlOf } from '../pages/routes';
import { atomFeed, jsonFeed, type FeedEntry } from './feed';
import type { PlanContext } from './plan-types';
import { below, type Source } from './query';

const DEFAULT_FEED_LIMIT = 20;

/** Newest first, and by route for the same time: the order a feed lists its entries in. */
const newerFirst = (a: Source, b: Source) => b.time! - a.time! || (a.page.route < b.page.route ? -1 : 1);

/**
 * What a feed of `sources` shows: its newest `limit` sources that are not drafts, newest first (newerFirst), and the
 * sources that are not drafts and have no date (an error each). The newest are kept as they come, each put in its
 * place among at most `limit`, where sorting every source cost the most of a feed made again; with a time that is
 * not a number (which newerFirst does not order) every source is sorted, as before.
 */
export function feedSources(sources: readonly Source[], limit: number): { newest: Source[]; undated: Source[] } {
  const undated: Source[] = [];
  const newest: Source[] = [];
  for (const source of sources) {
    if (source.entry.draft) continue;
    if (source.time === undefined) {
      undated.push(source);
      continue;
    }
    if (!Number.isFinite(source.time)) {
      const listed = sources.filter((each) => !each.entry.draft && each.time !== undefined);
      return { newest: listed.sort(newerFirst).slice(0, limit), undated: sources.filter(isUndated) };
    }
    if (newest.length === limit && newerFirst(source, newest[limit - 1]!) > 0) continue;
    let at = newest.length;
    while (at > 0 && newerFirst(source, newest[at - 1]!) < 0) at--;
    newest.splice(at, 0, source);
    if (newest.length > limit) newest.pop();
  }
  return { newest, undated };
}

const isUndated = (source: Source) => !source.entry.draft && source.time === undefined;

/**
 * The feeds a page's template asks for, of the sources it shows (feedSources, none undated): [output file, text, the
 * link to it]. Drafts are never in a feed.
 */
export function feedOf(
  page: PageInfo,
  use: CollectionUse,
  newest: readonly Source[],
  ctx: PlanContext,
): [string, string, FeedLink][] {
  const feed = use.feed!;
  const atomRoute = below(page.route, 'feed.xml');
  const entries: FeedEntry[] = newest.map(({ page: p, entry }) => ({
    title: p.title,
    url: p.url,
    date: entry.date!,
    description: p.description,
    ...(feed.content === 'full' ? { html: ctx.absoluteHtml(p.html, p.url) } : {}),
    tags: entry.tags.map((tag) => tag.name),
  }));
  // A reader lists feeds by their titles, among those of other sites: "Blog" alone names none of them.
  const title = feed.title ?? documentTitle(page.title, ctx.site.name);
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

export const dayOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * A page's feeds (feedOf): the last plan's (`before`) when made of the same page, the same day and the same sources
 * shown (feedSources), whatever else of the collection changed. A source not a draft and without a date is an error.
 */
export function feedsOfPage(
  page: PageInfo,
  use: CollectionUse,
  sources: readonly Source[],
  ctx: PlanContext,
  errors: SiteError[],
  before: { inputs: readonly unknown[]; made: [string, string, FeedLink][] } | undefined,
): { inputs: readonly unknown[]; made: [string, string, FeedLink][] } {
  const { newest, undated } = feedSources(sources, use.feed!.limit ?? DEFAULT_FEED_LIMIT);
  const atomRoute = below(page.route, 'feed.xml');
  for (const source of undated)
    errors.push(
      new SiteError(
        'FeedEntryWithoutDate',
        { feed: atomRoute, route: source.page.route },
        { file: source.page.file, field: 'date' },
      ),
    );
  const inputs = [page, dayOf(ctx.now).getTime(), ...newest];
  if (undated.length > 0) return { inputs, made: [] };
  return before && before.inputs.length === inputs.length && before.inputs.every((item, i) => item === inputs[i])
    ? before
    : { inputs, made: feedOf(page, use, newest, ctx) };
}
