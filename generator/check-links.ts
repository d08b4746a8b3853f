/**
 * Every internal link, image and script in the rendered pages must point at a
 * page, a file, or an anchor that exists. Planned routes (declared in the site
 * config) are allowed and reported as warnings instead.
 */
import { SiteError } from './errors';
import type { RenderedPage } from './render-pages';

const ATTRIBUTE = /\s(?:href|src)="([^"]*)"/g;
const ID = /\sid="([^"]*)"/g;

const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

export interface LinkCheck {
  errors: SiteError[];
  /** Planned route → files that link to it. */
  planned: Map<string, Set<string>>;
}

/** Links and ids of a rendered page, parsed once per page (watch mode keeps unchanged pages). */
const parsed = new WeakMap<RenderedPage, { links: string[]; ids: Set<string> }>();
function parse(page: RenderedPage) {
  let result = parsed.get(page);
  if (!result) {
    result = { links: [...new Set([...page.html.matchAll(ATTRIBUTE)].map((m) => decode(m[1]!)))], ids: new Set([...page.html.matchAll(ID)].map((m) => decode(m[1]!))) };
    parsed.set(page, result);
  }
  return result;
}

export function checkLinks(pages: RenderedPage[], files: ReadonlySet<string>, plannedRoutes: readonly string[]): LinkCheck {
  const idsByRoute = new Map(pages.map((p) => [p.page.route, parse(p).ids]));
  const planned = new Map<string, Set<string>>(plannedRoutes.map((route) => [route, new Set()]));
  const errors: SiteError[] = [];

  for (const rendered of pages) {
    const { page } = rendered;
    for (const link of parse(rendered).links) {
      if (!(link.startsWith('/') || link.startsWith('#')) || link.startsWith('//') || link === '#') continue;
      const [target = '', fragment] = link.split('#', 2);
      const route = target === '' ? page.route : target;
      const problem = (() => {
        if (planned.has(route)) {
          planned.get(route)!.add(page.file);
          return undefined;
        }
        const ids = idsByRoute.get(route);
        if (!ids) return files.has(route.slice(1)) ? undefined : `${route} is not a page or a file of the site`;
        if (fragment && !ids.has(fragment)) return `${route} has no element with id "${fragment}"`;
        return undefined;
      })();
      if (problem) {
        errors.push(new SiteError('BrokenLink', `Link "${link}" on ${page.route} is broken: ${problem}`, { file: page.file, field: link }));
      }
    }
  }
  return { errors, planned };
}
