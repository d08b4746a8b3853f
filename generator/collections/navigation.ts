/**
 * The navigation each page is given (pages/navigation-types.ts), from the site's tree (nav-tree.ts): the top
 * level, the current page's branch opened, its breadcrumbs, and its previous and next pages in reading order.
 *
 * What a page is given is bounded whatever the size of the site: only the sections on the page's branch are opened,
 * and a list longer than LIST_LIMIT is given as a window of that many entries around the one on the branch, with the
 * count of those left out (every page stays reachable: a section's own page, and previous/next, lead through the
 * rest). The entries off the branch are one frozen object each per plan, shared by every page that shows them, so
 * the plan's key of a page (plan.ts) digests each once.
 */
import { callTheme } from '../base/theme-call';
import type { CollectionUse } from '../pages/collection-types';
import type { SiteConfig } from '../config/config';
import type { PageInfo } from '../pages/page';
import { urlOf } from '../pages/routes';
import type { Theme } from '../pages/theme-types';
import { breadcrumbTrail, type Crumb } from '../pages/breadcrumbs';
import type { NavItem, NavLink, NavOmitted, Navigation } from '../pages/navigation-types';
import { labelOf, navTree, orderOf, type NavNode } from './nav-tree';
import { applyTocs } from './nav-summary';

/** The most entries of one list a page is given (a section of more is windowed around the current branch). */
export const LIST_LIMIT = 60;

/** The template the engine renders a section without a page of its own with, when the theme has it. */
export const SECTION_TEMPLATE = 'section';

export interface SiteNavigation {
  /** The pages the engine generates for sections without a page of their own (with `sectionPage`). */
  sections: PageInfo[];
  /** The navigation of the page at `route` (one of the site's pages or of `sections`). */
  of(route: string): Navigation | undefined;
}

export interface NavigationOptions {
  /**
   * Makes the page of a section without one (its route, title and folder; the pages folder's is `/`); without it,
   * such a section is a label, and a site without a home page has none.
   */
  sectionPage?: (section: { route: string; title: string; folder: string; draft: boolean }) => PageInfo;
}

/** Whether every page in a section is a draft: its generated page is then one too. */
const allDrafts = (node: NavNode): boolean =>
  node.children.every((child) => (child.page ? child.page.data.draft === true : allDrafts(child)));

/**
 * The navigation of `pages`. Its pages for sections without one are made at once (a plan lists them); the tree each
 * page's navigation is read from is made when a page first asks for it, and what each page is given is made once.
 * `sections`: the pages a navigation of pages with the same structure made (planNavigation), given again.
 */
export function siteNavigation(
  pages: readonly PageInfo[],
  options: NavigationOptions = {},
  sections?: readonly PageInfo[],
): SiteNavigation {
  let built: SiteNavigation | undefined;
  const build = () => (built ??= wholeNavigation(pages, options, sections));
  const given = new Map<string, Navigation | undefined>();
  return {
    sections: sections ? [...sections] : build().sections,
    of: (route) => {
      if (!given.has(route)) given.set(route, build().of(route));
      return given.get(route);
    },
  };
}

