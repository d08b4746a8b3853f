/**
 * What a template may ask of the other pages, and what it receives: the
 * theme API of collections (docs/collections.md). A template names the
 * collections it reads; the engine gives it their entries, a page of them,
 * or a page's neighbours, and re-renders the page whenever what it was given
 * changes (plan.ts).
 */

/** A tag as pages show it: its name as written and the slug of its route. */
export interface TagLink {
  name: string;
  slug: string;
  /** The tag's page, when the collection has tag pages (`paginate.tags`). */
  route?: string;
}

/** A tag of a collection with tag pages, and how many entries carry it. */
export interface TagCount extends TagLink {
  route: string;
  count: number;
}

/** One page of a collection, as a list shows it. */
export interface Entry<D = Record<string, unknown>> {
  route: string;
  /** Absolute URL. */
  url: string;
  /** Source file, as errors name it. */
  file: string;
  title: string;
  description: string;
  /** The frontmatter's `date`, as written (`2025-03-01` or an RFC 3339 date and time). */
  date?: string;
  tags: TagLink[];
  /** True for a draft, listed only when drafts are built (`--drafts`, `site watch`). */
  draft: boolean;
  /** The page's validated frontmatter. */
  data: D;
  /** The page's first paragraph, rendered HTML: only when the query asks (`summary: true`). */
  summary?: string;
}

/** Which pages a collection holds, and in what order. */
export interface CollectionQuery {
  /** Pages under this folder of the pages folder (`blog`: `blog/*.md`, `blog/2025/*.md`; not `blog/index.md`). */
  folder?: string;
  /** Pages of this template. */
  template?: string;
  /** Pages carrying this tag (compared by slug). */
  tag?: string;
  /** Any other test, over an entry (its typed frontmatter is `entry.data`). */
  filter?: (entry: Entry) => boolean;
  /** `date` (entries without one last), `title`, `route`, or a frontmatter field as `data.<field>`. Default: `route`. */
  sort?: 'date' | 'title' | 'route' | `data.${string}`;
  /** Default: `asc`, except `desc` for `date` (newest first). */
  order?: 'asc' | 'desc';
  /** Give each entry its `summary` (its first paragraph). */
  summary?: boolean;
  /** At most this many entries (after sorting). */
  limit?: number;
}

export interface PaginateOptions {
  /** The collection (a key of the template's `collections`) spread over pages. */
  collection: string;
  /** Entries per page. */
  size: number;
  /** Also a page (paginated alike) for each tag of the collection: `<route>/tags/<slug>`. */
  tags?: boolean;
  /** The title of a page after the first, or of a tag page. Default: `Title: tag` and `Title, page 2`. */
  title?: (page: { title: string; page: number; tag?: string }) => string;
}

export interface FeedOptions {
  /** The collection (a key of the template's `collections`) the feed lists; each entry needs a `date`. */
  collection: string;
  /** The feed's title. Default: the page's title. */
  title?: string;
  /** At most this many entries, the newest. Default: 20. */
  limit?: number;
  /** What an entry carries: its summary (the page's description) or its whole rendered body. Default: `summary`. */
  content?: 'summary' | 'full';
  /** Also a JSON Feed (version 1.1) beside the Atom feed. */
  json?: boolean;
}

/** A feed a page links from its head. */
export interface FeedLink {
  href: string;
  type: 'application/atom+xml' | 'application/feed+json';
  title: string;
}

/** The page of a paginated collection a page shows. */
export interface Pagination<D = Record<string, unknown>> {
  entries: Entry<D>[];
  /** From 1. */
  page: number;
  pages: number;
  /** Entries in the whole (tag's) collection. */
  total: number;
  /** Routes of the first, previous, next and last pages. */
  first: string;
  last: string;
  previous?: string;
  next?: string;
  /** On a tag page: its tag. */
  tag?: TagLink;
  /** With `paginate.tags`: every tag of the collection, by name, with its count. */
  tags?: TagCount[];
}

/** A page's neighbours in a collection (`neighbours`), in the collection's order. */
export interface Neighbours<D = Record<string, unknown>> {
  previous?: Entry<D>;
  next?: Entry<D>;
}

/** What a template that reads other pages receives beside its page and the site. */
export interface CollectionProps {
  /** Each collection the template named, whole, but for those it paginates or takes neighbours in. */
  collections: Record<string, Entry[]>;
  pagination?: Pagination;
  neighbours?: Neighbours;
  /** With `neighbours`: the page's own entry in that collection (its tags with their routes). */
  entry?: Entry;
  feeds: FeedLink[];
}

/** What a template declares it reads (the fields of a template definition). */
export interface CollectionUse {
  collections?: Record<string, CollectionQuery>;
  paginate?: PaginateOptions;
  /** A collection in which the page finds its previous and next entries. */
  neighbours?: string;
  feed?: FeedOptions;
}
