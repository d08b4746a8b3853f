/**
 * The site's pages as an update renders them: each page with what its template
 * reads of the others (its CollectionProps), the pages pagination and tags
 * make, and the collections' feeds. A full build and a watch update both plan
 * from every page's current frontmatter and body, so they cannot disagree;
 * each planned page carries the `key` of what it was given beyond itself, and
 * a watch update re-renders a page when its key changed (core/update-plan.ts).
 *
 * A plan starts from the last (PlanMemo.last, plan-types.ts) and makes again only what changed: the pages read
 * again (new objects) are taken out of the collections they were in and put in their place in those that select
 * them now (query.ts, reselect), the navigation is kept when no page changed what it reads (navigation.ts), and a
 * planned page whose inputs (`made`: the page, its navigation, each list, entry and neighbour it is given) are the
 * same objects as the last plan's is the last plan's page, props and key. So an edit costs what it changes, and a
 * plan is always the one a plan from nothing makes (a full build's).
 */
import { SiteError } from '../base/errors';
import { ChangedMap } from '../base/changed-map';
import type { PageInfo } from '../pages/page';
import { pageRoute, sourceOf, TagTable, tagRoute, type Source } from './query';
import { usesOf } from './uses';
import { keyMaker, sameValue } from './plan-keys';
import { planNavigation, withNavigationCrumbs } from './navigation';
import { feedsOfPage } from './plan-feeds';
import { tagBasesIn, tagBasesOf, tagsOf, tagsSwapped } from './tag-lists';
import {
  changedRange,
  changeRecorder,
  finishPlan,
  inRouteOrder,
  pagesSince,
  neighboursAt,
  startPlan,
  touchedOf,
  type TagList,
} from './plan-reuse';
import { planMemo, type LastPlan, type Plan, type PlanContext, type PlanMemo, type PlannedPage } from './plan-types';
import { inPlanOrder, keptPlan, mayVisitFewer, mustVisitOf, pagesToVisit, sameRoutes } from './plan-visit';
import { listPage } from './plan-list-page';
import { listMaker } from './plan-lists';
import type { CollectionProps, CollectionUse, Entry, FeedLink, Pagination, TagLink } from '../pages/collection-types';

export { planMemo, type Plan, type PlanContext } from './plan-types';

const byRoute = (a: PageInfo, b: PageInfo) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0);

/** Plans the site; throws every error found (SiteErrors). */
export function planSite(pages: Iterable<PageInfo>, ctx: PlanContext): Plan {
  const { site, theme } = ctx;
  const memo = ctx.memo ?? planMemo();
  // What the last plan made is used only for the same site and theme (a new config or theme plans from nothing).
  const last = memo.last?.site === site && memo.last.theme === theme ? memo.last : undefined;
  memo.last = undefined;
  // A plan from nothing starts a table of tags of its own: the memo's holds no tag that no page carries any more.
  if (!last) memo.tags = new TagTable();
  const since = pagesSince(pages, last?.byRoute, ctx.byFile && last?.byFile && { ...ctx.byFile, before: last.byFile });
  // A plan that visits only the pages that may differ from the last plan's (plan-visit.ts) is the plan that visits
  // every page, but for the order it finds errors in: one that finds any, or cannot tell what to visit, is made again
  // visiting every page, whose errors are a full build's.
  if (last && mayVisitFewer(last, since)) {
    try {
      const plan = planFrom(since, ctx, memo, last, true);
      if (plan) return plan;
    } catch {
      memo.last = undefined;
    }
  }
  return planFrom(since, ctx, memo, last, false)!;
}

/**
 * The plan of the pages `since` holds (pagesSince), from `last`. `fewer`: visits only the pages that may differ from
 * the last plan's, starting from the last plan's pages (undefined when it cannot tell which those are).
 */
