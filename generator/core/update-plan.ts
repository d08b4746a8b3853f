/**
 * What an update changes, from the plan before it and the plan after (collections/plan.ts), both made from every page
 * as it is then: a full build renders every page of its plan; a watch update renders the pages of the changed files
 * and every page whose key changed, removes the pages and feeds no longer planned, and rewrites the feeds whose text
 * changed and the sitemap. So its output is a full build's. Rendering itself is render/render-pages.tsx's loop.
 */
import type { PageInfo, PageSummary } from '../pages/page';
import type { Theme } from '../pages/theme-types';
import type { Assets } from '../assets/bundle-assets';
import type { PageLinks } from '../render/html-links';
import type { LinkIndex } from '../checks/link-index';
import type { Plan } from '../collections/plan';
import type { PlanChanges, PlannedPage } from '../collections/plan-types';
import type { SiteConfig } from '../config/config';
import { outputFileOf } from '../pages/routes';
import type { PageAssets, RenderContext } from '../render/render-pages';
import type { FileContents } from '../output/write-in-place';
import type { Staging } from '../output/write-site';
import type { ContentCounts, PageErrors } from '../load/loaded-pages';
import type { SiteWarning } from '../base/errors';
import { readsAny, type RouteReads } from '../render/route-reads';
import type { Attachments, LinkedBeside } from './attachments';
import type { Output } from '../output/update-files';
import type { PageFlags } from './page-warnings';
import { changedKeysSince } from '../base/changed-map';

/** What a Site keeps between updates. */
export interface State {
  config: SiteConfig;
  theme: Theme;
  assets: Assets;
  images: Map<string, Uint8Array>;
  /** Pages by their path inside the pages folder (as change events name them). */
  pages: Map<string, PageInfo>;
  /** The pages each per-page warning is about (core/page-warnings.ts), for the next update. */
  pageFlags?: PageFlags;
  /** The last commit dates every page of `pages` carries (load/git-dates.ts, withDates), by file. */
  dates?: ReadonlyMap<string, string>;
  /** The folders whose README.md is their page (pages/routes.ts, readmeFolders), from every page file. */
  readmes: ReadonlySet<string>;
  /**
   * Every page file of the pages folder as the update listed it (pages/list-pages.ts), in the listing's order: each
   * page of `pages` is of one of them, and `readmes` are theirs (core/site-pages.ts, loadChanged).
   */
  pageFiles: ReadonlySet<string>;
  /** The markdown files of the pages folder the build passes over (pages/list-pages.ts), named in a warning. */
  passedOver: readonly string[];
  /** What the link check reads of each page, by route. */
  links: Map<string, PageLinks>;
  /** What the last link check found of each page, and which pages read what (checks/link-index.ts). */
  linkIndex?: LinkIndex;
  /** What each page's rendering read of the routes, by route: which pages a page added or removed may change. */
  routeReads: Map<string, RouteReads[]>;
  /** Every file of the output, relative to it. */
  files: Set<string>;
  /** The files the pages link to beside them, published with them (attachments.ts). */
  attachments: Attachments;
  /** Every file the pages link to beside them, there or not, counted (attachments.ts), for the next update. */
  linked?: LinkedBeside;
  /** Every page rendered (the site's and those its collections make), with what each read of the others; the feeds. */
  plan: Plan;
  /** What the last check that no file takes another's place read (core/non-page-files.ts, checkFilePlaces). */
  filePlaces?: FilePlaces;
  /** The files of the output that are not pages nor public files, as the update made them (core/non-page-files.ts). */
  host?: ReadonlyMap<string, string | Uint8Array>;
  /** What the host files read of the plan's pages, which the next update's start from. */
  hostPages?: HostPages;
  /** The files of the search index (core/search.ts), when the theme has search. */
  search?: ReadonlySet<string>;
  /**
   * Set when the pages changed since `search` was made: a watch update writes its pages first and the index after
   * them, which a later change may interrupt (or which may fail); the next update makes it again.
   */
  searchStale?: boolean;
}

export type { Output };

/**
 * What changed from the plan of `previous` to `next`: the plan's own record when it was made from that plan
 * (collections/plan-reuse.ts, changeRecorder), else every route compared (the plan started from another: one an
 * update made and then failed, or none).
 */
