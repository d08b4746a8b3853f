/**
 * What an update changes, from the plan before it and the plan after (collections/plan.ts), both made from every page
 * as it is then: a full build renders every page of its plan; a watch update renders the pages of the changed files
 * and every page whose key changed, removes the pages and feeds no longer planned, and rewrites the feeds whose text
 * changed and the sitemap. So its output is a full build's.
 */
import type { PageInfo } from '../content/page';
import type { Theme } from '../content/theme-types';
import { collectErrors, throwIfAny } from '../base/errors';
import type { Assets } from '../assets/bundle-assets';
import { pageLinks, type PageLinks } from '../render/html-links';
import type { Plan } from '../collections/plan';
import type { SiteConfig } from '../content/config';
import { outputFileOf } from '../content/routes';
import { renderPage, type PageAssets } from '../render/render-pages';
import { readsAny, type RouteReads } from '../render/route-reads';

/** What a Site keeps between updates. */
export interface State {
  config: SiteConfig;
  theme: Theme;
  assets: Assets;
  images: Map<string, Uint8Array>;
  /** Pages by their path inside the pages folder (as change events name them). */
  pages: Map<string, PageInfo>;
  /** What the link check reads of each page, by route. */
  links: Map<string, PageLinks>;
  /** What each page's rendering read of the routes, by route: which pages a page added or removed may change. */
  routeReads: Map<string, RouteReads[]>;
  /** Every file of the output, relative to it. */
  files: Set<string>;
  /** Every page rendered (the site's and those its collections make), with what each read of the others; the feeds. */
  plan: Plan;
}

/** Output files by path: their new contents, or null for a file to remove. */
export type Output = Map<string, string | Uint8Array | null>;

/**
 * The routes a watch update renders: the pages of the changed files (and the pages their pagination makes), every
 * page whose collections now read differently (a list, tag or feed page, a neighbour), and, when pages came or went,
 * every page whose Layout or JSON-LD asked about one of them (`reads`, recorded as they were rendered).
 */
export function routesToRender(
  previous: Plan,
  next: Plan,
  changedRoutes: Set<string>,
  reads: ReadonlyMap<string, RouteReads[]>,
): Set<string> {
  const cameOrWent = new Set([...next.pages.keys()].filter((route) => !previous.pages.has(route)));
  for (const route of previous.pages.keys()) if (!next.pages.has(route)) cameOrWent.add(route);
  const changedFiles = new Set(
    [...changedRoutes].map((route) => next.pages.get(route)?.page.file).filter((file) => file !== undefined),
  );
  const routes = new Set<string>();
  for (const [route, planned] of next.pages) {
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

/** The pages and feeds of `previous` that `next` no longer plans: removed from the output, their links forgotten. */
export function removeUnplanned(previous: Plan, next: State, output: Output): void {
  for (const route of previous.pages.keys()) {
    if (next.plan.pages.has(route)) continue;
    output.set(outputFileOf(route), null);
    next.links.delete(route);
    next.routeReads.delete(route);
  }
  for (const file of previous.feeds.keys()) if (!next.plan.feeds.has(file)) output.set(file, null);
}

/** The host files an update writes: all of them when every page changed, else the sitemap and the feeds whose text changed. */
export function changedHostFiles(
  host: Map<string, string | Uint8Array>,
  previous: Plan,
  next: Plan,
  all: boolean,
  output: Output,
): void {
  for (const [file, contents] of host)
    if (all || file === 'sitemap.xml' || (next.feeds.has(file) && previous.feeds.get(file) !== contents))
      output.set(file, contents);
}

/** Renders the pages of `routes` into `output`, and records their links in `next`. */
export function renderInto(routes: Set<string>, next: State, output: Output): void {
  const plan = next.plan;
  const ctx = {
    site: next.config,
    theme: next.theme,
    assets: pageAssets(next.assets),
    routes: new Set(plan.pages.keys()),
    shells: new Map(),
    collectionsOf: (route: string) => plan.pages.get(route)?.props,
  };
  const pages = [...plan.pages.values()].filter(({ page }) => routes.has(page.route)).map(({ page }) => page);
  const { results, errors } = collectErrors(pages, (page) => renderPage(page, ctx));
  throwIfAny(errors);
  for (const rendered of results) {
    output.set(rendered.outFile, rendered.html);
    next.links.set(rendered.page.route, pageLinks(rendered.page.route, rendered.page.file, rendered.linkSources));
    next.routeReads.set(rendered.page.route, rendered.routeReads);
  }
}

export const pageAssets = ({ stylesheet, fontPreload, scripts, imports, styles }: Assets): PageAssets => ({
  stylesheet,
  fontPreload,
  scripts,
  imports,
  styles,
});
