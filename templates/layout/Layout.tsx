import { Island } from '../../generator/theme';
import type { SiteConfig } from '../config';
import type { LayoutProps, PageInfo } from '../../generator/theme';
import { Header } from '../../islands/navigation';
import { Toaster } from '../../islands/toaster';
import { Footer } from './Footer';

/**
 * The route the header marks as current, or '' when no navigation link leads to
 * it or above it. Pages the navigation does not reach then share one header
 * (with equal props an island is rendered once per build).
 */
const pathsByNavigation = new WeakMap<SiteConfig['navigation'], string[]>();
function headerRoute(route: string, navigation: SiteConfig['navigation']): string {
  let paths = pathsByNavigation.get(navigation);
  if (!paths) {
    paths = [
      ...navigation.groups.flatMap((group) => [group.path, ...group.items.map((item) => item.path.split('#')[0]!)]),
      ...navigation.links.map((link) => link.href),
    ];
    pathsByNavigation.set(navigation, paths);
  }
  return paths.some((path) => route === path || (path !== '/' && route.startsWith(`${path}/`))) ? route : '';
}

/** All the Layout sees of a page: the route its navigation marks as current. */
export const layoutKey = (page: PageInfo, site: SiteConfig) => headerRoute(page.route, site.navigation);

/** Every page: skip link, fixed header (navigation island), main content, footer, and the on-demand toaster. */
export function Layout({ layout: route, site, children }: LayoutProps<string, SiteConfig>) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island
        name="navigation"
        component={Header}
        props={{ name: site.name, logo: site.logo, route, navigation: site.navigation }}
        trigger="interaction"
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} />
      <Island name="toaster" component={Toaster} props={{}} trigger="manual" />
    </>
  );
}
