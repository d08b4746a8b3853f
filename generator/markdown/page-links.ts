/**
 * Links between markdown files: `[install](./install.md#usage)` or
 * `../guide/index.md` in a page become the routes those files build to
 * (`/guide/install#usage`, `/guide`), so markdown written to be read on GitHub
 * or in an editor works as a site. A remark plugin, run before the HTML is
 * made. The route is the one the file's path makes (and, for a README.md,
 * whether its folder has an index.md: the site's readmeFolders, part of the
 * content store's recipe): a page's output depends on its own text and that
 * alone (the content cache and watch stay exact), and a link to a file that is
 * no page, or whose slug moved it, is a BrokenLink naming the linking file and
 * line (checks/broken-links.ts).
 */
import path from 'node:path';
import type { Definition, Image, Link, Nodes, Root } from 'mdast';
import { PUBLIC_DIR } from '../pages/list-pages';
import { routeFromFile } from '../pages/routes';
import type { MarkdownLink } from '../pages/page';

export type { MarkdownLink };

/** vfile data the plugin reads (the page's file inside the pages folder) and writes (the links it rewrote). */
export interface PageLinksData {
  relativeFile?: string;
  /** What comes before `relativeFile` in the files errors name (`pages/`). */
  shownPrefix?: string;
  /** The line of the file the body starts on (after the frontmatter). */
  bodyLine?: number;
  /** The folders whose README.md is their page (routes.ts, readmeFolders); none when not given. */
  readmes?: ReadonlySet<string>;
  markdownLinks?: MarkdownLink[];
}

/** A relative or site-absolute URL whose path names a `.md` file (no scheme, no `//host`). */
const MARKDOWN_FILE = /^(?![a-z][a-z0-9+.-]*:|\/\/)([^?#]*\.(?:md|markdown))((?:\?[^#]*)?(?:#.*)?)$/i;

/**
 * Docsify names a section of another page in a query, `themes.md?id=classes`, which its router scrolls to: on a site
 * the page's `#classes`. Only a query that is that alone (a host ignores a query).
 */
const DOCSIFY_SECTION = /^\?id=([^&#]+)$/;

/** The route a link to a markdown file leads to, with its query and fragment; undefined for any other link, or one that leaves the pages folder. */
export function markdownLinkRoute(
  href: string,
  fromFile: string,
  readmes: ReadonlySet<string>,
): { url: string; target: string } | undefined {
  const found = MARKDOWN_FILE.exec(href);
  if (!found) return undefined;
  let filePart = found[1]!;
  try {
    filePart = decodeURI(filePart);
  } catch {
    return undefined;
  }
  const joined = filePart.startsWith('/')
    ? filePart.slice(1)
    : path.posix.join(path.posix.dirname(fromFile.replace(/\\/g, '/')), filePart);
  const target = path.posix.normalize(joined);
  if (target.startsWith('../') || target === '..' || path.posix.isAbsolute(target)) return undefined;
  const route = routeFromFile(target, readmes);
  return { url: `${route}${found[2]!.replace(DOCSIFY_SECTION, '#$1')}`, target };
}

const NO_READMES: ReadonlySet<string> = new Set();

const PUBLISHED_AT_ROOT = new RegExp(`^${PUBLIC_DIR}(?:/|$)`);

/** A URL relative to the page (no scheme, no `//host`, not `/`, `#` or `?` first): `images/a.png`, `../guide`. */
const RELATIVE = /^(?![a-z][a-z0-9+.-]*:|[/#?])([^?#]+)((?:\?[^#]*)?(?:#.*)?)$/i;

/**
 * A link relative to the page's file, read as GitHub and editors read it (from the file's folder, whatever the
 * page's URL): that path as a root-relative URL and, unless it is in the public folder, the path it names inside
 * the pages folder; `outside` when it climbs out of the pages folder; undefined for any other link.
 */
export function besideRoute(
  href: string,
  fromFile: string,
): { url: string; beside?: string } | { outside: true } | undefined {
  const found = RELATIVE.exec(href);
  if (!found) return undefined;
  let filePart: string;
  try {
    filePart = decodeURI(found[1]!);
  } catch {
    return undefined;
  }
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile.replace(/\\/g, '/')), filePart));
  if (target.startsWith('../') || target === '..') return { outside: true };
  const beside = target === '.' || target === './' ? '' : target.replace(/\/$/, '');
  // The public folder is published at the root: `public/logo.svg` is /logo.svg, a public file, not one beside a page.
  const published = beside.replace(PUBLISHED_AT_ROOT, '');
  const url = `/${published.split('/').map(encodeURIComponent).join('/')}${found[2]!}`;
  return published === beside ? { url, beside } : { url };
}

/**
 * What one link a page wrote becomes: the URL the page shows instead (for a markdown file or a path relative to the
 * page), and the record the link check reads (for any link within the site); neither for a link to another host.
 */
export function pageLink(
  href: string,
  from: string,
  data: PageLinksData,
  line: number | undefined,
): { url?: string; link?: MarkdownLink } {
  const resolved = markdownLinkRoute(href, from, data.readmes ?? NO_READMES);
  if (resolved) {
    const shown = `${data.shownPrefix ?? ''}${resolved.target}`;
    return { url: resolved.url, link: { href, url: resolved.url, target: resolved.target, file: shown, line } };
  }
  if (/^(?:\/(?!\/)|#)/.test(href)) return { link: { href, url: href, line } };
  // A page's URL has no trailing slash, so a browser would read `a.png` on /guide (guide/index.md) as /a.png.
  const relative = besideRoute(href, from);
  if (relative && 'outside' in relative) return { link: { href, url: href, outside: true, line } };
  if (!relative) return {};
  const beside = relative.beside === undefined ? {} : { beside: relative.beside };
  return { url: relative.url, link: { href, url: relative.url, ...beside, line } };
}

/** The line of the page's file a position in its body is on. */
export const fileLine = (data: PageLinksData, bodyLine: number | undefined) =>
  bodyLine === undefined ? undefined : bodyLine + (data.bodyLine ?? 1) - 1;

/**
 * The remark plugin: rewrites links, images and link definitions to markdown files and to paths relative to the page,
 * and records every link within the site (to a markdown file, a route, an anchor, a file beside the page) in the
 * file's data, with its line. Links in raw HTML are read where it is parsed (raw-html.ts), with `pageLink` too.
 */
export function remarkPageLinks() {
  return (tree: Root, file: { data: PageLinksData }) => {
    const from = file.data.relativeFile;
    if (from === undefined) return;
    const links: MarkdownLink[] = [];
    const visit = (node: Nodes) => {
      if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
        const written = node as Link | Definition | Image;
        const { url, link } = pageLink(written.url, from, file.data, fileLine(file.data, node.position?.start.line));
        if (link) links.push(link);
        if (url !== undefined) written.url = url;
      }
      if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
    };
    visit(tree);
    if (links.length > 0) file.data.markdownLinks = links;
  };
}
