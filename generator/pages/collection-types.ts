/**
 * What a template may ask of the other pages, and what it receives: the
 * theme API of collections (docs/collections.md). A template names the
 * collections it reads; the engine gives it their entries, a page of them,
 * or a page's neighbours, and re-renders the page whenever what it was given
 * changes (plan.ts).
 *
 * A collection that names the schema its entries were validated by (`schema`) types their `data` with it, and the
 * engine checks that each of its pages has a template of that very schema; a template made with defineTemplate
 * receives the props its declaration promises (`pagination` when it paginates, `neighbours` when it asks for them).
 */
import type { z } from 'zod';
import type { BaseFrontmatter } from './page';
import type { Navigation } from './navigation-types';

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

/** One page of a collection, as a list shows it; `D`, its template's frontmatter fields (its schema's output). */
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
  /** The page's validated frontmatter: the fields every page has, and its template's. */
  data: BaseFrontmatter & D;
  /** The page's first paragraph, rendered HTML: only when the query asks (`summary: true`). */
  summary?: string;
}

/** Which pages a collection holds, and in what order; `S`, the schema its entries were validated by, when it says. */
export interface CollectionQuery<S extends z.ZodObject = z.ZodObject> {
  /** Pages under this folder of the pages folder (`blog`: `blog/*.md`, `blog/2025/*.md`; not `blog/index.md`), whatever their route. */
  folder?: string;
  /** Pages of this template. */
  template?: string;
  /** Pages carrying this tag (compared by slug). */
  tag?: string;
  /**
   * The schema of the template its pages have (the same object): types each entry's `data`. A page of the collection
   * whose template has another schema fails the build (InvalidCollectionUse, naming the page).
   */
  schema?: S;
  /** Any other test, over an entry (its typed frontmatter is `entry.data`). */
  filter?: (entry: Entry<z.output<S>>) => boolean;
  /** `date` (entries without one last), `title`, `route`, or a frontmatter field as `data.<field>`. Default: `route`. */
  sort?: 'date' | 'title' | 'route' | `data.${string}`;
  /** Default: `asc`, except `desc` for `date` (newest first). */
  order?: 'asc' | 'desc';
  /** Give each entry its `summary` (its first paragraph). */
  summary?: boolean;
  /** At most this many entries (after sorting). */
  limit?: number;
}

export interface PaginateOptions<N extends string = string> {
  /** The collection (a key of the template's `collections`) spread over pages. */
  collection: N;
  /** Entries per page. */
  size: number;
  /** Also a page (paginated alike) for each tag of the collection: `<route>/tags/<slug>`. */
  tags?: boolean;
  /** The title of a page after the first, or of a tag page. Default: `Title: tag` and `Title, page 2`. */
  title?: (page: { title: string; page: number; tag?: string }) => string;
}

export interface FeedOptions<N extends string = string> {
  /** The collection (a key of the template's `collections`) the feed lists; each entry needs a `date`. */
  collection: N;
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
  /** With `navigation: true`: the site's pages as this page shows them (navigation-types.ts). */
  navigation?: Navigation;
}

/** What a template declares it reads (the fields of a template definition). */
export interface CollectionUse {
  collections?: Record<string, CollectionQuery>;
  paginate?: PaginateOptions;
  /** A collection in which the page finds its previous and next entries. */
  neighbours?: string;
  feed?: FeedOptions;
  /** The navigation of the site's pages (a tree made from the folders), as this page shows it: `navigation` props. */
  navigation?: boolean;
}

/** A template's collections, by name. */
export type Queries = Record<string, CollectionQuery<any>>;

/** The frontmatter fields of a collection's entries: its schema's output, or unknown fields when it names none. */
export type QueryData<Q> = Q extends { schema?: infer S extends z.ZodObject } ? z.output<S> : Record<string, unknown>;

/** An entry of a collection, typed by its schema: `CollectionEntry<typeof posts>` (in the spirit of Astro's). */
export type CollectionEntry<Q> = Entry<QueryData<Q>>;

/**
 * The props a template receives for what it declares it reads: `collections` (each but those it paginates or takes
 * neighbours in) and `feeds` once it declares collections, `pagination` when it paginates (`P`), `neighbours` when
 * it asks for them (`N`). `entry` stays optional: a page of the template outside its collection has none.
 */
export type CollectionPropsOf<Cs extends Queries, P extends string | undefined, N extends string | undefined> = {
  collections: { [K in Exclude<keyof Cs & string, P | N>]: CollectionEntry<Cs[K]>[] };
  feeds: FeedLink[];
  navigation?: Navigation;
} & (P extends keyof Cs ? { pagination: Pagination<QueryData<Cs[P]>> } : unknown) &
  (N extends keyof Cs ? { neighbours: Neighbours<QueryData<Cs[N]>>; entry?: CollectionEntry<Cs[N]> } : unknown);

/** A collection's query with its entries typed by its schema (`filter` included): for a query shared by templates. */
export function defineCollection<S extends z.ZodObject = z.ZodObject>(query: CollectionQuery<S>): CollectionQuery<S> {
  return query;
}
