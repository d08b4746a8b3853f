/**
 * Every internal link, image and script in the rendered pages, and every site
 * URL an island's props name, must point at a page, a file, or an anchor that
 * exists. Planned routes (declared in the site
 * config) are allowed and reported as warnings instead.
 */
import type { MarkdownLink } from '../markdown/page-links';
import { CONFIG_FILE } from '../pages/list-pages';
import { routeOfHtmlName, routeOfPath } from '../pages/routes';
import { closestPath, editDistance } from '../base/closest';
import { SiteError } from '../base/errors';
import type { PageLinks } from '../render/html-links';

function percentDecoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

export interface LinkCheck {
  errors: SiteError[];
  /** Planned route → files that link to it. */
  planned: Map<string, Set<string>>;
}

/** What the link check knows of the markdown's links to markdown files (markdown/page-links.ts), to report them as written. */
export interface MarkdownLinks {
  /** The links a page's markdown wrote to markdown files, by the page's route. */
  of(route: string): readonly MarkdownLink[] | undefined;
  /** The route of the page made from a file (as errors show it), if it is a page. */
  routeOfFile(file: string): string | undefined;
}

export function checkLinks(
  pages: PageLinks[],
  files: ReadonlySet<string>,
  plannedRoutes: readonly string[],
  markdown?: MarkdownLinks,
  /** Routes of pages that failed to load (link-check.ts): links to them are not checked. */
  unchecked: ReadonlySet<string> = new Set(),
  /** Old addresses (redirect_from, aliases) → the route each redirects to: a link to one is checked on that page. */
  redirects: ReadonlyMap<string, string> = new Map(),
): LinkCheck {
  const idsByRoute = new Map(pages.map((p) => [p.route, new Set(p.ids)]));
  const planned = new Map<string, Set<string>>(plannedRoutes.map((route) => [route, new Set()]));
  const errors: SiteError[] = [];

  /** What is wrong with a link to `route` (and `fragment`), if anything; planned routes are fine. */
  const problemOf = (route: string, fragment: string | undefined, written: string): string | undefined => {
    if (planned.has(route) || unchecked.has(route)) return undefined;
    const ids = idsByRoute.get(route);
    if (!ids)
      return files.has(written.slice(1)) || files.has(percentDecoded(written.slice(1)))
        ? undefined
        : `${written} is not a page or a file of the site`;
    // Browsers look for the fragment as written, then percent-decoded (markdown links to `#безопасность` are encoded).
    const id = fragment && percentDecoded(fragment);
    if (fragment && id && !ids.has(fragment) && !ids.has(id)) {
      // A heading renamed, or a slug written by hand, is usually a slip away from the id it meant; one that starts
      // with it (a word added to the heading, a `-1` for its second use) first.
      const found =
        closestPath(
          id,
          [...ids].filter((other) => other.startsWith(id)),
        ) ?? closestPath(id, [...ids]);
      // Not one that differs in half its characters or more (two words of two characters each, say).
      const near = found && editDistance(id.toLowerCase(), found.toLowerCase()) * 2 < id.length ? found : undefined;
      return `${route} has no element with id "${id}"${near ? `; the nearest is "#${near}"` : ''}`;
    }
    return undefined;
  };
  // A link that starts with "/" means the same on every page: checked once, however many pages share it (the header's and footer's links are on all of them).
  const verdicts = new Map<string, { route: string; problem: string | undefined }>();

  for (const page of pages) {
    for (const link of page.links) {
      if (!(link.startsWith('/') || link.startsWith('#')) || link.startsWith('//') || link === '#') continue;
      let verdict = link.startsWith('/') ? verdicts.get(link) : undefined;
      if (!verdict) {
        const hash = link.indexOf('#');
        const target = hash === -1 ? link : link.slice(0, hash);
        const fragment = hash === -1 ? undefined : link.slice(hash + 1);
        // A path names the route a host serves at it: `/guide/` and `/Guide` are /guide, `/c%2B%2B` is /c++ (routes.ts).
        const asked = target === '' ? page.route : (routeOfPath(target.replace(/(.)\/+$/, '$1')) ?? target);
        // `chapter.html` is the page /chapter, as hosts answer it (routes.ts): its #fragment is checked on that page.
        const named = idsByRoute.has(asked) ? undefined : routeOfHtmlName(asked);
        const found = named !== undefined && idsByRoute.has(named) ? named : asked;
        const route = idsByRoute.has(found) ? found : (redirects.get(found) ?? found);
        verdict = { route, problem: problemOf(route, fragment, target === '' ? page.route : target) };
        if (target !== '') verdicts.set(link, verdict);
      }
      planned.get(verdict.route)?.add(page.file);
      if (verdict.problem) {
        // A link the markdown wrote is reported as written, on its line. The HTML holds its URL percent-encoded
        // (`#如何` is `#%E5%A6%82%E4%BD%95`), so both are compared decoded.
        const decoded = percentDecoded(link);
        const written =
          markdown?.of(page.route)?.filter((md) => md.url === link || percentDecoded(md.url) === decoded) ?? [];
        for (const md of written) {
          const { problem, hint } = asWritten(md, page.file, verdict.problem, markdown!, idsByRoute.has(verdict.route));
          errors.push(
            new SiteError(
              'BrokenLink',
              { href: md.href, route: page.route, problem },
              { file: page.file, field: md.href, line: md.line, ...(hint ? { hint } : {}) },
            ),
          );
        }
        if (written.length === 0)
          errors.push(
            new SiteError(
              'BrokenLink',
              { href: link, route: page.route, problem: verdict.problem },
              { file: page.file, field: link },
            ),
          );
      }
    }
  }
  // A relative link that climbs out of the pages folder names nothing the site publishes.
  for (const page of pages)
    for (const md of markdown?.of(page.route) ?? [])
      if (md.outside)
        errors.push(
          new SiteError(
            'BrokenLink',
            { href: md.href, route: page.route, problem: 'it leads out of the pages folder' },
            {
              file: page.file,
              field: md.href,
              line: md.line,
              hint: 'Only files inside the pages folder are published: copy the file into it and link to it there, or, for a page of another site (another book on the same host), write its full URL.',
            },
          ),
        );
  return { errors, planned };
}

