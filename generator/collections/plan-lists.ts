/**
 * The collections a plan gives its templates' pages (plan.ts), each selected once per plan whatever the number of
 * pages of its template: from the last plan's selection, with the sources that left and joined since, when its order
 * is total; from every source otherwise.
 */
import { callTheme } from '../base/theme-call';
import type { SiteError } from '../base/errors';
import type { Theme } from '../pages/theme-types';
import type { CollectionUse, Entry } from '../pages/collection-types';
import { projector, reselect, selectAll, type Source, type TagTable } from './query';
import { schemaProblems } from './uses';
import type { List } from './plan-reuse';
import type { LastPlan } from './plan-types';
import { sameValue } from './plan-keys';

export interface ListContext {
  uses: ReadonlyMap<string, CollectionUse>;
  /** The last plan, and the same when its pages may be kept (its tag routes are this plan's). */
  last: LastPlan | undefined;
  reusable: LastPlan | undefined;
  /** The sources that left and joined the collections since the last plan. */
  removed: ReadonlySet<Source>;
  added: readonly Source[];
  /** Every source of the site, in route order. */
  every: () => readonly Source[];
  tagBases: ReadonlyMap<string, string>;
  entries: Map<string, WeakMap<Source, Entry>>;
  tagTable: TagTable;
  theme: Theme;
  errors: SiteError[];
  /** Filled with each collection selected, by template and name, for the next plan (LastPlan.selected). */
  selected: Map<string, { every: readonly Source[]; sources: readonly Source[] }>;
}

/**
 * The collections of a plan: `listOf` a template's collection, selected when first asked for; `wholeOf` the same
 * given whole to each page, as entries; `shared` a list many pages are given, the last plan's when equal to it; and
 * `kept`, the lists given whole and shared, by what they list (LastPlan.lists).
 */
export function listMaker(ctx: ListContext) {
  const { uses, last, reusable, removed, added, tagBases, theme, errors, selected } = ctx;
  const lists = new Map<string, List>();
  const kept = new Map<string, readonly unknown[]>();
  /** The list `id` as the last plan gave it when it is equal to `list`, else `list`. */
  const shared = <T>(id: string, list: T[]): T[] => {
    const before = last?.lists.get(id);
    const same = before !== undefined && sameValue(before, list) ? (before as T[]) : list;
    kept.set(id, same);
    return same;
  };
  const listOf = (template: string, name: string): List => {
    const id = `${template}\u0000${name}`;
    let list = lists.get(id);
    if (!list) {
      const query = uses.get(template)!.collections![name]!;
      const before = last?.selected.get(id);
      // A sort by a data field may compare texts with numbers, an order that is not total: sorted again.
      const every = callTheme({ fn: `collections.${name}.filter`, template }, () =>
        before && !query.sort?.startsWith('data.')
          ? reselect(before.every, removed, added, query)
          : selectAll(ctx.every(), query),
      );
      const limited =
        query.limit === undefined ? every : every === before?.every ? before.sources : every.slice(0, query.limit);
      selected.set(id, { every, sources: limited });
      list = {
        sources: limited,
        before: reusable?.selected.get(id)?.sources,
        limited: query.limit !== undefined,
        entry: projector(tagBases.get(name), query.summary === true, ctx.entries, ctx.tagTable),
      };
      // Each source was checked against the schema when it joined: those of the last plan (which passed, with this
      // theme) need not be again. A limited list may take in one that was past its limit: checked whole.
      const resorted = !before || query.limit !== undefined || query.sort?.startsWith('data.') === true;
      if (query.schema)
        schemaProblems(
          resorted ? list.sources : added.filter((source) => every.includes(source)),
          query.schema,
          theme,
          template,
          name,
          errors,
        );
      lists.set(id, list);
    }
    return list;
  };
  const wholeOf = (template: string, name: string) => {
    const list = listOf(template, name);
    const id = `whole\u0000${template}\u0000${name}`;
    if (!list.whole) {
      const before = reusable?.lists.get(id);
      // The same sources: the same entries (frozen, one per source), so the same list.
      list.whole =
        before !== undefined && list.sources === list.before
          ? (before as Entry[])
          : shared(id, list.sources.map(list.entry));
      kept.set(id, list.whole);
    }
    return list.whole;
  };
  return { listOf, wholeOf, shared, kept };
}
