/**
 * A page's place in the site: Home, then the navigation group that lists it
 * (if any), then the page. Used for the visible breadcrumbs and the JSON-LD.
 * A page is named as the navigation names it (short), else by its title.
 */
import type { SiteConfig } from './config';

export interface Crumb {
  name: string;
  route: string;
}

type Site = Pick<SiteConfig, 'navigation' | 'footer'>;

/** The label the site's navigation or footer gives a route, if any. */
export function navigationLabel(route: string, site: Site): string | undefined {
  const { groups, links } = site.navigation;
  return (
    groups.find((g) => g.path === route)?.label ??
    groups.flatMap((g) => g.items).find((item) => item.path === route)?.name ??
    links.find((l) => l.href === route)?.label ??
    site.footer.columns.flatMap((c) => c.links).find((l) => l.href === route)?.label
  );
}

export function breadcrumbTrail(route: string, title: string, site: Site, label?: string): Crumb[] {
  if (route === '/') return [{ name: 'Home', route }];
  const group = site.navigation.groups.find((g) => g.path !== route && g.items.some((item) => item.path === route));
  const name = label ?? navigationLabel(route, site) ?? title;
  return [{ name: 'Home', route: '/' }, ...(group ? [{ name: group.label, route: group.path }] : []), { name, route }];
}
