/**
 * The four types of a page's life: the file as read (PageSource), its head once the frontmatter is validated
 * (PageHead), the whole page a template renders (PageInfo: the head and the markdown rendered) and what the build
 * keeps of it once written (PageSummary). Every other shape along the way is local to the module that makes it.
 */
import type { Crumb } from './breadcrumbs';

/**
 * A link within the site that the markdown wrote (to a route, an anchor, or a markdown file, with the route it
 * became), so an error about it can name its line.
 */
export interface MarkdownLink {
  /** As the page wrote it, e.g. `./install.md#usage`. */
  href: string;
  /** What the page links to now, e.g. `/guide/install#usage`. */
  url: string;
  /** For a link to a markdown file: the file, inside the pages folder, e.g. `guide/install.md`. */
  target?: string;
  /** For a link to a markdown file: the file as errors show pages' files, e.g. `pages/guide/install.md`. */
  file?: string;
  /**
   * For any other link written relative to the page's file (`images/diagram.png`, `../guide`): the path it names
   * inside the pages folder. A file there is published at that path with the page (core/attachments.ts).
   */
  beside?: string;
  /** A relative link that climbs out of the pages folder: nothing there is published. */
  outside?: true;
  line?: number;
}

/** One entry of a table of contents. */
export interface TocEntry {
  /** The link's text, or the part title. */
  title: string;
  /** The link's target as written (`guide/install.md`); none for a draft chapter or a part title. */
  href?: string;
  /** A part title (a heading between chapters). */
  part?: true;
  /** Its sub-chapters. */
  items?: TocEntry[];
}

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/** Frontmatter fields every page has, whatever its template. */
export interface BaseFrontmatter {
  /** Optional to the engine (a page takes its first `#` heading, else its file's name); a template may require it. */
  title?: string;
  /** Optional to the engine (a page takes its first paragraph); a template may require it. */
  description?: string;
  keywords?: string[];
  template?: string;
  slug?: string;
  noindex?: boolean;
  /** Label in breadcrumbs; defaults to the title. */
  breadcrumb?: string;
  /** A real date (`2025-03-01`, or RFC 3339 with a time): collections sort by it, feeds need it. */
  date?: string;
  /** Built by `site watch` and `--drafts` only; never in the sitemap or a feed. */
  draft?: boolean;
  /** Tags: collections select by them; a collection with tag pages makes a page for each. */
  tags?: string[];
  /** The page's route, as Jekyll and Eleventy write it (`/docs/install/`): checked as any route. */
  permalink?: string;
  /** Old addresses of the page (Jekyll's jekyll-redirect-from): each gets a redirect page and a `_redirects` line. */
  redirect_from?: string | string[];
  /** Old addresses of the page, as Hugo names them: as redirect_from. */
  aliases?: string[];
}

/** An old address of a page: its route, and the frontmatter field that names it. */
export interface Redirect {
  route: string;
  field: 'redirect_from' | 'aliases';
}

/** The kinds of other tools' syntax a page may hold (markdown/other-syntax.ts), each named once per build. */
export type OtherSyntaxKind =
  | 'liquidTag'
  | 'liquidOutput'
  | 'shortcode'
  | 'attributeList'
  | 'esmLine'
  | 'component'
  | 'directive'
  | 'role'
  | 'inclusion';

/** One place a page holds other tools' syntax, shown as written: its kind, its line in the page's file, the text. */
export interface OtherSyntax {
  kind: OtherSyntaxKind;
  line: number;
  text: string;
}

/** A page's file as read: its frontmatter parsed but not yet validated. Plain data, so the content store keeps it. */
export interface PageSource {
  /** The file's path inside the pages folder (the route is made from it). */
  relativeFile: string;
  /** The file's path as errors and pages show it. */
  file: string;
  /** The frontmatter as parsed, config tokens replaced. */
  data: Record<string, unknown>;
  /** The frontmatter's YAML text as parsed (tokens stand in it as placeholders), to name the line of an invalid field. */
  matter: string;
  /** What the markdown gives where the frontmatter is silent: its first `#` heading's text and first paragraph's. */
  derived: { title?: string; description?: string };
  /** For a SUMMARY.md (mdBook's table of contents): the chapters it lists (summary-toc.ts). */
  toc?: TocEntry[];
  /**
   * Other tools' syntax the page shows as written (Liquid, Hugo's shortcodes, kramdown's attribute lists, MDX lines),
   * and the components its raw HTML writes, which it leaves out.
   */
  otherSyntax?: OtherSyntax[];
}

