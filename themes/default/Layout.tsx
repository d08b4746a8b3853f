/** Every page: a skip link, a header naming the site (a link home), the page, and a footer. */
import type { LayoutProps } from 'site';

export function Layout({ site, children }: LayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="wrap">
          <a className="site-name" href="/">
            {site.name}
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="wrap">
          <p>
            <a href="/">{site.name}</a>
          </p>
        </div>
      </footer>
    </>
  );
}