export function planChanges(previous: Plan, next: Plan): PlanChanges {
  if (next.changes?.since === previous.pages) return next.changes;
  const remade = new Set<string>();
  const came = new Set<string>();
  const gone = new Set<string>();
  for (const [route, planned] of next.pages) {
    const before = previous.pages.get(route);
    if (before === planned) continue;
    remade.add(route);
    if (!before) came.add(route);
  }
  for (const route of previous.pages.keys()) if (!next.pages.has(route)) gone.add(route);
  return { since: previous.pages, remade, came, gone };
}

/**
 * The routes a watch update renders: the pages of the changed files (and the pages their pagination makes), every
 * page whose collections now read differently (a list, tag or feed page, a neighbour), and, when pages came or went,
 * every page whose Layout or JSON-LD asked about one of them (`reads`, recorded as they were rendered).
 *
 * A page whose planned page is the last plan's object (not among `changes.remade`) has the same key, and is none of
 * the changed files' pages (a page read again is a new object, and so is every page made of it); it was rendered with
 * the last plan, whose every page was, so its reads are recorded: only a route that came or went may render it again.
 */
export function routesToRender(
  previous: Plan,
  next: Plan,
  changedRoutes: Set<string>,
  reads: ReadonlyMap<string, RouteReads[]>,
  changes: PlanChanges = planChanges(previous, next),
): Set<string> {
  const cameOrWent = new Set([...changes.came, ...changes.gone]);
  const changedFiles = new Set(
    [...changedRoutes].map((route) => next.pages.get(route)?.page.file).filter((file) => file !== undefined),
  );
  const routes = new Set<string>();
  const candidates = cameOrWent.size > 0 ? next.pages.keys() : changes.remade;
  for (const route of candidates) {
    const planned = next.pages.get(route);
    if (!planned) continue;
    const before = previous.pages.get(route);
    const read = reads.get(route);
    if (
      !before ||
      !read ||
      before.key !== planned.key ||
      changedFiles.has(planned.page.file) ||
      (cameOrWent.size > 0 && readsAny(read, cameOrWent))
    )
      routes.add(route);
  }
  return routes;
}

/** What changed of the state's pages and links since the link index `index` was made from them (base/changed-map.ts). */
export const linkChanges = (next: Pick<State, 'pages' | 'links'>, index: LinkIndex | undefined) =>
  index && { pages: changedKeysSince(next.pages, index.pages), links: changedKeysSince(next.links, index.links) };

/**
 * The pages and feeds of `previous` that `next` no longer plans: removed from the output, their links forgotten.
 * `changes`: what `next`'s plan changed of `previous` (planChanges), whose `gone` are those pages.
 */
export function removeUnplanned(previous: Plan, next: State, output: Output, changes: PlanChanges): void {
  for (const route of changes.since === previous.pages ? changes.gone : previous.pages.keys()) {
    if (next.plan.pages.has(route)) continue;
    output.set(outputFileOf(route), null);
    next.links.delete(route);
    next.routeReads.delete(route);
  }
  for (const file of previous.feeds.keys()) if (!next.plan.feeds.has(file)) output.set(file, null);
}

/**
 * The host files an update writes: all of them when every page changed, else those whose contents changed since the
 * last update (the sitemap, a feed, a redirect's page and `_redirects`), and it removes those no longer made, unless
 * the update writes something else in their place (a page at a redirect's old address), or they are bundles it
 * replaced (`assets`: a page open in a browser may still ask for them).
 */
export function changedHostFiles(
  host: ReadonlyMap<string, string | Uint8Array>,
  previous: { host?: ReadonlyMap<string, string | Uint8Array>; assets: Assets } | undefined,
  all: boolean,
  output: Output,
): void {
  for (const [file, contents] of host) if (all || previous?.host?.get(file) !== contents) output.set(file, contents);
  for (const file of previous?.host?.keys() ?? [])
    if (!host.has(file) && !output.has(file) && !previous!.assets.files.has(file)) output.set(file, null);
}

