/**
 * Structured data for every page: the publisher (an Organization made of what
 * the site config has, or the theme's node), the WebPage, and a BreadcrumbList
 * on every page but home. Typed with schema-dts so the shapes are schema.org's own.
 */
import type { BreadcrumbList, Graph, Organization, Thing, WebPage } from 'schema-dts';
import type { SiteConfig } from '../content/config';
import { urlOf } from '../content/routes';
import type { Theme } from '../content/theme-types';
import type { PageInfo } from '../content/page';

export const organizationId = (site: SiteConfig) => `${site.baseUrl}/#organization`;

type Publish = Theme['organization'];

/** One publisher node per site config and theme: the same on every page, so serialised once (see graphJson). */
const organizations = new WeakMap<SiteConfig, Map<Publish, Organization>>();
export function organization(site: SiteConfig, publish?: Publish): Organization {
  let byTheme = organizations.get(site);
  if (!byTheme) organizations.set(site, (byTheme = new Map()));
  let node = byTheme.get(publish);
  if (!node) {
    const generic = organizationOf(site);
    byTheme.set(publish, (node = Object.freeze(publish ? publish(generic, site) : generic)));
  }
  return node;
}

/** What the generic config says of the organisation behind the site: nothing it does not have. */
function organizationOf(site: SiteConfig): Organization {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    ...(site.description ? { description: site.description } : {}),
    url: `${site.baseUrl}/`,
    ...(site.logo ? { logo: `${site.baseUrl}/logo.png` } : {}),
  };
}

export function breadcrumbs(page: PageInfo, site: SiteConfig): BreadcrumbList {
  const trail = page.breadcrumbs;
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

export function webPage(page: PageInfo, site: SiteConfig, withBreadcrumb: boolean): WebPage {
  return {
    '@type': 'WebPage',
    '@id': `${page.url}#webpage`,
    url: page.url,
    name: page.title,
    description: page.description,
    inLanguage: site.locale.replace('_', '-'),
    isPartOf: { '@type': 'WebSite', '@id': `${site.baseUrl}/#website`, name: site.name, url: `${site.baseUrl}/` },
    publisher: { '@id': organizationId(site) },
    ...(withBreadcrumb ? { breadcrumb: { '@id': `${page.url}#breadcrumb` } } : {}),
  };
}

export function pageGraph(page: PageInfo, site: SiteConfig, extra: Thing[] = [], publish?: Publish): Graph {
  const withBreadcrumb = page.route !== '/' && !page.isNotFound;
  const graph: Thing[] = [organization(site, publish), webPage(page, site, withBreadcrumb)];
  if (withBreadcrumb) graph.push(breadcrumbs(page, site));
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
