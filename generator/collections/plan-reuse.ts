/**
 * What a plan keeps of the last (plan.ts): where a collection changed since, which of its sources have other
 * neighbours, which of its pages show other sources, and the site's pages in route order without sorting them again.
 */
import type { PageInfo } from '../pages/page';
import type { Entry, TagCount } from '../pages/collection-types';
import type { Source } from './query';

/** A collection as this plan gives it: its sources, the last plan's, and its entries made once. */
export interface List {
  sources: readonly Source[];
  /** The sources the last plan gave it (when its pages may be kept: `reusable`). */
  before: readonly Source[] | undefined;
  limited: boolean;
  entry: (source: Source) => Entry;
  index?: Map<string, number>;
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
