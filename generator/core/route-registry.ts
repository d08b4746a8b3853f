/**
 * One registry of every address a build publishes: each page's route (the site's own, and those pagination and tags
 * make, collections/plan.ts) and each file the build makes beside them (the feeds, sitemap.xml, robots.txt, _headers,
 * security.txt, the speculation rules, the social card and icons, the assets). A host serves a page at its route and
 * a file at its path, so a page at a file's path is never reached (the file answers): DuplicateRoute, naming the page
 * and what makes the file. A route that ends in /index is written as its folder's index.html, which hosts serve at
 * the folder's address and not at its own: IndexRoute.
 */
import { SiteError } from '../base/errors';
import type { Plan } from '../collections/plan';
import { outputFileOf } from '../pages/routes';

/** The file a route names as a path, its segments decoded (`/blog/feed.xml` → `blog/feed.xml`). */
const pathOfRoute = (route: string) =>
  route
    .slice(1)
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');

/** Every collision between the routes of `plan` and the files the build makes (`host`: output path → contents). */
export function routeCollisions(plan: Plan, host: ReadonlyMap<string, unknown>): SiteError[] {
  const errors: SiteError[] = [];
  for (const { page } of plan.pages.values()) {
    if (page.route === '/') continue;
    const at = pathOfRoute(page.route);
    // A page of the plan (a tag page, a page of a paginated list) where the build writes another file: a redirect.
    const written = outputFileOf(page.route);
    if (page.source === undefined && host.has(written))
      errors.push(
        new SiteError(
          'DuplicateRoute',
          { route: page.route, first: page.file, second: `${written}, a file the build makes (a redirect)` },
          {
            file: page.file,
            hint: `The build makes a page at ${page.route} (for a folder without an index.md, a list of tags or a page of a list) where a page's redirect_from or aliases names an old address: give the folder its own index.md, or remove that old address.`,
          },
        ),
      );
    if (host.has(at)) {
      const maker = plan.feedPages.get(at);
      const made = maker === undefined ? `${at}, a file the build makes` : `the feed of ${maker}`;
      errors.push(
        new SiteError(
          'DuplicateRoute',
          { route: page.route, first: page.file, second: made },
          {
            file: page.file,
            field: page.data.slug === undefined ? undefined : 'slug',
            hint: `The build writes ${at} at that address, so the page would never be reached. Rename the page, or give it another slug (slug: …).`,
          },
        ),
      );
    }
    if (/\/index$/.test(page.route))
      errors.push(
        new SiteError(
          'IndexRoute',
          {
            route: page.route,
            file: page.file,
            written: outputFileOf(page.route),
            served: page.route.slice(0, -6) || '/',
          },
          { file: page.file, field: page.data.slug === undefined ? undefined : 'slug' },
        ),
      );
  }
  return errors;
}
