/**
 * What a plan keeps of the last (plan.ts): where a collection changed since, which of its sources have other
 * neighbours, which of its pages show other sources, and the site's pages in route order without sorting them again.
 */
import type { PageInfo } from '../pages/page';
import { ChangedMap } from '../base/changed-map';
import type { CollectionProps, Entry, TagCount } from '../pages/collection-types';
import type { Source } from './query';
import { throwIfAny, type SiteError } from '../base/errors';
import type { Plan, PlanChanges, PlannedPage } from './plan-types';

/** A collection as this plan gives it: its sources, the last plan's, and its entries made once. */
export interface List {
  sources: readonly Source[];
  /** The sources the last plan gave it (when its pages may be kept: `reusable`). */
  before: readonly Source[] | undefined;
  limited: boolean;
  entry: (source: Source) => Entry;
  /** Each source's position by route, made once a list is asked for more than a few (positionOf). */
  index?: Map<string, number>;
  /** How many positions were looked for along the list (positionOf). */
  asked?: number;
  whole?: Entry[];
  /** The routes whose neighbours in it may have changed since the last plan (touchedOf). */
  touched?: ReadonlySet<string> | 'all';
}

export type TagList = { tags: TagCount[]; entries: Map<string, Source[]>; sources: readonly Source[] };

/**
 * The routes of `list` whose neighbours may differ from the last plan's: those next to a source that left or joined
 * it, on either side, and those sources'. Every other source is between the same two sources as before (the sources
 * that stay keep their order, and none joined or left beside it).
 */
export function touchedOf(
  list: List,
  removed: ReadonlySet<Source>,
  added: readonly Source[],
): { has(route: string): boolean } {
  if (list.touched === undefined) {
    if (list.before === list.sources) list.touched = new Set();
    else if (list.before === undefined || list.limited) list.touched = 'all';
    else {
      const touched = new Set<string>();
      const around = (sources: readonly Source[], changed: (source: Source) => boolean) => {
        sources.forEach((source, i) => {
          if (!changed(source)) return;
          for (const near of [sources[i - 1], source, sources[i + 1]]) if (near) touched.add(near.page.route);
        });
      };
      const joined = new Set(added);
      around(list.before, (source) => removed.has(source));
      around(list.sources, (source) => joined.has(source));
      list.touched = touched;
    }
  }
  const touched = list.touched;
  return touched === 'all' ? { has: () => true } : touched;
}

/** Positions looked for along a list before an index of every route is made (an edit asks for a few neighbours). */
const FEW_POSITIONS = 8;

/**
 * The position of the source of `route` in `list` (the last, as an index by route keeps it, were two of one route):
 * looked for along the list for the first few asked (a plan that visits a few pages of the list), then read from an
 * index of every route (a plan that visits every page).
 */
export function positionOf(list: List, route: string): number | undefined {
  if (list.index === undefined && (list.asked = (list.asked ?? 0) + 1) <= FEW_POSITIONS) {
    const at = list.sources.findLastIndex((source) => source.page.route === route);
    return at === -1 ? undefined : at;
  }
  list.index ??= new Map(list.sources.map((source, i) => [source.page.route, i]));
  return list.index.get(route);
}

/** The entries before and after the source of `route` in `list`, and its own entry: a page's neighbours' props. */
export function neighboursAt(list: List, route: string): Pick<CollectionProps, 'neighbours' | 'entry'> {
  const at = positionOf(list, route);
  if (at === undefined) return { neighbours: {} };
  const [previous, next] = [list.sources[at - 1], list.sources[at + 1]];
  return {
    neighbours: Object.assign(
      {},
      previous ? { previous: list.entry(previous) } : undefined,
      next ? { next: list.entry(next) } : undefined,
    ),
    entry: list.entry(list.sources[at]!),
  };
}

/**
 * The positions at which `now` differs from `before` (the first and last), undefined when it does not, or 'all'
 * when its length changed (every page of it shows the total).
 */
export function changedRange(
  before: readonly Source[] | undefined,
  now: readonly Source[],
): [number, number] | 'all' | undefined {
  if (before === now) return undefined;
  if (before === undefined || before.length !== now.length) return 'all';
  let first = 0;
  while (first < now.length && before[first] === now[first]) first++;
  if (first === now.length) return undefined;
  let last = now.length - 1;
  while (before[last] === now[last]) last--;
  return [first, last];
}

/** `last` (in route order) with the pages of `changed` routes taken out, and those of them in `current` put in. */
export function inRouteOrder(
  last: readonly PageInfo[],
  changed: ReadonlySet<string>,
  current: ReadonlyMap<string, PageInfo>,
): PageInfo[] {
  if (changed.size === 0) return [...last];
  const next = last.filter((page) => !changed.has(page.route));
  for (const route of changed) {
    const page = current.get(route);
    if (!page) continue;
    let low = 0;
    let high = next.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (next[middle]!.route < route) low = middle + 1;
      else high = middle;
    }
    next.splice(low, 0, page);
  }
  return next;
}