/** What rendering a page of `state` needs: the site, the theme, the assets, every route and each page's collections. */
export function renderContext({ config, theme, assets, plan }: State): RenderContext {
  return {
    site: config,
    theme,
    assets: pageAssets(assets),
    routes: routesOf(plan.pages),
    shells: new Map(),
    collectionsOf: (route: string) => plan.pages.get(route)?.props,
  };
}

/** The keys of `pages` as a set, read from the map itself (which no one changes once planned), not copied. */
function routesOf(pages: ReadonlyMap<string, unknown>): ReadonlySet<string> {
  const view: ReadonlySet<string> = {
    has: (route) => pages.has(route),
    get size() {
      return pages.size;
    },
    forEach: (callback, thisArg?: unknown) => {
      for (const route of pages.keys()) callback.call(thisArg, route, route, view);
    },
    entries: () => new Set(pages.keys()).entries(),
    keys: () => pages.keys(),
    values: () => pages.keys(),
    [Symbol.iterator]: () => pages.keys(),
  } as ReadonlySet<string>;
  return view;
}

/** The pages of `plan` whose route is in `routes`, in the plan's order. */
export function* pagesIn(plan: Plan, routes: ReadonlySet<string>): Generator<PageInfo> {
  for (const { page } of plan.pages.values()) if (routes.has(page.route)) yield page;
}

export const pageAssets = ({ stylesheet, fontPreload, headScript, scripts, imports, styles }: Assets): PageAssets => ({
  stylesheet,
  fontPreload,
  headScript,
  scripts,
  imports,
  styles,
});

/** What checkFilePlaces read (core/non-page-files.ts), when it found no file in another's place: the same passes. */
export interface FilePlaces {
  host: string;
  feedPages: string;
  publicFiles: string;
  attachments: string;
  pages: ReadonlyMap<string, { page: PageInfo }>;
}

/**
 * What the host files read of a plan's pages (core/non-page-files.ts, siteHostFiles): the routes in the sitemap, and
 * its text, under a base URL; the pages with old addresses, in the plan's order; and the plan's pages they are of.
 */
export interface HostPages {
  pages: ReadonlyMap<string, PlannedPage>;
  baseUrl: string;
  routes: ReadonlySet<string>;
  sitemap: string;
  redirected: readonly PageSummary[];
}

/** What an update loaded, before it plans and renders. */
export interface Loaded {
  /** The state the update makes, but its plan: its pages loaded, its links and files still those of before. */
  next: Omit<State, 'plan'>;
  /** The routes of the page files loaded again, or every route (a full update, a new theme, new assets). */
  rerender: Set<string> | 'all';
  /** Files for the output so far: pages removed, public files changed. */
  output: Output;
  /** The social images: a full update makes them alongside the pages, and reports their errors after the pages'. */
  images: Promise<Map<string, Uint8Array>>;
  content: ContentCounts;
  notes: SiteWarning[];
  /** A full update's staging folder, which each page is written into as it renders. */
  staging?: Staging;
  /** Work running alongside, which a failed update waits for, so that nothing is still writing once it returns. */
  alongside: Promise<unknown>[];
  /** A full update's pages that failed to load: their errors fail it with those of its later phases (core/site.ts). */
  pageErrors?: PageErrors;
}

/** The files of `output` to write (a full update removes nothing: it writes a new folder). */
export const withoutRemovals = (output: Output) =>
  new Map([...output].filter((entry): entry is [string, FileContents] => entry[1] !== null));

/**
 * `files` with the files `written` and set in `output` added and those `output` removes taken out: a copy, made when
 * one of them changes the set; else `files` itself (a watch update that rewrites pages already there), so that the
 * set of the state before the update is never changed.
 */
export function withOutputFiles(files: Set<string>, written: Iterable<string>, output: Output): Set<string> {
  let copy: Set<string> | undefined;
  const set = () => (copy ??= new Set(files));
  for (const file of written) if (!(copy ?? files).has(file)) set().add(file);
  for (const [file, contents] of output) {
    const there = (copy ?? files).has(file);
    if (contents === null && there) set().delete(file);
    else if (contents !== null && !there) set().add(file);
  }
  return copy ?? files;
}
