/**
 * Structured data for every page: the publisher (an Organization made of what
 * the site config has, or the theme's node), the WebPage, and a BreadcrumbList
 * on every page but home. Typed with schema-dts so the shapes are schema.org's own.
 *
 * It names only pages that exist: a folder of markdown brought from elsewhere
 * may have no home page, and then no node points at `/` and no breadcrumb
 * names it (a trail left with the page alone is no BreadcrumbList).
 */
import type { BreadcrumbList, Graph, Organization, Thing, WebPage } from 'schema-dts';
import type { SiteConfig } from '../config/config';
import { urlOf } from '../pages/routes';
import type { Theme } from '../pages/theme-types';
import type { PageInfo } from '../pages/page';

export const organizationId = (site: SiteConfig) => `${site.baseUrl}/#organization`;

type Publish = Theme['organization'];

/** One publisher node per site config and theme: the same on every page, so serialised once (see graphJson). */
const organizations = new WeakMap<SiteConfig, Map<Publish, Map<boolean, Organization>>>();
export function organization(site: SiteConfig, publish?: Publish, hasHome = true): Organization {
  let byTheme = organizations.get(site);
  if (!byTheme) organizations.set(site, (byTheme = new Map()));
  let byHome = byTheme.get(publish);
  if (!byHome) byTheme.set(publish, (byHome = new Map()));
  let node = byHome.get(hasHome);
  if (!node) {
    const generic = organizationOf(site, hasHome);
    byHome.set(hasHome, (node = Object.freeze(publish ? publish(generic, site) : generic)));
  }
  return node;
}

/** What the generic config says of the organisation behind the site: nothing it does not have. */
function organizationOf(site: SiteConfig, hasHome: boolean): Organization {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    ...(site.description ? { description: site.description } : {}),
    ...(hasHome ? { url: `${site.baseUrl}/` } : {}),
    ...(site.logo ? { logo: `${site.baseUrl}/logo.png` } : {}),
  };
}

/** The page's breadcrumbs that name pages of the site (all of them, without `routes`), and the page itself. */
const trailOf = (page: PageInfo, routes?: ReadonlySet<string>) =>
  routes ? page.breadcrumbs.filter((crumb) => crumb.route === page.route || routes.has(crumb.route)) : page.breadcrumbs;

export function breadcrumbs(page: PageInfo, site: SiteConfig, routes?: ReadonlySet<string>): BreadcrumbList {
  const trail = trailOf(page, routes);
  return {
    '@type': 'BreadcrumbList',
    '@id': `${page.url}#breadcrumb`,
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: urlOf(site.baseUrl, crumb.route),
    })),
  };
}

export function webPage(page: PageInfo, site: SiteConfig, withBreadcrumb: boolean, hasHome = true): WebPage {
  return {
    '@type': 'WebPage',
    '@id': `${page.url}#webpage`,
    url: page.url,
    name: page.title,
    description: page.description,
    inLanguage: site.locale.replace('_', '-'),
    isPartOf: {
      '@type': 'WebSite',
      '@id': `${site.baseUrl}/#website`,
      name: site.name,
      ...(hasHome ? { url: `${site.baseUrl}/` } : {}),
    },
    publisher: { '@id': organizationId(site) },
    ...(withBreadcrumb ? { breadcrumb: { '@id': `${page.url}#breadcrumb` } } : {}),
  };
}

/** The page's graph; `routes`, the routes of the site, when it is known which pages exist. */
export function pageGraph(
  page: PageInfo,
  site: SiteConfig,
  extra: Thing[] = [],
  publish?: Publish,
  routes?: ReadonlySet<string>,
): Graph {
  const hasHome = routes?.has('/') ?? true;
  const withBreadcrumb = page.route !== '/' && !page.isNotFound && trailOf(page, routes).length > 1;
  const graph: Thing[] = [organization(site, publish, hasHome), webPage(page, site, withBreadcrumb, hasHome)];
  if (withBreadcrumb) graph.push(breadcrumbs(page, site, routes));
  return { '@context': 'https://schema.org', '@graph': [...graph, ...extra] };
}

/** JSON of nodes shared by every page (frozen, so it cannot go stale). */
const jsonOfShared = new WeakMap<object, string>();
const nodeJson = (node: object) => {
  if (!Object.isFrozen(node)) return JSON.stringify(node);
  let json = jsonOfShared.get(node);
  if (json === undefined) jsonOfShared.set(node, (json = JSON.stringify(node)));
  return json;
};

/** scriptSafeJson of a page graph, exactly as JSON.stringify writes it, with the shared nodes serialised once. */
export function graphJson(graph: Graph): string {
  const keys = Object.keys(graph);
  if (keys.length !== 2 || keys[0] !== '@context' || keys[1] !== '@graph' || !Array.isArray(graph['@graph']))
    return scriptSafeJson(graph);
  const json = `{"@context":${JSON.stringify(graph['@context'])},"@graph":[${(graph['@graph'] as object[]).map(nodeJson).join(',')}]}`;
  return escapeForScript(json);
}

const UNSAFE = /[<\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/** JSON safe to place inside a <script> element: no "</script>" or "<!--" can appear (one scan when there is nothing to escape). */
export function scriptSafeJson(value: unknown): string {
  return escapeForScript(JSON.stringify(value));
}

function escapeForScript(json: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(json) ? json.replace(UNSAFE, (c) => ESCAPES[c]!) : json;
}
