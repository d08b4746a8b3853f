/**
 * Every page: a skip link, a header naming the site (a link home, when the site has a home page) with the search box
 * and the colour scheme button, the page, and a footer.
 */
import { Island, type LayoutProps } from 'site';
import { Search } from './islands/features/search';
import { ThemeToggle } from './islands/features/theme-toggle';

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
            {/* Started on the first focus or pointer on it (or its keys, search-shortcut.ts): Pagefind loads then. */}
            <Island name="search" component={Search} props={{ index: '/pagefind/pagefind.js' }} trigger="interaction" />
            {/* Started on the first pointer or focus on it: a page nobody switches loads no JavaScript for it. */}
            <Island name="theme-toggle" component={ThemeToggle} props={{}} trigger="interaction" />
          </div>
        </div>
      </header>
      {/* What the search index reads of a page (Pagefind skips its nav and footer elements: the sidebar, breadcrumbs, pager). */}
      <main id="main" tabIndex={-1} data-pagefind-body="">
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
