/**
 * Which pages a plan that starts from the last (plan.ts) visits: a page whose template gives it the same lists, the
 * same navigation and the same neighbours as the last plan gave it, and which was not read again, is the last plan's
 * planned page, and is not visited; every other page is, in the order a plan visiting every page visits them. The
 * plan starts from the last plan's pages, in the last plan's order, and is put in the order a plan from nothing makes
 * when the pages pagination and tags make are not the same routes in the same order.
 */
import type { PageInfo } from '../pages/page';
import { ChangedMap } from '../base/changed-map';
import type { LastPlan, PlannedPage } from './plan-types';
import { touchedOf, type changeRecorder, type List } from './plan-reuse';
import type { Source } from './query';
import type { CollectionUse } from '../pages/collection-types';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether a plan from `last` can tell which pages to visit: the same routes with pages of the same templates (a page
 * read again keeps its route and template; the plan checks its sections' routes itself, once it has made them).
 * `changed`: the routes whose page is not the last plan's object (pagesSince).
 */
export function mayVisitFewer(
  last: LastPlan,
  { current, changed }: { current: ReadonlyMap<string, PageInfo>; changed: ReadonlySet<string> },
): boolean {
  if (!last.templates || !last.made) return false;
  for (const route of changed) {
    const before = last.byRoute.get(route);
    const now = current.get(route);
    if (!before || !now || before.template !== now.template) return false;
  }
  return true;
}

/**
 * The plan's pages as it starts when it visits fewer pages: the last plan's, with those of `pages` (the pages read
 * again, and the sections' pages) of templates that read no other page (none of `uses`) planned as they are, through
 * `record` (startPlan's rule for them). The others are the last plan's until visited.
 */
export function keptPlan(
  last: LastPlan,
  pages: readonly PageInfo[],
  uses: ReadonlyMap<string, unknown>,
  record: ReturnType<typeof changeRecorder>,
): Map<string, PlannedPage> {
  // Made on write (base/changed-map.ts): the plan changes a few of the last plan's pages, of many.
  const planned = new ChangedMap(last.pages);
  for (const page of pages) {
    if (uses.has(page.template)) continue;
    const route = page.route;
    const before = last.pages.get(route);
    const same = before?.page === page && before.key === '' && before.props === undefined;
    record.set(planned, route, same ? before : { page, key: '' });
  }
  return planned;
}

/**
 * The site's pages to visit, in route order (theirs in the plan; the sections', which come after them, are visited
 * too): those read again, and of each template's pages (`templates`: their routes) those `mustVisit` names, or all.
 */
export function pagesToVisit(
  templates: ReadonlyMap<string, readonly string[]>,
  current: ReadonlyMap<string, PageInfo>,
  changed: ReadonlySet<string>,
  mustVisit: (template: string) => Iterable<string> | 'all',
): PageInfo[] {
  const routes = new Set(changed);
  for (const [template, ofTemplate] of templates) {
    const must = mustVisit(template);
    for (const route of must === 'all' ? ofTemplate : must) if (current.has(route)) routes.add(route);
  }
  return [...routes].sort(byText).map((route) => current.get(route)!);
}

/** Whether two lists of routes are the same routes in the same order. */
export const sameRoutes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((route, i) => route === b[i]);

/** `planned` in the order a plan from nothing sets its pages: the site's (`all`), then those made (`made`), in order. */
export function inPlanOrder(
  all: readonly PageInfo[],
  made: readonly string[],
  planned: ReadonlyMap<string, PlannedPage>,
): Map<string, PlannedPage> {
  const pages = new Map<string, PlannedPage>();
  for (const { route } of all) pages.set(route, planned.get(route)!);
  for (const route of made) pages.set(route, planned.get(route)!);
  return pages;
}

/**
 * The routes of a template's pages (`use`) that may differ from the last plan's for what the template reads: all of
 * them for a template with a list, feed or navigation of its own, or whose whole collections are not the last plan's
 * (`same`), else those whose neighbours in `neighbours` may have changed (touchedOf).
 */
export function mustVisitOf(
  use: CollectionUse,
  same: boolean,
  neighbours: List | undefined,
  removed: ReadonlySet<Source>,
  added: readonly Source[],
): Iterable<string> | 'all' {
  if (use.paginate || use.feed || use.navigation === true || !same) return 'all';
  if (!neighbours) return [];
  touchedOf(neighbours, removed, added);
  return neighbours.touched!;
}