/**
 * Sets a plan's pages and records which it sets to another object than the last plan's (`since`), so that what a plan
 * changed is known without comparing every route once it is made (PlanChanges). Every page of a plan is set through
 * it; a page set twice is recorded by its last setting (and may be by an earlier one: `remade` may hold too many).
 */
export function changeRecorder(since: ReadonlyMap<string, PlannedPage> | undefined) {
  const remade = new Set<string>();
  const came = new Set<string>();
  return {
    set(pages: Map<string, PlannedPage>, route: string, made: PlannedPage): void {
      pages.set(route, made);
      if (since === undefined || since.get(route) === made) return;
      remade.add(route);
      if (!since.has(route)) came.add(route);
    },
    /** The changes of `pages`, every page set; none without a last plan. */
    changes(pages: ReadonlyMap<string, PlannedPage>): PlanChanges | undefined {
      if (since === undefined) return undefined;
      const gone = new Set<string>();
      // The routes of `pages` are the last plan's, less those gone, and those that came: the last plan's are walked
      // only when some are gone.
      if (since.size + came.size !== pages.size)
        for (const route of since.keys()) if (!pages.has(route)) gone.add(route);
      return { since, remade, came, gone };
    },
  };
}

/**
 * The site's pages by route, and the routes whose page was read again (a new object), came or went since `last`.
 * `files`: the pages by file, those `last` was made of (`before`), and the files whose page may differ since (when the
 * pages are a copy of those): then `last` with those files' pages taken out and put in, unless one of them shares its
 * route with another file's page.
 */
export function pagesSince(
  pages: Iterable<PageInfo>,
  last: ReadonlyMap<string, PageInfo> | undefined,
  files?: {
    pages: ReadonlyMap<string, PageInfo>;
    before: ReadonlyMap<string, PageInfo>;
    changedSince: (before: ReadonlyMap<string, PageInfo>) => ReadonlySet<string> | 'any';
  },
): { current: Map<string, PageInfo>; changed: Set<string> } {
  const patched = last && files && pagesPatched(last, files);
  if (patched) return patched;
  const current = new Map<string, PageInfo>();
  for (const page of pages) current.set(page.route, page);
  const changed = new Set<string>();
  if (last) {
    for (const [route, page] of current) if (last.get(route) !== page) changed.add(route);
    for (const route of last.keys()) if (!current.has(route)) changed.add(route);
  }
  return { current, changed };
}

/** `last` with the pages of the files changed since `before` taken out and put in (pagesSince); else undefined. */
function pagesPatched(
  last: ReadonlyMap<string, PageInfo>,
  { pages: now, before, changedSince }: NonNullable<Parameters<typeof pagesSince>[2]>,
): { current: Map<string, PageInfo>; changed: Set<string> } | undefined {
  const changedFiles = changedSince(before);
  // A route of two files is one file's page by route: which one is read from every page.
  if (changedFiles === 'any' || last.size !== before.size) return undefined;
  // Made on write (base/changed-map.ts): an update changes a few of the last plan's pages, of many.
  const current = new ChangedMap(last);
  const changed = new Set<string>();
  // Every page that went first, then every page that came: a page may take the route another left.
  for (const file of changedFiles) {
    const was = before.get(file);
    if (!was || was === now.get(file)) continue;
    if (current.get(was.route) !== was) return undefined;
    current.delete(was.route);
    changed.add(was.route);
  }
  for (const file of changedFiles) {
    const page = now.get(file);
    if (!page || page === before.get(file)) continue;
    if (current.has(page.route)) return undefined;
    current.set(page.route, page);
    changed.add(page.route);
  }
  return { current, changed };
}

/**
 * A plan's pages before its templates' lists are made: each of `all` at its route, in their order. A page of a
 * template that reads no other page (none of `uses`) is planned as it is: the last plan's planned page when that is
 * of the same page. The others are set again, through `record`, once their lists are made (plan.ts).
 */
export function startPlan(
  all: readonly PageInfo[],
  uses: ReadonlyMap<string, unknown>,
  last: ReadonlyMap<string, PlannedPage> | undefined,
  record: ReturnType<typeof changeRecorder>,
): Map<string, PlannedPage> {
  const planned = new Map<string, PlannedPage>();
  for (const page of all) {
    if (uses.has(page.template)) planned.set(page.route, { page, key: '' });
    else {
      const before = last?.get(page.route);
      const same = before?.page === page && before.key === '' && before.props === undefined;
      record.set(planned, page.route, same ? before : { page, key: '' });
    }
  }
  return planned;
}

/** The plan, unless `errors` has any (thrown), with what it changed of the last plan (`record`). */
export function finishPlan(plan: Plan, errors: SiteError[], record: ReturnType<typeof changeRecorder>): Plan {
  throwIfAny(errors);
  const changes = record.changes(plan.pages);
  return changes ? { ...plan, changes } : plan;
}