function wholeNavigation(
  pages: readonly PageInfo[],
  options: NavigationOptions,
  reused: readonly PageInfo[] | undefined,
): SiteNavigation {
  const { root, nodes } = navTree(pages);
  applyTocs(pages, root, nodes);
  const sections: PageInfo[] = [];
  const made = new Set<PageInfo>();
  if (reused) {
    // The same structure as the navigation that made them: the same sections are without a page.
    for (const page of reused) {
      nodes.get(page.route)!.page = page;
      sections.push(page);
      made.add(page);
    }
  } else if (options.sectionPage) {
    // Each folder's place is read before any generated page stands among the pages it is read from. The pages folder
    // itself is one of them: a collection with no home page (no index.md nor README.md at its root) gets one, listing
    // the top level, so that every page is reachable from `/`.
    // Nor where a page's old address (redirect_from, aliases) stands: the author moved that address to the page.
    const redirected = new Set(pages.flatMap((page) => (page.redirects ?? []).map((from) => from.route)));
    const missing = [...nodes.values()].filter(
      (node) => !node.page && node.children.length > 0 && !redirected.has(node.route),
    );
    const pagesOf = missing.map((node) =>
      options.sectionPage!({ route: node.route, title: node.title, folder: node.folder ?? '', draft: allDrafts(node) }),
    );
    missing.forEach((node, i) => (node.page = pagesOf[i]));
    sections.push(...pagesOf);
    for (const page of pagesOf) made.add(page);
  }

  // Reading order: depth first, a section's page before its entries; and each entry's place in its section.
  const index = new Map<NavNode, number>();
  const reading: NavNode[] = [];
  const visit = (node: NavNode) => {
    if (node.page) reading.push(node);
    node.children.forEach((child, i) => {
      index.set(child, i);
      visit(child);
    });
  };
  visit(root);
  const place = new Map(reading.map((node, i) => [node, i]));

  const shared = new Map<NavNode, NavItem>();
  const itemOf = (node: NavNode): NavItem => {
    let item = shared.get(node);
    if (!item) shared.set(node, (item = Object.freeze(fields(node))));
    return item;
  };

  /** A section's entries as a page shows them: whole, or a window around `focus` (given as `focusItem`). */
  const listOf = (node: NavNode, focus?: NavNode, focusItem?: NavItem): { items: NavItem[]; omitted?: NavOmitted } => {
    const all = node.children;
    let start = 0;
    if (all.length > LIST_LIMIT) {
      const at = focus ? index.get(focus)! : 0;
      start = Math.min(Math.max(0, at - Math.floor(LIST_LIMIT / 2)), all.length - LIST_LIMIT);
    }
    const shown = all.length > LIST_LIMIT ? all.slice(start, start + LIST_LIMIT) : all;
    const items = shown.map((child) => (child === focus ? focusItem! : itemOf(child)));
    return all.length > LIST_LIMIT
      ? { items, omitted: { before: start, after: all.length - start - shown.length } }
      : { items };
  };

  const linkOf = (node: NavNode | undefined): NavLink | undefined =>
    node?.page ? { title: node.title, route: node.page.route } : undefined;

  const crumbOf = (node: NavNode): Crumb => ({
    name: typeof node.page!.data.breadcrumb === 'string' ? node.page!.data.breadcrumb : node.title,
    route: node.page!.route,
  });

  const of = (route: string): Navigation | undefined => {
    const node = nodes.get(route);
    if (!node?.page) return undefined;
    const chain: NavNode[] = [];
    for (let at: NavNode | undefined = node; at; at = at.parent) chain.unshift(at);

    // From the page up: each section on the branch is open, with its entries around the one below it.
    let below: NavNode | undefined;
    let belowItem: NavItem | undefined;
    for (let i = chain.length - 1; i >= 1; i--) {
      const at = chain[i]!;
      const item: NavItem =
        at === node
          ? { ...fields(at), current: true, ...(at.children.length > 0 ? listOf(at) : {}) }
          : { ...fields(at), open: true, ...listOf(at, below, belowItem) };
      below = at;
      belowItem = item;
    }
    const top = listOf(root, below, belowItem);
    const crumbs = [
      ...(root.page ? [breadcrumbTrail({ route: '/', title: root.page.title })[0]!] : []),
      ...chain
        .slice(1, -1)
        .filter((at) => at.page)
        .map(crumbOf),
      ...(node === root ? [] : [crumbOf(node)]),
    ];
    // A page in no section's entries (a table of contents) has no place in the reading order.
    const at = place.get(node);
    const previous = at === undefined ? undefined : linkOf(reading[at - 1]);
    const next = at === undefined ? undefined : linkOf(reading[at + 1]);
    const generated = made.has(node.page);
    return {
      items: top.items,
      ...(top.omitted ? { omitted: top.omitted } : {}),
      breadcrumbs: crumbs,
      ...(previous ? { previous } : {}),
      ...(next ? { next } : {}),
      ...(generated ? { children: node.children.map(itemOf) } : {}),
    };
  };
  return { sections, of };
}

/** An entry's own fields, as every page that shows it closed gives it. */
function fields(node: NavNode): NavItem {
  return {
    title: node.title,
    ...(node.page ? { route: node.page.route } : {}),
    ...(node.children.length > 0 ? { section: true as const } : {}),
    ...(node.page?.data.draft === true ? { draft: true as const } : {}),
  };
}

