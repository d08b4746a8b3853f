/**
 * Routes come from file paths (`pages/about.md` is `/about`, `pages/index.md`
 * is `/`), exactly as a route table writes them: no trailing slash. A route
 * is written to `about.html`, which static hosts serve at `/about`.
 */
import { SiteError } from '../core/errors';

export const NOT_FOUND_ROUTE = '/404';
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `about.md` → `/about`; `index.md` → `/`; `guides/index.md` → `/guides`. */
export function routeFromFile(relativeFile: string, slug?: string): string {
  const parts = relativeFile.replace(/\\/g, '/').replace(/\.md$/, '').split('/');
  if (slug !== undefined) parts[parts.length - 1] = slug;
  if (parts[parts.length - 1] === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

/** Rejects anything that is not plain lowercase segments, which also rules out `..`, `/`, `\` and `%`. */
export function assertSafeRoute(route: string, where: { file: string; field?: string }): void {
  const segments = route === '/' ? [] : route.slice(1).split('/');
  const bad = segments.find((segment) => !SEGMENT.test(segment));
  if (bad !== undefined) {
    throw new SiteError('UnsafeRoute', { route, segment: bad }, where);
  }
}

/** `/` → `index.html`; `/about` → `about.html`; `/a/b` → `a/b.html`. */
export function outputFileOf(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/** The absolute URL a route is served at. */
export function urlOf(baseUrl: string, route: string): string {
  return route === '/' ? `${baseUrl}/` : `${baseUrl}${route}`;
}