function planFrom(
  { current, changed }: ReturnType<typeof pagesSince>,
  ctx: PlanContext,
  memo: PlanMemo,
  last: LastPlan | undefined,
  fewer: boolean,
): Plan | undefined {
  const { site, theme } = ctx;
  const real = last ? inRouteOrder(last.real, changed, current) : [...current.values()].sort(byRoute);
  const errors: SiteError[] = [];
  const uses = usesOf(theme, errors);
  // The pages' tree, and the pages of sections without one (navigation.ts), which no collection lists.
  const navigationMemo = planNavigation(real, uses, site, theme, last?.navigation);
  const navigation = navigationMemo?.navigation;
  const sections = navigation?.sections ?? [];
  // Visiting fewer pages, the plan starts from the last plan's pages: the same routes, sections' too.
  const lastSections = last?.navigation?.navigation.sections ?? [];
  if (
    fewer &&
    !sameRoutes(
      sections.map((page) => page.route),
      lastSections.map((page) => page.route),
    )
  )
    return undefined;
  const all = navigation ? [...real, ...sections] : real;
  // Every page is set through `record`, which knows what this plan changed of the last (PlanChanges).
  const record = changeRecorder(last?.pages);
  const planned = fewer
    ? keptPlan(last!, [...[...changed].map((route) => current.get(route)!), ...sections], uses, record)
    : startPlan(all, uses, last?.pages, record);
  /** The routes pagination and tags made, in the order made (after the site's pages in the plan's order). */
  const madeRoutes: string[] = [];
  const madeNow = new Map<string, PlannedPage>();
  const feeds = new Map<string, string>();
  const feedPages = new Map<string, string>();
  if (uses.size === 0) return finishPlan({ pages: planned, feeds, feedPages }, errors, record);

  const sourceOfPage = (page: PageInfo): Source => {
    let source = memo.sources.get(page);
    if (!source) memo.sources.set(page, (source = sourceOf(page, memo.tags)));
    return source;
  };
  const listed = (page: PageInfo | undefined) => page !== undefined && !page.isNotFound;
  // The sources that left and joined the collections since the last plan: those of the pages read again or gone.
  const removed = new Set<Source>();
  const added: Source[] = [];
  for (const route of changed) {
    const before = last!.byRoute.get(route);
    const now = current.get(route);
    if (listed(before)) removed.add(sourceOfPage(before!));
    if (listed(now)) added.push(sourceOfPage(now!));
  }
  const sources = last ? undefined : real.filter((page) => listed(page)).map(sourceOfPage);
  const key = keyMaker(memo.digests);
  const madeFeeds = new Map<string, { inputs: readonly unknown[]; made: [string, string, FeedLink][] }>();
  /** A page made anew: the last plan's props and key for it when its props are equal, value for value, to those. */
  const settle = (fresh: { page: PageInfo; props: CollectionProps }): PlannedPage => {
    const before = last?.pages.get(fresh.page.route);
    return before?.props !== undefined && sameValue(before.props, fresh.props)
      ? { page: fresh.page, props: before.props, key: before.key }
      : { page: fresh.page, props: fresh.props, key: key(fresh.props) };
  };

  const tagBases = fewer ? tagBasesIn(last!.templates!, current, uses) : tagBasesOf(real, uses);
  const tagBasesKey = JSON.stringify([...tagBases]);
  // The last plan's pages may be kept as they are: entries are the same objects for the same sources (their tag routes
  // are the same), and a page whose every input is the same is the same.
  const reusable = last !== undefined && last.tagBases === tagBasesKey ? last : undefined;
  if (fewer && !reusable) return undefined;

  // Each template's collections, selected once per update whatever the number of pages of that template.
  const selected = new Map<string, { every: readonly Source[]; sources: readonly Source[] }>();
  const { listOf, wholeOf, shared, kept } = listMaker({
    uses,
    last,
    reusable,
    removed,
    added,
    every: () => sources ?? real.filter((page) => listed(page)).map(sourceOfPage),
    tagBases,
    entries: memo.entries,
    tagTable: memo.tags,
    theme,
    errors,
    selected,
  });
  const tagLists = new Map<string, TagList>();

  const add = (page: PlannedPage, source: PageInfo) => {
    const route = page.page.route;
    // The site's page at the route, or a page made before this one (the plan starting from the last plan's pages
    // holds those made by the last, which this one may not make).
    const existing = fewer ? (current.has(route) ? planned.get(route) : madeNow.get(route)) : planned.get(route);
    if (existing) {
      errors.push(
        new SiteError(
          'DuplicateRoute',
          {
            route,
            first: fewer ? (current.get(route) ?? existing.page).file : existing.page.file,
            second: source.file,
          },
          { file: source.file },
        ),
      );
      return;
    }
    madeRoutes.push(route);
    madeNow.set(route, page);
    record.set(planned, route, page);
  };

  // Whether every page of a template is given what the last plan gave it of the site as a whole: its navigation (the
  // same tree), its whole collections (the same lists).
  const sameForTemplate = new Map<string, boolean>();

  /** The collections a template's pages are given whole (not its paginated list, nor its neighbours'). */
  const wholeNames = (use: CollectionUse) =>
    Object.keys(use.collections ?? {}).filter((name) => name !== use.paginate?.collection && name !== use.neighbours);
  const templateSameOf = (template: string, use: CollectionUse): boolean => {
    let same = sameForTemplate.get(template);
    if (same === undefined) {
      same =
        reusable !== undefined &&
        (use.navigation !== true || navigation === reusable.navigation?.navigation) &&
        wholeNames(use).every(
          (name) => reusable.lists.get(`whole\u0000${template}\u0000${name}`) === wholeOf(template, name),
        );
      sameForTemplate.set(template, same);
    }
    return same;
  };

  const listedPages = fewer ? new ChangedMap(last!.listed) : new Map<string, PageInfo>();
  /** The routes of each template's pages, in the order of `all`: those a plan visiting fewer pages chooses among. */
  const templates = fewer ? last!.templates! : new Map<string, string[]>();
  const visited = fewer
    ? [
        ...pagesToVisit(templates, current, changed, (template) => {
          const use = uses.get(template)!;
          for (const name of wholeNames(use)) wholeOf(template, name);
          return mustVisitOf(
            use,
            templateSameOf(template, use),
            use.neighbours ? listOf(template, use.neighbours) : undefined,
            removed,
            added,
          );
        }),
        ...sections,
      ]
    : all;
  for (const page of visited) {
    const use = uses.get(page.template);
    if (!use) continue;
    listedPages.set(page.route, page);
    if (!fewer) {
      const routes = (templates as Map<string, string[]>).get(page.template);
      if (routes) routes.push(page.route);
      else (templates as Map<string, string[]>).set(page.template, [page.route]);
    }
    // A page of one list entry (no list, feed or navigation of its own) whose page, template's whole collections and
    // neighbours are the last plan's is the last plan's planned page, as keptOr below finds it: taken without making
    // the props it would not use. The lists are asked for in the order the pages below ask for them.
    if (!use.paginate && !use.feed && use.navigation !== true && reusable?.listed.get(page.route) === page) {
      const before = reusable.pages.get(page.route);
      if (
        before &&
        templateSameOf(page.template, use) &&
        (!use.neighbours || !touchedOf(listOf(page.template, use.neighbours), removed, added).has(page.route))
      ) {
        record.set(planned, page.route, before);
        continue;
      }
    }
    const nav = use.navigation === true ? navigation!.of(page.route) : undefined;
    const collections: Record<string, Entry[]> = {};
    for (const name of wholeNames(use)) collections[name] = wholeOf(page.template, name);
    const templateSame = templateSameOf(page.template, use);
    const feedLinks: FeedLink[] = [];
    if (use.feed) {
      const list = listOf(page.template, use.feed.collection);
      const feed = feedsOfPage(page, use, list.sources, ctx, errors, last?.feeds.get(page.route));
      madeFeeds.set(page.route, feed);
      for (const [file, text, link] of feed.made) {
        feeds.set(file, text);
        feedPages.set(file, page.file);
        feedLinks.push(link);
      }
    }
    // The page itself, its navigation and whole collections as the last plan gave them, and (below) its neighbours.
    let same = templateSame && reusable!.listed.get(page.route) === page;
    let neighbours: () => Pick<CollectionProps, 'neighbours' | 'entry'> = () => ({});
    if (use.neighbours) {
      const list = listOf(page.template, use.neighbours);
      same &&= !touchedOf(list, removed, added).has(page.route);
      neighbours = () => neighboursAt(list, page.route);
    }
    const props = (): CollectionProps => ({
      collections,
      feeds: feedLinks,
      ...(nav ? { navigation: nav } : {}),
      ...neighbours(),
    });
    const shown = nav ? () => withNavigationCrumbs(page, nav, theme) : () => page;
    /** The last plan's page at `route` when `kept`, else one made anew. */
    const keptOr = (route: string, kept: boolean, make: () => { page: PageInfo; props: CollectionProps }) => {
      const before = kept ? reusable!.pages.get(route) : undefined;
      return before ?? settle(make());
    };
    if (!use.paginate) {
      record.set(
        planned,
        page.route,
        keptOr(page.route, same, () => ({ page: shown(), props: props() })),
      );
      continue;
    }
    const { collection, size, tags: withTags, title: titleOf } = use.paginate;
    const list = listOf(page.template, collection);
    let tagList: TagList | undefined;
    if (withTags) {
      const tagBase = tagBases.get(collection)!;
      const id = `tags\u0000${page.template}\u0000${collection}\u0000${tagBase}`;
      tagList = tagLists.get(id);
      if (!tagList) {
        const before = reusable?.tagLists.get(id);
        if (before && before.sources === list.sources) tagList = before;
        else {
          const made = (before && tagsSwapped(before, list.sources)) ?? tagsOf(list.sources, tagBase, errors);
          tagList = { ...made, tags: shared(id, made.tags), sources: list.sources };
        }
        kept.set(id, tagList.tags);
        tagLists.set(id, tagList);
      }
      same &&= reusable!.lists.get(id) === tagList.tags;
    }
    /** The list's pages at `from`, each kept when it shows the same entries as in the last plan (`before`). */
    const spread = (
      from: string,
      entries: readonly Source[],
      before: readonly Source[] | undefined,
      tag: TagLink | undefined,
    ) => {
      const pages = Math.max(1, Math.ceil(entries.length / size));
      const changedAt = same ? changedRange(before, entries) : 'all';
      for (let n = 1; n <= pages; n++) {
        const route = pageRoute(from, n);
        const start = (n - 1) * size;
        const kept =
          changedAt !== 'all' && (changedAt === undefined || changedAt[1] < start || changedAt[0] >= start + size);
        const made = keptOr(route, kept, () => {
          const shownSources = entries.slice(start, start + size);
          const pagination: Pagination = {
            entries: shownSources.map(list.entry),
            page: n,
            pages,
            total: entries.length,
            first: from,
            last: pageRoute(from, pages),
            ...(n > 1 ? { previous: pageRoute(from, n - 1) } : {}),
            ...(n < pages ? { next: pageRoute(from, n + 1) } : {}),
            ...(tag ? { tag } : {}),
            ...(tagList ? { tags: tagList.tags } : {}),
          };
          return { page: pageAt(route, n, tag, shownSources), props: Object.assign(props(), { pagination }) };
        });
        if (route === page.route) record.set(planned, route, made);
        else add(made, page);
      }
    };
    /** The page of the list at `route`: the page itself, or one made for a later page or a tag. */
    const pageAt = (route: string, n: number, tag: TagLink | undefined, shownSources: Source[]): PageInfo => {
      const own = shown();
      return route === page.route
        ? own
        : listPage({ own, list: page, route, n, tag, shownSources, titleOf, site, theme });
    };
    spread(page.route, list.sources, list.before, undefined);
    if (tagList) {
      const tagBase = tagBases.get(collection)!;
      const beforeTags = reusable?.tagLists.get(`tags\u0000${page.template}\u0000${collection}\u0000${tagBase}`);
      // Only the page the tag routes belong to makes the tag pages.
      if (tagBase === page.route)
        for (const tag of tagList.tags)
          spread(tagRoute(tagBase, tag.slug), tagList.entries.get(tag.slug)!, beforeTags?.entries.get(tag.slug), {
            name: tag.name,
            slug: tag.slug,
            route: tag.route,
          });
    }
  }
  // The last plan's pages in the plan's order (the site's, then those made) when the same were made in the same
  // order, else in the order this plan made them, which a plan from nothing makes them in.
  const pages = !fewer || sameRoutes(madeRoutes, last!.made!) ? planned : inPlanOrder(all, madeRoutes, planned);
  const plan = finishPlan({ pages, feeds, feedPages }, errors, record);
  // Kept only when the plan succeeded: the next starts from a plan whose every page passed its checks.
  memo.last = {
    site,
    theme,
    byRoute: current,
    ...(ctx.byFile ? { byFile: ctx.byFile.pages } : {}),
    real,
    listed: listedPages,
    tagBases: tagBasesKey,
    selected,
    lists: kept,
    tagLists,
    pages,
    made: madeRoutes,
    templates,
    feeds: madeFeeds,
    ...(navigationMemo ? { navigation: navigationMemo } : {}),
  };
  return plan;
}
