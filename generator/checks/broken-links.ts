/**
 * Every internal link, image and script in the rendered pages, and every site
 * URL an island's props name, must point at a page, a file, or an anchor that
 * exists. Planned routes (declared in the site
 * config) are allowed and reported as warnings instead.
 */
import type { MarkdownLink } from '../markdown/page-links';
import { CONFIG_FILE, isPageSource } from '../pages/list-pages';
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

/**
 * What the check of one page's links reads of the rest of the site, each read recorded by the page that made it
 * (checks/link-index.ts keeps them, so that an update checks again only the pages that read what it changed).
 */
export interface LinkWorld {
  /** The ids of the page at `route`, or undefined when no page is there. */
  idsOf(route: string): ReadonlySet<string> | undefined;
  /** Whether the output (or the public folder) has a file at `path`, relative to the output. */
  hasFile(path: string): boolean;
  /** The route an old address (redirect_from, aliases) redirects to. */
  redirectOf(route: string): string | undefined;
  /** The route of the page made from a markdown file (as errors show it), if it is a page. */
  routeOfFile(file: string): string | undefined;
  /** The links a page's markdown wrote to markdown files, by the page's route: the page's own. */
  markdownOf(route: string): readonly MarkdownLink[] | undefined;
  /** Planned routes (site.yml): links to them are allowed. */
  planned: ReadonlySet<string>;
  /** Routes of pages that failed to load (link-check.ts): links to them are not checked. */
  unchecked: ReadonlySet<string>;
}

/** What a page's links read of the site: the page at a route, a file, a redirect, the page of a markdown file. */
export const readKey = {
  route: (route: string) => `r\u0000${route}`,
  file: (path: string) => `f\u0000${path}`,
  redirect: (route: string) => `d\u0000${route}`,
  markdownFile: (file: string) => `m\u0000${file}`,
};

/** One page's verdict: its broken links, the planned routes it links to, and every key of the site it read. */
export interface PageCheck {
  errors: SiteError[];
  planned: string[];
  reads: Set<string>;
}

/**
 * Checks pages' links against `world`, one page at a time. A link that starts with "/" means the same on every page:
 * its verdict is found once per checker, however many pages share it (the header's and footer's links are on all of
 * them), and each page that shares it is given what finding it read.
 */