/**
 * The navigation of a site whose templates ask for it (`navigation: true`), or undefined when none does (nothing is
 * computed, and no page is generated). Sections without a page of their own are given one when the theme has a
 * `section` template that asks for navigation (it lists the section's entries: `children`).
 */
/** A navigation, and what it was made from: the next plan's is the same when its pages give the tree the same. */
export interface NavigationMemo {
  pages: readonly PageInfo[];
  site: SiteConfig;
  theme: Theme;
  navigation: SiteNavigation;
}

/** What the tree reads of a page to know its place and whether its section has a page: its route, file and so on. */
const structureOf = (page: PageInfo) =>
  JSON.stringify([
    page.route,
    page.file,
    page.isNotFound,
    page.data.draft === true,
    (page.redirects ?? []).map((from) => from.route),
    page.toc ?? null,
  ]);

/** Everything the tree, and what each page is given of it, reads of a page: its structure, its label, order, title. */
const entryOf = (page: PageInfo) =>
  JSON.stringify([
    structureOf(page),
    labelOf(page),
    orderOf(page.data) ?? null,
    typeof page.data.breadcrumb === 'string' ? page.data.breadcrumb : null,
    page.title,
  ]);

/** Whether `pages` read as `read` reads them are `last`'s: the same objects, or the same to `read`. */
function alike(pages: readonly PageInfo[], last: readonly PageInfo[], read: (page: PageInfo) => string): boolean {
  if (pages.length !== last.length) return false;
  for (let i = 0; i < pages.length; i++) if (pages[i] !== last[i] && read(pages[i]!) !== read(last[i]!)) return false;
  return true;
}

/**
 * The navigation of a site whose templates ask for it (`navigation: true`), or undefined when none does (nothing is
 * computed, and no page is generated). Sections without a page of their own are given one when the theme has a
 * `section` template that asks for navigation (it lists the section's entries: `children`). `last`: the navigation
 * of the last plan, kept whole when every page reads as it did, its section pages kept when the structure is the
 * same (a title edited); what each page is given is then made again only when a page asks.
 */
export function planNavigation(
  pages: readonly PageInfo[],
  uses: ReadonlyMap<string, CollectionUse>,
  site: SiteConfig,
  theme: Theme,
  last?: NavigationMemo,
): NavigationMemo | undefined {
  if (![...uses.values()].some((use) => use.navigation === true)) return undefined;
  const same = last !== undefined && last.site === site && last.theme === theme;
  if (same && alike(pages, last.pages, entryOf)) return { ...last, pages };
  const sectionPage: NavigationOptions['sectionPage'] = ({ route, title: folderTitle, folder, draft }) => {
    // The home page made for a site without one is titled as the site, as a README home is.
    const title = route === '/' ? site.name : folderTitle;
    return {
      file: folder,
      route,
      url: urlOf(site.baseUrl, route),
      title,
      description: site.description ?? title,
      template: SECTION_TEMPLATE,
      data: draft ? { draft: true } : {},
      html: '',
      headings: [],
      breadcrumbs: callTheme({ fn: 'breadcrumbs', route, file: folder }, () =>
        (theme.breadcrumbs ?? breadcrumbTrail)({ route, title }, site),
      ),
      isNotFound: false,
    };
  };
  const options = uses.get(SECTION_TEMPLATE)?.navigation === true ? { sectionPage } : {};
  const sections = same && alike(pages, last.pages, structureOf) ? last.navigation.sections : undefined;
  return { pages, site, theme, navigation: siteNavigation(pages, options, sections) };
}

/**
 * A page as a template that shows navigation renders it: with the navigation's breadcrumbs as its own (those its
 * JSON-LD lists), unless the theme makes breadcrumbs itself (theme.breadcrumbs). The same object when they are equal.
 */
export function withNavigationCrumbs(page: PageInfo, navigation: Navigation, theme: Theme): PageInfo {
  if (theme.breadcrumbs) return page;
  const same =
    page.breadcrumbs.length === navigation.breadcrumbs.length &&
    page.breadcrumbs.every(
      (crumb, i) => crumb.name === navigation.breadcrumbs[i]!.name && crumb.route === navigation.breadcrumbs[i]!.route,
    );
  return same ? page : Object.assign({}, page, { breadcrumbs: navigation.breadcrumbs });
}
