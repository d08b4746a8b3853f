/**
 * The #fragments of `site check`: each link on a page of the output that names a fragment of a page of the output is
 * checked against the ids that page holds, read from the pages' HTML, whatever order the crawl fetched them in.
 * linkinator's own fragment check (7.6) validates a page's fragments only when it fetches that page after a link
 * naming them was read, skips a page it takes for a soft 404 (noindex with nofollow), and takes `href="#x"` on an
 * element with an id for a target named x: each of these passed a missing anchor.
 */
import { Parser } from 'htmlparser2';

/** What a page offers links to (its ids, and `<a name>`, which browsers scroll to) and the links on it that name a fragment. */
interface Anchors {
  ids: Set<string>;
  hrefs: string[];
}

function anchorsOf(html: string): Anchors {
  const ids = new Set<string>();
  const hrefs: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id !== undefined) ids.add(attributes.id);
        if (name === 'a' && attributes.name !== undefined) ids.add(attributes.name);
        const href = attributes.href;
        if ((name === 'a' || name === 'area') && href !== undefined && href.includes('#')) hrefs.push(href);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { ids, hrefs };
}

/** Whether `fragment` (as a URL holds it, without its `#`) scrolls to something on a page with `ids`, as browsers find it. */
function holds(ids: ReadonlySet<string>, fragment: string): boolean {
  if (ids.has(fragment)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return false;
  }
  // An empty fragment and `top` (without an element of that id) are the top of the page (the HTML standard).
  return decoded === '' || ids.has(decoded) || decoded.toLowerCase() === 'top';
}

export interface MissingFragment {
  /** The page the link is on. */
  page: string;
  /** The target page's route and the fragment: `/guide#install`. */
  link: string;
  /** The fragment as the link wrote it, without its `#`. */
  fragment: string;
}

/**
 * The links of `pages` (route → HTML) naming a fragment that their target page does not hold, and how many distinct
 * links to a fragment of a page were checked. `routeOf` gives the
 * route of a URL of the site, or undefined for a URL that is not the site's; `urlOf` a page's URL, for resolving its
 * relative links as a browser does. Links to what is not a page of `pages` are the crawl's to check.
 */
export function missingFragments(
  pages: ReadonlyMap<string, string>,
  urlOf: (route: string) => string,
  routeOf: (url: URL) => string | undefined,
): { missing: MissingFragment[]; checked: number } {
  const anchors = new Map<string, Anchors>();
  const read = (route: string) => {
    let found = anchors.get(route);
    if (!found) anchors.set(route, (found = anchorsOf(pages.get(route)!)));
    return found;
  };
  const missing: MissingFragment[] = [];
  const seen = new Set<string>();
  const checked = new Set<string>();
  for (const page of pages.keys()) {
    for (const href of read(page).hrefs) {
      let url: URL;
      try {
        url = new URL(href, urlOf(page));
      } catch {
        continue; // no URL at all: the crawl reports it
      }
      const target = routeOf(url);
      const fragment = url.hash.slice(1);
      if (target === undefined || !pages.has(target)) continue;
      const link = `${target}#${fragment}`;
      checked.add(link);
      if (holds(read(target).ids, fragment)) continue;
      if (seen.has(`${page}\0${link}`)) continue;
      seen.add(`${page}\0${link}`);
      missing.push({ page, link, fragment });
    }
  }
  return { missing, checked: checked.size };
}
