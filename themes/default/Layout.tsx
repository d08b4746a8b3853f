/**
 * Every page: a skip link, a header naming the site (a link home, when the site has a home page) with the colour
 * scheme button, the page, and a footer.
 */
import { Island, type LayoutProps } from 'site';
import { ThemeToggle } from './islands/theme-toggle';

export function Layout({ site, routes, children }: LayoutProps) {
  // A folder of markdown brought from elsewhere may have no home page (no index.md nor README.md): the name is then not a link to a page that is not there.
  const home = routes.has('/');
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="wrap">
          {home ? (
            <a className="site-name" href="/">
              {site.name}
            </a>
          ) : (
            <span className="site-name">{site.name}</span>
          )}
          <div className="header-tools">
            {/* Started on the first pointer or focus on it: a page nobody switches loads no JavaScript for it. */}
            <Island name="theme-toggle" component={ThemeToggle} props={{}} trigger="interaction" />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="wrap">
          <p>{home ? <a href="/">{site.name}</a> : site.name}</p>
        </div>
      </footer>
    </>
  );
}
