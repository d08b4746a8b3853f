/**
 * A collection's entries: the site's pages that a query selects, in its order.
 * Every page is made an entry once per update (its `source`); each query then
 * filters and sorts those, so a site's collections cost a sort each, whatever
 * the number of pages that read them.
 */
import type { PageInfo } from '../pages/page';
import { parseDate } from '../pages/dates';
import { paragraphSummary } from './summary';
import { tagSlug } from './tags';
import type { CollectionQuery, Entry, TagLink } from '../pages/collection-types';

/** A page as collections see it: its entry without tag routes or summary, and what queries compare. */
export interface Source {
  page: PageInfo;
  entry: Entry;
  /** The tags as written, and their slugs: the entry's own list (frozen). */
  tags: readonly Readonly<TagLink>[];
  time?: number;
}

/**
 * The tag objects of a plan's entries, one per tag (`{ name, slug }`) and one per tag and page of tag pages (`{ name,
 * slug, route }`), frozen: every entry that carries a tag is given that one object, where each entry had its own copy
 * of the same values (and its own strings for them). A template sees the same values either way; a memo keeps one
 * table for the plans of a watch session (PlanMemo.tags).
 */
export class TagTable {
  private readonly byName = new Map<string, Readonly<TagLink>>();
  private readonly links = new Map<string, Readonly<TagLink>>();

  /** The tag `name` with its slug. */
  tag(name: string): Readonly<TagLink> {
    let tag = this.byName.get(name);
    if (!tag) this.byName.set(name, (tag = Object.freeze({ name, slug: tagSlug(name) })));
    return tag;
  }

  /** `tag` with the route of its page under `base`. */
  link(tag: Readonly<TagLink>, base: string): Readonly<TagLink> {
    const id = `${base}\u0000${tag.name}`;
    let link = this.links.get(id);
    if (!link)
      this.links.set(id, (link = Object.freeze({ name: tag.name, slug: tag.slug, route: tagRoute(base, tag.slug) })));
    return link;
  }
}

export function sourceOf(page: PageInfo, table = new TagTable()): Source {
  const data = page.data as Record<string, unknown>;
  const date = typeof data.date === 'string' ? data.date : undefined;
  const names = Array.isArray(data.tags)
    ? [...new Set(data.tags.filter((tag): tag is string => typeof tag === 'string'))]
    : [];
  const tags = Object.freeze(names.map((name) => table.tag(name)));
  const entry: Entry = {
    route: page.route,
    url: page.url,
    file: page.file,
    title: page.title,
    description: page.description,
    ...(date === undefined ? {} : { date }),
    tags: tags as TagLink[],
    draft: data.draft === true,
    data: page.data,
  };
  // A template whose schema replaces the base `date` field may let any text through: only a date is one.
  const parsed = date === undefined ? undefined : parseDate(date).rfc3339;
  return { page, entry, tags, ...(parsed === undefined ? {} : { time: Date.parse(parsed) }) };
}

const folderPrefix = (folder: string) => `/${folder.replace(/^\/+|\/+$/g, '')}/`;

/** The sources `query` selects, in its order (ties broken by route, so every build lists them alike). */
export function select(sources: readonly Source[], query: CollectionQuery): Source[] {
  const chosen = selectAll(sources, query);
  return query.limit === undefined ? chosen : chosen.slice(0, query.limit);
}

/** Every source `query` selects, in its order, before its limit. */
export function selectAll(sources: readonly Source[], query: CollectionQuery): Source[] {
  const matches = matcher(query);
  return sources.filter(matches).sort(comparer(query));
}

/**
 * What selectAll gives once `removed` are gone from the sources it gave `last` for and `added` are among them: `last`
 * without them, each added source that `query` selects put in its place by the same order. The order is total (a
 * route is one page's), so this is the list selectAll makes of the sources as they are now; `last` itself when
 * nothing in it changed.
 */
