/**
 * The theme's ways between pages, drawn from the navigation the engine gives a template that asks for it
 * (`navigation: true`): a sidebar of the site's pages (the top level, the current page's branch open), the page's
 * breadcrumbs above its title, and links to the previous and next pages at its foot. No JavaScript: on a phone the
 * sidebar is behind a <details> menu button, which the stylesheet (nav.css) keeps open and hides on a wide screen.
 */
import type { ReactNode } from 'react';
import type { Crumb, NavItem, NavLink, NavOmitted, Navigation } from 'site';

const count = (n: number) => `${n.toLocaleString('en')} more`;

/** The entries a list left out, said where they are: a link to their section's page when it has one. */
function Omitted({ omitted, at, where }: { omitted: NavOmitted; at: 'before' | 'after'; where?: NavItem }) {
  const n = omitted[at];
  if (n === 0) return null;
  return (
    <li className="nav-more">
      {where?.route ? <a href={where.route}>{`${count(n)} in ${where.title}`}</a> : <span>{count(n)}</span>}
    </li>
  );
}

function Entries({ items, omitted, parent }: { items: NavItem[]; omitted?: NavOmitted; parent?: NavItem }) {
  return (
    <ul>
      {omitted && <Omitted omitted={omitted} at="before" where={parent} />}
      {items.map((item, i) => (
        <Entry key={item.route ?? `label-${i}`} item={item} />
      ))}
      {omitted && <Omitted omitted={omitted} at="after" where={parent} />}
    </ul>
  );
}

function Entry({ item }: { item: NavItem }) {
  // A section whose entries are shown (an ancestor of the page, or the page itself) is open; one not shown says so.
  const shown = item.items !== undefined && item.items.length > 0;
  const classes = [item.section && 'nav-section', shown && 'nav-open'].filter(Boolean).join(' ') || undefined;
  return (
    <li className={classes}>
      {item.route ? (
        <a href={item.route} aria-current={item.current ? 'page' : undefined}>
          {item.title}
        </a>
      ) : (
        <span className="nav-label">{item.title}</span>
      )}
      {item.items && item.items.length > 0 && <Entries items={item.items} omitted={item.omitted} parent={item} />}
    </li>
  );
}

/** The site's pages: behind a menu button on a phone, a column beside the page on a wide screen. */
export function Sidebar({ navigation }: { navigation: Navigation }) {
  if (navigation.items.length === 0) return null;
  return (
    <details className="nav-menu">
      {/* Not a word of the page: the search index leaves it out (its sidebar is a nav, which Pagefind skips). */}
      <summary data-pagefind-ignore="">Menu</summary>
      <nav className="sidebar" aria-label="Pages">
        <Entries items={navigation.items} omitted={navigation.omitted} />
      </nav>
    </details>
  );
}

/** Home, the page's sections, then the page itself (not a link: it is where the reader is). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.route}>
            {i === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <a href={crumb.route}>{crumb.name}</a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function PagerLink({ link, rel, label }: { link: NavLink; rel: 'prev' | 'next'; label: string }) {
  return (
    <a className={`pager-${rel}`} href={link.route} rel={rel}>
      <span className="pager-label">{label}</span>
      <span className="pager-title">{link.title}</span>
    </a>
  );
}

/** The previous and next pages in reading order. */
export function Pager({ navigation }: { navigation: Navigation }) {
  const { previous, next } = navigation;
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label="Previous and next pages">
      {previous && <PagerLink link={previous} rel="prev" label="Previous" />}
      {next && <PagerLink link={next} rel="next" label="Next" />}
    </nav>
  );
}

/** A page with the site's navigation around it: the sidebar beside it, or nothing around it without navigation. */
export function WithNavigation({ navigation, children }: { navigation?: Navigation; children: ReactNode }) {
  // A site of one page has no sidebar: its page takes the whole width, not the sidebar's column.
  if (!navigation || navigation.items.length === 0) return <>{children}</>;
  return (
    <div className="docs">
      <Sidebar navigation={navigation} />
      {children}
    </div>
  );
}
