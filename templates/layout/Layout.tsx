import { Island } from '../../generator/island';
import type { LayoutProps } from '../../generator/types';
import { Header } from '../../islands/navigation';
import { Toaster } from '../../islands/toaster';
import { Footer } from './Footer';

/** Every page: skip link, fixed header (navigation island), main content, footer, and the on-demand toaster. */
export function Layout({ page, site, children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="navigation" component={Header} props={{ name: site.name, logo: site.logo, route: page.route, navigation: site.navigation }} trigger="interaction" />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} />
      <Island name="toaster" component={Toaster} props={{}} trigger="manual" />
    </>
  );
}
