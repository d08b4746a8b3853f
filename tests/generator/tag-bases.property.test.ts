/**
 * Where each collection's tag pages live (the first page by route of a template that paginates it with tags), found
 * from each template's routes as a plan keeps them (tagBasesIn) or from every page (tagBasesOf): the same, for any
 * pages of templates that paginate one of two collections, with tags or without, and sections' pages after them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tagBasesIn, tagBasesOf } from '../../generator/collections/tag-lists';
import type { CollectionUse } from '../../generator/pages/collection-types';
import type { PageInfo } from '../../generator/pages/page';

const uses = new Map<string, CollectionUse>([
  ['a', { paginate: { collection: 'posts', size: 2, tags: true } } as CollectionUse],
  ['b', { paginate: { collection: 'posts', size: 3, tags: true } } as CollectionUse],
  ['c', { paginate: { collection: 'notes', size: 2, tags: true } } as CollectionUse],
  ['d', { paginate: { collection: 'posts', size: 2 } } as CollectionUse],
]);
const page = (route: string, template: string) => ({ route, template }) as PageInfo;

describe('tagBasesIn', () => {
  it('finds what tagBasesOf finds', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^\/[a-c]{0,3}$/), fc.constantFrom('a', 'b', 'c', 'd', 'e')), {
          selector: ([route]) => route,
          maxLength: 12,
        }),
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^\/s[a-c]{0,2}$/), fc.constantFrom('a', 'b', 'c')), {
          selector: ([route]) => route,
          maxLength: 3,
        }),
        (pages, sections) => {
          const real = pages
            .map(([route, template]) => page(route, template))
            .sort((x, y) => (x.route < y.route ? -1 : 1));
          const templates = new Map<string, string[]>();
          for (const { route, template } of [...real, ...sections.map(([route, template]) => page(route, template))])
            if (uses.has(template)) templates.set(template, [...(templates.get(template) ?? []), route]);
          const current = new Map(real.map((p) => [p.route, p]));
          expect([...tagBasesIn(templates, current, uses)]).toEqual([...tagBasesOf(real, uses)]);
        },
      ),
      { numRuns: 500, seed: 43 },
    );
  });
});