/**
 * What is wrong with a broken link `md` the markdown of `file` wrote, told as the markdown wrote it: a file beside
 * the page that is not there, a markdown file that is no page or whose slug moved its route, or else `problem`
 * (a missing anchor, a route that is no page). `hint` is left to the catalogue when it has nothing more precise.
 */
function asWritten(
  md: MarkdownLink,
  file: string,
  problem: string,
  markdown: MarkdownLinks,
  /** The link leads to a page (`chapter.html`, a page's own file name): what is missing is its #fragment. */
  toPage: boolean,
): { problem: string; hint?: string } {
  if (md.beside !== undefined && !toPage)
    return {
      problem: `${md.beside || '/'} is not a page of the site, nor a file in the pages folder that it publishes`,
      hint: `The link is read from the folder of ${file}, as GitHub reads it: correct the path, or add the file there (not a dotfile, .md or ${CONFIG_FILE}).`,
    };
  if (md.file === undefined) return { problem };
  const route = markdown.routeOfFile(md.file);
  if (route === undefined)
    return {
      problem: `${md.target} is not a page of the site (no such markdown file in the pages folder)`,
      hint: `Write the path of the markdown file from this page's folder (or from the pages folder, starting with /), or create ${md.target}.`,
    };
  if (route !== md.url.replace(/[?#].*$/, ''))
    return {
      problem: `${md.target} is published at ${route} (its slug); link to ${route} instead`,
      hint: `Link to ${route}, the route the slug gives ${md.target}.`,
    };
  return { problem };
}