export function reselect(
  last: readonly Source[],
  removed: ReadonlySet<Source>,
  added: readonly Source[],
  query: CollectionQuery,
): readonly Source[] {
  const matches = matcher(query);
  const compare = comparer(query);
  const joining = added.filter(matches);
  let next: Source[] | undefined;
  if (removed.size > 0 && last.some((source) => removed.has(source)))
    next = last.filter((source) => !removed.has(source));
  if (joining.length === 0) return next ?? last;
  next ??= [...last];
  for (const source of joining) {
    let low = 0;
    let high = next.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(next[middle]!, source) < 0) low = middle + 1;
      else high = middle;
    }
    next.splice(low, 0, source);
  }
  return next;
}

/** Whether `query` selects a source (its folder, template, tag and filter). */
function matcher(query: CollectionQuery): (source: Source) => boolean {
  const prefix = query.folder === undefined ? undefined : folderPrefix(query.folder);
  const tag = query.tag === undefined ? undefined : tagSlug(query.tag);
  // The folder is the one the page's file is in: a post that a permalink (or its folder's pattern, Jekyll's
  // /:year/:month/:day/:title) gives an address outside it is still one of its posts.
  return (source) =>
    (prefix === undefined || (source.page.fileRoute ?? source.page.route).startsWith(prefix)) &&
    (query.template === undefined || source.page.template === query.template) &&
    (tag === undefined || source.tags.some((t) => t.slug === tag)) &&
    (query.filter === undefined || query.filter(source.entry));
}

/** The order of `query`: its sort, then the route. */
function comparer(query: CollectionQuery): (a: Source, b: Source) => number {
  const sort = query.sort ?? 'route';
  const descending = (query.order ?? (sort === 'date' ? 'desc' : 'asc')) === 'desc';
  const value = sortValue(sort);
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    // Entries without the value come last, whatever the order.
    if (x === undefined || y === undefined) {
      if (x !== y) return x === undefined ? 1 : -1;
    } else if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
    return a.page.route < b.page.route ? -1 : a.page.route > b.page.route ? 1 : 0;
  };
}

type Comparable = string | number | boolean | undefined;

function sortValue(sort: NonNullable<CollectionQuery['sort']>): (source: Source) => Comparable {
  if (sort === 'date') return (source) => source.time;
  if (sort === 'title') return (source) => source.page.title.toLowerCase();
  if (sort === 'route') return () => undefined;
  const field = sort.slice('data.'.length);
  return (source) => {
    const found = (source.page.data as Record<string, unknown>)[field];
    return typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean' ? found : undefined;
  };
}

/**
 * Makes entries as one collection shows them: with tag routes under `tagBase` (if it has tag pages), with summaries if
 * asked. `made` keeps them by shape, then by source (a few shapes a site, so a table of each shape's entries, where a
 * map of shapes for every source cost a map a page), so a collection of the same shape (in this plan or the next)
 * gives the same, frozen, object. `table`: the tag objects entries share.
 */
export function projector(
  tagBase: string | undefined,
  summary: boolean,
  made: Map<string, WeakMap<Source, Entry>>,
  table: TagTable,
): (source: Source) => Entry {
  const shape = `${tagBase ?? ''}\u0000${summary}`;
  let entries = made.get(shape);
  if (!entries) made.set(shape, (entries = new WeakMap()));
  const shaped = entries;
  return (source) => {
    let entry = shaped.get(source);
    if (!entry) {
      const tags: TagLink[] =
        tagBase === undefined ? source.entry.tags : source.tags.map((t) => table.link(t, tagBase));
      // Copied onto {}, not written { ...entry, tags }: see withBody (pages/page.ts) for the hidden classes.
      entry = Object.freeze(
        Object.assign(
          {},
          source.entry,
          { tags: Object.freeze(tags) as TagLink[] },
          summary ? { summary: paragraphSummary(source.page.html, source.page.route) } : undefined,
        ),
      );
      shaped.set(source, entry);
    }
    return entry;
  };
}

/** A route below `base`: `('/blog', 'page', '2')` → `/blog/page/2`; `('/', 'page', '2')` → `/page/2`. */
export const below = (base: string, ...segments: string[]) => (base === '/' ? '' : base) + '/' + segments.join('/');
export const tagRoute = (base: string, slug: string) => below(base, 'tags', slug);
export const pageRoute = (base: string, page: number) => (page === 1 ? base : below(base, 'page', String(page)));
