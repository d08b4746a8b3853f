/**
 * Every page: a skip link, a header naming the site with a link to the blog and the built-in theme's tools (its
 * search box and colour scheme button, the engine's islands: `site/theme/islands/...`), the page, and a footer.
 * The blog needs no sidebar: its list pages, tags and each post's previous and next are its way between posts.
 */
import { Island, type LayoutProps } from 'site';
import { Search } from 'site/theme/islands/features/search';
import { ThemeToggle } from 'site/theme/islands/features/theme-toggle';

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
          <div className="header-tools">
            <Island name="search" component={Search} props={{ index: '/pagefind/pagefind.js' }} trigger="interaction" />
            <Island name="theme-toggle" component={ThemeToggle} props={{}} trigger="interaction" />
          </div>
        </div>
      </header>
      {/* What the search index reads of a page: the posts' and lists' text, not the header or footer. */}
      <main id="main" tabIndex={-1} data-pagefind-body="">
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
