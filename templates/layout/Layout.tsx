import type { LayoutProps } from '../../generator/types';
import { Footer } from './Footer';
import { Header } from './Header';

/** Every page: skip link, fixed header, the page's main content, footer. */
export function Layout({ page, site, children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header site={site} route={page.route} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} />
    </>
  );
}
