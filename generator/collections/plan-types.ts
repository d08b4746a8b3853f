/** The shapes of a plan (plan.ts): its pages, its feeds, what it is made with, and what one plan hands the next. */
import type { SiteConfig } from '../config/config';
import type { CollectionProps, Entry, FeedLink, TagCount } from '../pages/collection-types';
import type { PageInfo } from '../pages/page';
import type { Theme } from '../pages/theme-types';
import type { NavigationMemo } from './navigation';
import { TagTable, type Source } from './query';

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
  /** What it changed of the last plan it started from (PlanMemo.last); none for a plan from nothing. */
  changes?: PlanChanges;
}

/**
 * The routes of a plan whose planned page is not the object the last plan had there (`remade`: made anew, or came),
 * those the last plan had and this one has not (`gone`), and the last plan's pages they are relative to (`since`):
 * every other route's planned page is the last plan's object, so its page, props and key are the last's.
 * `remade` may hold a route whose page is the last's after all; never does it miss one that is not.
 */
export interface PlanChanges {
  since: ReadonlyMap<string, PlannedPage>;
  remade: ReadonlySet<string>;
  came: ReadonlySet<string>;
  gone: ReadonlySet<string>;
}

export interface PlanContext {
  site: SiteConfig;
  theme: Theme;
  /** The date of a feed with no entries. */
  now: Date;
  /** What an earlier plan of this site made of pages that have not changed since (planMemo); none for a full build. */
  memo?: PlanMemo;
  /**
   * The pages by file, and the files whose page may differ from a map's these are a copy of ('any' when not a copy
   * of it, base/changed-map.ts): a plan from the last reads only those of the last plan's pages by file.
   */
  byFile?: {
    pages: ReadonlyMap<string, PageInfo>;
    changedSince: (before: ReadonlyMap<string, PageInfo>) => ReadonlySet<string> | 'any';
  };
  /**
   * A page's HTML as a feed carries it, read away from the site: its URLs absolute under the base URL (the base-path
   * helper's URL form, render/base-path.ts, which this layer cannot import).
   */
  absoluteHtml: (html: string, pageUrl: string) => string;
}

/**
 * What one plan may hand the next: each page's source, its entries and the digests of the objects made of it, keyed
 * by the page object. A page an update reads again is a new object (so it is made anew), and nothing changes a page,
 * a source or an entry once made (entries are frozen: a template is given the same object in the next plan), so what
 * the memo holds is what would be made again from the same page: the plan is the one a full build makes.
 */
export interface PlanMemo {
  sources: WeakMap<PageInfo, Source>;
  /** Each shape of entry (query.ts, projector), each source's entry of that shape. */
  entries: Map<string, WeakMap<Source, Entry>>;
  /** The tag objects the sources and entries share (query.ts). */
  tags: TagTable;
  digests: WeakMap<object, string>;
  /** What the last plan that succeeded was made from and made (plan.ts): the next starts from it. */
  last?: LastPlan;
}

/**
 * The last plan, with what each of its parts was made from. The next plan compares its inputs with these, by
 * identity (a page read again is a new object; a list equal to the last is the last's object): a part whose inputs
 * are the same objects is the same, and is kept as it was, not made again.
 */
export interface LastPlan {
  site: SiteConfig;
  theme: Theme;
  /** The site's pages as the plan read them, by route, and in route order; by file, when it was given them so. */
  byRoute: ReadonlyMap<string, PageInfo>;
  byFile?: ReadonlyMap<string, PageInfo>;
  real: readonly PageInfo[];
  /** Every source each collection selects, in its order, and those within its limit: by template and name. */
  selected: ReadonlyMap<string, { every: readonly Source[]; sources: readonly Source[] }>;
  /**
   * The lists the plan gave many pages (a whole collection, a list of tags) by what they list: a list equal, value
   * for value, to the last is the same object, compared once for all the pages that show it.
   */
  lists: ReadonlyMap<string, readonly unknown[]>;
  /** The pages it planned from (the site's and the sections'), as its templates were given them, by route. */
  listed: ReadonlyMap<string, PageInfo>;
  /** The page each collection's tag pages are under, as text: entries' tag routes are made with it. */
  tagBases: string;
  /** The tags of each collection with tag pages, and the sources they were made from. */
  tagLists: ReadonlyMap<string, { tags: TagCount[]; entries: Map<string, Source[]>; sources: readonly Source[] }>;
  pages: ReadonlyMap<string, PlannedPage>;
  /** The routes pagination and tags made, in the order made: after the site's pages in `pages`. */
  made?: readonly string[];
  /** The routes of the pages of each template of those that read other pages, in the order of the site's pages. */
  templates?: ReadonlyMap<string, readonly string[]>;
  /** Each feed page's feeds, and what they were made from. */
  feeds: ReadonlyMap<string, { inputs: readonly unknown[]; made: [string, string, FeedLink][] }>;
  navigation?: NavigationMemo;
}

export const planMemo = (): PlanMemo => ({
  sources: new WeakMap(),
  entries: new Map(),
  tags: new TagTable(),
  digests: new WeakMap(),
});
