/**
 * The feeds a page's template asks for (`feed`), made from its collection's sources: the newest entries that are not
 * drafts, each with a date. A plan makes them again only when the page or the collection changed (plan.ts).
 */
import { SiteError } from '../base/errors';
import { languageTag } from '../config/config';
import type { CollectionUse, FeedLink } from '../pages/collection-types';
import type { PageInfo } from '../pages/page';
import { urlOf } from '../pages/routes';
import { atomFeed, jsonFeed, type FeedEntry } from './feed';
import type { PlanContext } from './plan-types';
import { below, type Source } from './query';

const DEFAULT_FEED_LIMIT = 20;

/** The feeds a page's template asks for: [output file, text, the link to it]. Drafts are never in a feed. */
export function feedOf(
  page: PageInfo,
  use: CollectionUse,
  sources: readonly Source[],
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

export const dayOf = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** A page's feeds (feedOf): the last plan's (`before`) when made of the same page, the same sources and the same day. */
export function feedsOfPage(
  page: PageInfo,
  use: CollectionUse,
  sources: readonly Source[],
  ctx: PlanContext,
  errors: SiteError[],
  before: { inputs: readonly unknown[]; made: [string, string, FeedLink][] } | undefined,
): { inputs: readonly unknown[]; made: [string, string, FeedLink][] } {
  const inputs = [page, sources, dayOf(ctx.now).getTime()];
  return before && before.inputs.every((item, i) => item === inputs[i])
    ? before
    : { inputs, made: feedOf(page, use, sources, ctx, errors) };
}