export interface PageInfo<D = Record<string, unknown>> {
  /** Source file, relative to the working directory. */
  file: string;
  /**
   * The page's file inside the pages folder, with `/` between names (`guide/setup.md`): what an "Edit this page" link
   * or a date from git names. None on the pages the engine makes (sections, tags, the home of a site without one).
   */
  source?: string;
  /** When the page's file was last committed (ISO 8601), with `lastUpdated: git` in site.yml (load/git-dates.ts). */
  lastUpdated?: string;
  route: string;
  /** Absolute URL the page is served at. */
  url: string;
  title: string;
  description: string;
  template: string;
  /** The validated frontmatter. */
  data: BaseFrontmatter & D;
  /** The markdown body rendered to sanitised HTML. */
  html: string;
  headings: Heading[];
  /** Links the markdown wrote to other markdown files, rewritten to routes (markdown/page-links.ts). */
  markdownLinks?: MarkdownLink[];
  /** Languages of code blocks no grammar knows, shown plain (markdown/highlight.ts), in order of first use. */
  unknownCode?: string[];
  /** Home → navigation group (if any) → this page. */
  breadcrumbs: Crumb[];
  isNotFound: boolean;
  /** For a SUMMARY.md: the chapters it lists, whose order and nesting the navigation takes (collections/nav-summary.ts). */
  toc?: TocEntry[];
  /** Other tools' syntax the page shows as written, with its lines: the build names each kind once. */
  otherSyntax?: OtherSyntax[];
  /** The frontmatter field its route came from, when not its file's name: `slug`, `permalink`, or site.yml's `permalinks`. */
  routeField?: string;
  /**
   * The route its file's place gives, when a `permalink:` or a folder's pattern gave it another: where a collection's
   * `folder` finds it, since the folder is the one its file is in, wherever its address is.
   */
  fileRoute?: string;
  /** The routes of its old addresses (`redirect_from:`, `aliases:`): each a redirect page to it (output/redirects.ts). */
  redirects?: Redirect[];
}

/** What the build keeps of a page once it is rendered: enough for routes, the sitemap and the report. */
export interface PageSummary {
  file: string;
  route: string;
  url: string;
  title: string;
  noindex: boolean;
  isNotFound: boolean;
  /** The frontmatter slug, when the route came from one (named in duplicate-route errors). */
  slug?: string;
  /** The frontmatter field the route came from, when not the file's name: `slug` or `permalink`. */
  routeField?: string;
  /** The routes of its old addresses, each redirected to its route, with the field that names it. */
  redirects?: Redirect[];
}

/** A page once its frontmatter is validated: everything but its rendered markdown. */
export type PageHead = Omit<PageInfo, 'html' | 'headings' | 'markdownLinks' | 'unknownCode'>;

/**
 * A page once its markdown body is rendered: its head and that body. Copied onto an empty object, not written
 * `{ ...head, html }`: Node 20's V8 gives every object made by a literal that starts with a spread and adds keys after
 * it a hidden class of its own (a few hundred bytes each, kept as long as the page), where objects given the same keys
 * in the same order from `{}` share one.
 */
export const withBody = (
  head: PageHead,
  body: Pick<PageInfo, 'html' | 'headings' | 'markdownLinks' | 'unknownCode'>,
): PageInfo =>
  Object.assign(
    {},
    head,
    { html: body.html, headings: body.headings },
    body.markdownLinks ? { markdownLinks: body.markdownLinks } : undefined,
    body.unknownCode ? { unknownCode: body.unknownCode } : undefined,
  );

export const summaryOf = (page: PageHead): PageSummary => ({
  file: page.file,
  route: page.route,
  url: page.url,
  title: page.title,
  noindex: page.data.noindex === true,
  isNotFound: page.isNotFound,
  slug: page.data.slug,
  ...(page.routeField ? { routeField: page.routeField } : {}),
  ...(page.redirects ? { redirects: page.redirects } : {}),
});

/** A page's document title: its title and the site's name, or the name alone for a page titled as the site is (a README home). */
export const documentTitle = (title: string, name: string): string => (title === name ? name : `${title} | ${name}`);