export function linkChecker(world: LinkWorld): (page: PageLinks) => PageCheck {
  const verdicts = new Map<string, { route: string; problem: string | undefined; reads: string[] }>();
  return (page) => {
    const reads = new Set<string>();
    let found: string[] = [];
    const idsOf = (route: string) => {
      found.push(readKey.route(route));
      return world.idsOf(route);
    };
    const hasFile = (path: string) => {
      found.push(readKey.file(path));
      return world.hasFile(path);
    };
    const isPage = (route: string) => idsOf(route) !== undefined;
    /** What is wrong with a link to `route` (and `fragment`), if anything; planned routes are fine. */
    const problemOf = (route: string, fragment: string | undefined, written: string): string | undefined => {
      if (world.planned.has(route) || world.unchecked.has(route)) return undefined;
      const ids = idsOf(route);
      if (!ids)
        return hasFile(written.slice(1)) || hasFile(percentDecoded(written.slice(1)))
          ? undefined
          : `${written} is not a page or a file of the site`;
      // Browsers look for the fragment as written, then percent-decoded (markdown links to `#безопасность` are encoded).
      const id = fragment && percentDecoded(fragment);
      if (fragment && id && !ids.has(fragment) && !ids.has(id)) {
        // A heading renamed, or a slug written by hand, is usually a slip away from the id it meant; one that starts
        // with it (a word added to the heading, a `-1` for its second use) first.
        const near =
          closestPath(
            id,
            [...ids].filter((other) => other.startsWith(id)),
          ) ?? closestPath(id, [...ids]);
        // Not one that differs in half its characters or more (two words of two characters each, say).
        const shown = near && editDistance(id.toLowerCase(), near.toLowerCase()) * 2 < id.length ? near : undefined;
        return `${route} has no element with id "${id}"${shown ? `; the nearest is "#${shown}"` : ''}`;
      }
      return undefined;
    };
    const errors: SiteError[] = [];
    const planned = new Set<string>();
    for (const link of page.links) {
      if (!(link.startsWith('/') || link.startsWith('#')) || link.startsWith('//') || link === '#') continue;
      let verdict = link.startsWith('/') ? verdicts.get(link) : undefined;
      if (!verdict) {
        found = [];
        const hash = link.indexOf('#');
        // A host answers a path whatever its query (`/guide?tab=npm` is /guide): the path is what must exist.
        const target = (hash === -1 ? link : link.slice(0, hash)).replace(/\?.*$/, '');
        const fragment = hash === -1 ? undefined : link.slice(hash + 1);
        // A path names the route a host serves at it: `/guide/` and `/Guide` are /guide, `/c%2B%2B` is /c++ (routes.ts).
        const asked = target === '' ? page.route : (routeOfPath(target.replace(/(.)\/+$/, '$1')) ?? target);
        // `chapter.html` is the page /chapter, as hosts answer it (routes.ts): its #fragment is checked on that page.
        const named = isPage(asked) ? undefined : routeOfHtmlName(asked);
        const at = named !== undefined && isPage(named) ? named : asked;
        let route = at;
        if (!isPage(at)) {
          found.push(readKey.redirect(at));
          route = world.redirectOf(at) ?? at;
        }
        verdict = { route, problem: problemOf(route, fragment, target === '' ? page.route : target), reads: found };
        if (target !== '') verdicts.set(link, verdict);
      }
      for (const key of verdict.reads) reads.add(key);
      if (world.planned.has(verdict.route)) planned.add(verdict.route);
      if (verdict.problem) {
        // A link the markdown wrote is reported as written, on its line. The HTML holds its URL percent-encoded
        // (`#如何` is `#%E5%A6%82%E4%BD%95`), so both are compared decoded.
        const decoded = percentDecoded(link);
        const written =
          world.markdownOf(page.route)?.filter((md) => md.url === link || percentDecoded(md.url) === decoded) ?? [];
        for (const md of written) {
          if (md.file !== undefined) reads.add(readKey.markdownFile(md.file));
          const toPage = world.idsOf(verdict.route) !== undefined;
          const { problem, hint } = asWritten(md, page.file, verdict.problem, world, toPage);
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
              { file: page.file, field: link, hint: notWrittenHint(page.file) },
            ),
          );
      }
    }
    // A relative link that climbs out of the pages folder names nothing the site publishes.
    for (const md of world.markdownOf(page.route) ?? [])
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
    return { errors, planned: [...planned], reads };
  };
}

/**
 * The hint of a broken link the page's markdown does not write (no line to name): a list's summary of another page
 * shows that page's links on the list, and a template writes its own.
 */
const notWrittenHint = (file: string) =>
  `The markdown of ${file} does not write this link: the page's template does, or it shows it from another page (a list's summary of a post, say, whose markdown is where to mend it). Link to an existing route or anchor, or declare the route in plannedRoutes in the site config.`;

/** The links of `pages` checked against each other and `files`: every page's verdict at once. */
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
  const check = linkChecker({
    idsOf: (route) => idsByRoute.get(route),
    hasFile: (path) => files.has(path),
    redirectOf: (route) => redirects.get(route),
    routeOfFile: (file) => markdown?.routeOfFile(file),
    markdownOf: (route) => markdown?.of(route),
    planned: new Set(plannedRoutes),
    unchecked,
  });
  const planned = new Map<string, Set<string>>(plannedRoutes.map((route) => [route, new Set()]));
  const errors: SiteError[] = [];
  for (const page of pages) {
    const verdict = check(page);
    errors.push(...verdict.errors);
    for (const route of verdict.planned) planned.get(route)!.add(page.file);
  }
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
  markdown: Pick<LinkWorld, 'routeOfFile'>,
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
  // A file in a `_` or `.` folder, or in public/, is never a page, whether it is there or not (list-pages.ts).
  if (route === undefined && md.target !== undefined && !isPageSource(md.target))
    return {
      problem: `${md.target} is not a page of the site: markdown in a folder or file whose name starts with _ or ., or in public/, is not built`,
      hint: `Move ${md.target} out of that folder to build it as a page, or paste its text where it is wanted (another tool's include, such as Docsify's ':include', is not run here).`,
    };
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
