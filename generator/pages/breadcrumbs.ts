/**
 * A page's place in the site, for the visible breadcrumbs and the JSON-LD.
 * The engine's trail is Home, then the page; a theme that knows more (a
 * navigation grouping pages) gives its own (theme.breadcrumbs).
 */

export interface Crumb {
  name: string;
  route: string;
}

/** Home, then the page, named by `label` (its frontmatter's `breadcrumb`) or its title. */
export function breadcrumbTrail(page: { route: string; title: string; label?: string }): Crumb[] {
  if (page.route === '/') return [{ name: 'Home', route: '/' }];
  return [
    { name: 'Home', route: '/' },
    { name: page.label ?? page.title, route: page.route },
  ];
}
