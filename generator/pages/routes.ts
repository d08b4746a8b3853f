/**
 * Routes come from file paths (`pages/about.md` is `/about`, `pages/index.md`
 * is `/`), exactly as a route table writes them: no trailing slash. A route
 * is written to `about.html`, which static hosts serve at `/about`.
 *
 * A folder's README.md is the folder's page when no index.md is beside it, as
 * GitHub shows a folder and GitHub Pages, MkDocs, VuePress and Docusaurus
 * build it (`guide/README.md` is `/guide`); with an index.md beside it, it
 * keeps its own route (`/guide/readme`).
 *
 * A file's name is kept, lowercased, as its route's segment, as Eleventy and
 * Astro keep it: `wpa_supplicant.md` is `/wpa_supplicant`, `c++.md` is
 * `/c++`, `[.md` is `/%5B`. A route is a URL path: each segment is the name
 * percent-encoded (RFC 3986 keeps letters, digits, `-._~!$'()*+,@` as they
 * are), and its file on disk is the name decoded.
 */
import { SiteError } from '../base/errors';
import { dateProblem } from './dates';

export const NOT_FOUND_ROUTE = '/404';

/**
 * A name as a route segment: in Unicode's composed form (NFC: macOS writes `café.md` decomposed, other systems
 * composed, and both are one page), lowercased and percent-encoded where a URL path needs it.
 */
export function segmentOf(name: string): string {
  return encodeURIComponent(name.normalize('NFC').toLowerCase()).replace(/%(2B|24|2C|40)/g, (escape) =>
    decodeURIComponent(escape),
  );
}

