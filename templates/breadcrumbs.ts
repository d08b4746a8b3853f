/**
 * This site's breadcrumbs: Home, then the navigation group that lists the page
 * (if any), then the page, named as the navigation names it (short), else by
 * its title.
 */
import type { Crumb } from '../generator/theme';
import type { SiteConfig } from './config';

type Site = Pick<SiteConfig, 'navigation' | 'footer'>;

/** Route → label, from the navigation groups, their items, the links and the footer (the first that names a route wins). */
const labelsBySite = new WeakMap<Site['navigation'], Map<string, string>>();
function labels(site: Site): Map<string, string> {
  let byRoute = labelsBySite.get(site.navigation);
  if (!byRoute) {
    byRoute = new Map();
    const { groups, links } = site.navigation;
    const named: [string, string][] = [
      ...groups.map((g): [string, string] => [g.path, g.label]),
      ...groups.flatMap((g) => g.items).map((item): [string, string] => [item.path, item.name]),
      ...links.map((l): [string, string] => [l.href, l.label]),
      ...site.footer.columns.flatMap((c) => c.links).map((l): [string, string] => [l.href, l.label]),
    ];
    for (const [route, label] of named) if (!byRoute.has(route)) byRoute.set(route, label);
    labelsBySite.set(site.navigation, byRoute);
  }
  return byRoute;
}

/** The label the site's navigation or footer gives a route, if any. */
export function navigationLabel(route: string, site: Site): string | undefined {
  return labels(site).get(route);
}

export function breadcrumbTrail(
  { route, title, label }: { route: string; title: string; label?: string },
  site: Site,
): Crumb[] {
  if (route === '/') return [{ name: 'Home', route }];
  const group = site.navigation.groups.find((g) => g.path !== route && g.items.some((item) => item.path === route));
  const name = label ?? navigationLabel(route, site) ?? title;
  return [{ name: 'Home', route: '/' }, ...(group ? [{ name: group.label, route: group.path }] : []), { name, route }];
}
