/** Every page: a skip link, a header naming the site with a link to the blog, the page, and a footer. */
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
          <nav className="site-nav" aria-label="Site">
            <a href="/blog">Blog</a>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="wrap">
          <p>
            <a href="/">{site.name}</a> · <a href="/blog/feed.xml">Atom feed</a>
          </p>
        </div>
      </footer>
    </>
  );
}