/** A segment's name, or undefined when its percent-encoding is broken. */
function nameOf(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const README = /^readme\.(md|markdown)$/i;
/** index.md, and Hugo's _index.md (a section's own page), in either markdown extension. */
const INDEX = /^_?index\.(md|markdown)$/i;

/** A file inside the pages folder as its folder, lowercased as routes are (`''` for the pages folder), and its name. */
function placeOf(relativeFile: string): { folder: string; name: string } {
  const file = relativeFile.replace(/\\/g, '/');
  const slash = file.lastIndexOf('/');
  return { folder: slash < 0 ? '' : file.slice(0, slash).toLowerCase(), name: file.slice(slash + 1) };
}

/**
 * The folders whose README.md (in any case) is their page, from every page file of the site: those with no index.md
 * beside it. Folders as paths inside the pages folder, lowercased, `''` for the pages folder itself, sorted.
 */
export function readmeFolders(files: Iterable<string>): ReadonlySet<string> {
  const readmes = new Set<string>();
  const indexed = new Set<string>();
  for (const file of files) {
    const { folder, name } = placeOf(file);
    if (README.test(name)) readmes.add(folder);
    else if (INDEX.test(name)) indexed.add(folder);
  }
  return new Set([...readmes].filter((folder) => !indexed.has(folder)).sort());
}

/** Whether a file is its folder's page: an index.md, or a README.md with no index.md beside it (`readmes`). */
export function isFolderPage(relativeFile: string, readmes: ReadonlySet<string>): boolean {
  const { folder, name } = placeOf(relativeFile);
  return INDEX.test(name) || (README.test(name) && readmes.has(folder));
}

/**
 * `about.md` → `/about`; `index.md` → `/`; `guides/index.md` → `/guides`; `Notes/C++.md` → `/notes/c++`; `guide/README.md`
 * → `/guide` when `readmes` (readmeFolders) holds `guide`, else `/guide/readme`.
 */
export function routeFromFile(relativeFile: string, readmes: ReadonlySet<string>, slug?: string): string {
  const parts = relativeFile
    .replace(/\\/g, '/')
    .replace(/\.(md|markdown)$/i, '')
    .split('/')
    .map((part) => segmentOf(part));
  if (isFolderPage(relativeFile, readmes)) parts[parts.length - 1] = 'index';
  // A slug is written as the file's own name would be: `slug: hugo_convert_toJSON` is /hugo_convert_tojson.
  if (slug !== undefined) parts[parts.length - 1] = segmentOf(slug);
  if (parts[parts.length - 1] === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

/**
 * Whether a segment is safe: written as segmentOf writes a name (so one page has one URL), and naming a plain file
 * (not `.` or `..`, no slash, backslash or control character), which also keeps every route inside the output folder.
 */
function isSafeSegment(segment: string): boolean {
  const name = nameOf(segment);
  return (
    name !== undefined &&
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\\0-\x1f\x7f]/.test(name) &&
    segmentOf(name) === segment
  );
}

// Characters that reorder or break the text around them where a name is shown (a listing, a terminal, an error):
// line and paragraph separators, bidirectional embeddings, overrides and isolates, zero-width characters.
const INVISIBLE = /[\u200B-\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF]/u;
// What Windows (and so a checkout there, or a copy of the output folder) cannot hold in a name.
const NOT_ON_WINDOWS = /[<>:"|?*]/;
const DEVICE = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])(?:\..*)?$/i;

/** Why a route's file name cannot be published as it is everywhere, or undefined. */
function unportable(name: string): string | undefined {
  const invisible = INVISIBLE.exec(name)?.[0];
  if (invisible !== undefined)
    return `holds U+${invisible.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, which is invisible or reorders the text a listing or a terminal shows of it`;
  const windows = NOT_ON_WINDOWS.exec(name)?.[0];
  if (windows !== undefined) return `holds ${windows}, which Windows cannot hold in a file name`;
  if (DEVICE.test(name))
    return `is ${name.split('.')[0]!.toUpperCase()}, a device's name on Windows, where no file may take it`;
  if (/[. ]$/.test(name)) return 'ends in a dot or a space, which Windows drops from a file name';
  return undefined;
}

/**
 * Rejects a route whose segments are not names written as segmentOf writes them (UnsafeRoute), or whose file could
 * not be written, copied or shown as it is everywhere (UnportableName). Each page is checked on its own, so a folder
 * of such names reports each.
 */
export function assertSafeRoute(route: string, where: { file: string; field?: string }): void {
  const segments = route === '/' ? [] : route.slice(1).split('/');
  const bad = segments.find((segment) => !isSafeSegment(segment));
  if (bad !== undefined) {
    throw new SiteError('UnsafeRoute', { route, segment: bad }, where);
  }
  for (const segment of segments) {
    const name = nameOf(segment)!;
    const problem = unportable(name);
    if (problem !== undefined) throw new SiteError('UnportableName', { route, name, problem }, where);
  }
}

/**
 * A link's path as the route it asks for: each segment decoded and written again as segmentOf writes it, so `/C++`,
 * `/c%2B%2B` and `/c++` are one route. Undefined for a path that is not a route (a broken escape).
 */
export function routeOfPath(pathname: string): string | undefined {
  if (pathname === '/') return pathname;
  const names = pathname.slice(1).split('/').map(nameOf);
  return names.some((name) => name === undefined) ? undefined : `/${names.map((name) => segmentOf(name!)).join('/')}`;
}

/**
 * The route a page's own file name asks for: `/about.html` → `/about`, `/guide/index.html` → `/guide`, `/index.html` →
 * `/`; undefined for any other path. Hosts answer these with the page (Cloudflare Pages and Netlify redirect to the
 * route, GitHub Pages serves the file), and markdown written for mdBook links to its chapters so.
 */
export function routeOfHtmlName(pathname: string): string | undefined {
  const found = /^(\/(?:[^/]+\/)*)([^/]+)\.html$/.exec(pathname);
  if (!found) return undefined;
  const [, folder, name] = found as unknown as [string, string, string];
  if (name === 'index') return folder === '/' ? '/' : folder.slice(0, -1);
  return `${folder}${name}`;
}

/** `/` → `index.html`; `/about` → `about.html`; `/a/b` → `a/b.html`. */
export function outputFileOf(route: string): string {
  return route === '/'
    ? 'index.html'
    : `${route
        .slice(1)
        .split('/')
        .map((segment) => nameOf(segment) ?? segment)
        .join('/')}.html`;
}

/** The absolute URL a route is served at. */
export function urlOf(baseUrl: string, route: string): string {
  return route === '/' ? `${baseUrl}/` : `${baseUrl}${route}`;
}

/**
 * The route an address another tool wrote names (Jekyll's and Eleventy's `permalink:`, Jekyll's `redirect_from:`,
 * Hugo's `aliases:`): `/docs/install/`, `/docs/install.html` and `/docs/install/index.html` are /docs/install, each
 * segment lowercased and encoded as a file name's is. A reason instead when it names no route: a pattern
 * (`/:year/:title/`), a query or fragment, or a full URL.
 */
export function routeOfAddress(address: string): { route: string } | { problem: string } {
  const written = address.trim();
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(written)) return { problem: 'it is a full URL, not an address of this site' };
  if (/[?#]/.test(written)) return { problem: 'it holds a query or fragment (? or #)' };
  if (/\{[{%]/.test(written))
    return { problem: "it is a template (Liquid's or Nunjucks' {{ }}), which site does not run: write the route" };
  if (/(?:^|\/):[a-z]/i.test(written))
    return {
      problem: 'it is a pattern (:year, :title …): give a folder its pattern in site.yml (permalinks), not a page',
    };
  const absolute = written.startsWith('/') ? written : `/${written}`;
  const trimmed = absolute.length > 1 ? absolute.replace(/\/+$/, '') || '/' : absolute;
  const named = routeOfHtmlName(trimmed) ?? trimmed;
  const route = routeOfPath(named);
  return route === undefined ? { problem: 'its percent-encoding is broken' } : { route };
}

/** A file name that starts with its date, as Jekyll and Docusaurus name posts: `2023-11-13-title.md`. */
const DATED_NAME = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/;

/**
 * The name a page's file gives it, without its extension: a folder's page (index.md, or its README.md) its folder's
 * name, `''` for the home page.
 */
export function nameOfFile(relativeFile: string, readmes: ReadonlySet<string>): string {
  const parts = relativeFile
    .replace(/\\/g, '/')
    .replace(/\.(md|markdown)$/i, '')
    .split('/');
  if (isFolderPage(relativeFile, readmes)) parts.pop();
  return parts.at(-1) ?? '';
}

/**
 * The date a page's file name starts with (`2023-11-13-title.md`, or a folder so named with an index.md), as
 * `2023-11-13`: the post's date for Jekyll, Eleventy and Docusaurus when its frontmatter has none. Undefined when the
 * name starts with no date, or with one no calendar has (`2023-02-30-`: then it is only a name).
 */
export function dateOfFileName(relativeFile: string, readmes: ReadonlySet<string>): string | undefined {
  const dated = DATED_NAME.exec(nameOfFile(relativeFile, readmes));
  if (!dated) return undefined;
  const date = `${dated[1]}-${dated[2]}-${dated[3]}`;
  return dateProblem(date) === undefined ? date : undefined;
}

/**
 * The route a folder's pattern (site.yml `permalinks`: `blog: /blog/:year/:month/:day/:slug`) gives a page inside it:
 * `:year`, `:month` and `:day` from its date (frontmatter's, else its file name's, `2023-11-13-title.md`), `:slug` (or
 * `:title`) its slug, else its file name without the date (a folder's index.md: its folder's name). A reason instead
 * when the pattern needs a date the page does not have.
 */
export function routeFromPattern(
  pattern: string,
  relativeFile: string,
  readmes: ReadonlySet<string>,
  page: { date?: string; slug?: string },
): { route: string } | { problem: string } {
  const name = nameOfFile(relativeFile, readmes);
  const dated = DATED_NAME.exec(name);
  const fromFrontmatter = page.date === undefined ? undefined : /^(\d{4})-(\d{2})-(\d{2})/.exec(page.date);
  const date = fromFrontmatter ?? dated;
  const slug = page.slug ?? dated?.[4] ?? name;
  const values: Record<string, string | undefined> = {
    year: date?.[1],
    month: date?.[2],
    day: date?.[3],
    slug,
    title: slug,
  };
  let missing: string | undefined;
  const filled = pattern.replace(/:([a-z]+)/g, (written, key: string) => {
    const value = values[key];
    if (value === undefined) missing ??= written;
    return value === undefined ? written : value;
  });
  if (missing !== undefined)
    return {
      problem: Object.hasOwn(values, missing.slice(1))
        ? `the pattern ${pattern} needs its date: give it date: in its frontmatter, or start its file name with it (2023-11-13-${slug}.md)`
        : `the pattern ${pattern} names ${missing}, which is none of :year, :month, :day, :slug and :title`,
    };
  return routeOfAddress(filled);
}
