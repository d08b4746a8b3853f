/**
 * A page's place in the site: Home, then the navigation group that lists it
 * (if any), then the page. Used for the visible breadcrumbs and the JSON-LD.
 */
import type { SiteConfig } from './config';

export interface Crumb {
  name: string;
  route: string;
}

export function breadcrumbTrail(route: string, name: string, site: Pick<SiteConfig, 'navigation'>): Crumb[] {
  if (route === '/') return [{ name: 'Home', route }];
  const group = site.navigation.groups.find((g) => g.path !== route && g.items.some((item) => item.path === route));
  return [{ name: 'Home', route: '/' }, ...(group ? [{ name: group.label, route: group.path }] : []), { name, route }];
}
