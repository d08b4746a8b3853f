/**
 * A source's position in a collection as the plan reads it for a post's neighbours (collections/plan-reuse.ts,
 * positionOf): looked for along the list for the first few asked, then from an index of every route; either way the
 * position an index by route gives, for routes there or not and for a route two sources share.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionOf, type List } from '../../generator/collections/plan-reuse';
import type { Source } from '../../generator/collections/query';

const ROUTES = ['/a', '/b', '/c', '/d', '/e', '/f'];

describe('positionOf', () => {
  it('gives the position an index of every route gives, however many are asked', () => {
    const route = fc.constantFrom(...ROUTES);
    fc.assert(
      fc.property(fc.array(route, { maxLength: 10 }), fc.array(route, { maxLength: 20 }), (routes, asked) => {
        const sources = routes.map((at) => ({ page: { route: at } }) as Source);
        const list = { sources } as unknown as List;
        const index = new Map(sources.map((source, i) => [source.page.route, i]));
        for (const at of asked) expect(positionOf(list, at)).toBe(index.get(at));
      }),
      { numRuns: 2000, seed: 43 },
    );
  });
});
