/** The tags of a collection with tag pages (`paginate.tags`): each tag's count and entries, by slug. */
import { SiteError } from '../base/errors';
import type { CollectionUse, TagCount } from '../pages/collection-types';
import type { PageInfo } from '../pages/page';
import { tagRoute, type Source } from './query';
import { changedRange } from './plan-reuse';

/** The tags of a collection with tag pages, by slug; two tags with one slug are an error naming a page of each. */
export function tagsOf(
  sources: readonly Source[],
  base: string,
  errors: SiteError[],
): { tags: TagCount[]; entries: Map<string, Source[]> } {
  const bySlug = new Map<string, { name: string; file: string; entries: Source[] }>();
  for (const source of sources) {
    for (const tag of source.tags) {
      const found = bySlug.get(tag.slug);
      if (!found) bySlug.set(tag.slug, { name: tag.name, file: source.page.file, entries: [source] });
      else if (found.name !== tag.name) {
        errors.push(
          new SiteError(
            'TagSlugCollision',
            {
              route: tagRoute(base, tag.slug),
              first: { tag: found.name, file: found.file },
              second: { tag: tag.name, file: source.page.file },
            },
            { file: source.page.file, field: 'tags' },
          ),
        );
      } else found.entries.push(source);
    }
  }
  const slugs = [...bySlug.keys()].sort();
  return {
    tags: slugs.map((slug) => ({
      name: bySlug.get(slug)!.name,
      slug,
      route: tagRoute(base, slug),
      count: bySlug.get(slug)!.entries.length,
    })),
    entries: new Map(slugs.map((slug) => [slug, bySlug.get(slug)!.entries])),
  };
}

/**
 * Where each collection's tag pages live: under the page that paginates it with tags (the first such page by route,
 * when two do), by the collection's name, which means that collection in every template. `real`: in route order.
 */
export function tagBasesOf(real: readonly PageInfo[], uses: ReadonlyMap<string, CollectionUse>): Map<string, string> {
  const tagBases = new Map<string, string>();
  for (const page of real) {
    const paginate = uses.get(page.template)?.paginate;
    if (paginate?.tags && !tagBases.has(paginate.collection)) tagBases.set(paginate.collection, page.route);
  }
  return tagBases;
}

/**
 * What tagBasesOf finds, from the routes of each template's pages (`templates`, in the order of the site's pages, route
 * order, then sections', which `current`, the site's pages by route, does not hold): the first site page of each
 * template that paginates with tags is the first of its routes `current` holds, and of those, the first by route
 * for each collection.
 */
export function tagBasesIn(
  templates: ReadonlyMap<string, readonly string[]>,
  current: ReadonlyMap<string, PageInfo>,
  uses: ReadonlyMap<string, CollectionUse>,
): Map<string, string> {
  const firsts: [string, string][] = [];
  for (const [template, routes] of templates) {
    const paginate = uses.get(template)?.paginate;
    const first = paginate?.tags ? routes.find((route) => current.has(route)) : undefined;
    if (first !== undefined) firsts.push([first, paginate!.collection]);
  }
  firsts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const tagBases = new Map<string, string>();
  for (const [route, collection] of firsts) if (!tagBases.has(collection)) tagBases.set(collection, route);
  return tagBases;
}

/**
 * The tags of `sources` (tagsOf) from those of the same collection before (`before`, made without errors), when
 * `sources` is `before.sources` with some sources swapped, each in the place of one with the same tags (a post whose
 * title or text changed): the same tags and counts, each swapped source in its tags' entries in the place of the one
 * it replaced. Undefined otherwise (a source that came, went, moved or changed its tags), for tagsOf to make them.
 */
export function tagsSwapped(
  before: { tags: TagCount[]; entries: ReadonlyMap<string, Source[]>; sources: readonly Source[] },
  sources: readonly Source[],
): { tags: TagCount[]; entries: Map<string, Source[]> } | undefined {
  const range = changedRange(before.sources, sources);
  if (range === 'all') return undefined;
  const entries = new Map(before.entries);
  if (range === undefined) return { tags: before.tags, entries };
  for (let i = range[0]; i <= range[1]; i++) {
    const [was, now] = [before.sources[i]!, sources[i]!];
    if (was === now) continue;
    const sameTags =
      was.tags.length === now.tags.length &&
      was.tags.every((tag, n) => tag.name === now.tags[n]!.name && tag.slug === now.tags[n]!.slug);
    if (!sameTags) return undefined;
    for (const { slug } of now.tags)
      entries.set(
        slug,
        entries.get(slug)!.map((source) => (source === was ? now : source)),
      );
  }
  return { tags: before.tags, entries };
}
