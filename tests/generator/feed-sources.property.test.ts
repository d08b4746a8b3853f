/**
 * The sources a feed shows (collections/plan-feeds.ts, feedSources): its newest entries, kept as they come among at
 * most the feed's limit, are those of every source sorted, newest first and by route for the same time, cut to the
 * limit; with drafts, undated sources, times shared and times that are not numbers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedSources } from '../../generator/collections/plan-feeds';
import type { Source } from '../../generator/collections/query';

const source = (route: string, time: number | undefined, draft: boolean) =>
  ({ page: { route }, entry: { draft }, ...(time === undefined ? {} : { time }) }) as unknown as Source;

/** The sources a feed showed before: every source not a draft, sorted, cut to the limit. */
const sorted = (sources: readonly Source[], limit: number) =>
  sources
    .filter((each) => !each.entry.draft && each.time !== undefined)
    .sort((a, b) => b.time! - a.time! || (a.page.route < b.page.route ? -1 : 1))
    .slice(0, limit);

describe('feedSources', () => {
  it('shows the newest sources a sort of every source shows, and names the undated', () => {
    const time = fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: 6 }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant(Number.NaN) },
    );
    const sources = fc
      .uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 })
      .chain((routes) => fc.tuple(...routes.map((route) => fc.tuple(fc.constant(`/p/${route}`), time, fc.boolean()))));
    fc.assert(
      fc.property(sources, fc.integer({ min: 1, max: 8 }), (made, limit) => {
        const all = made.map(([route, at, draft]) => source(route, at, draft));
        const { newest, undated } = feedSources(all, limit);
        expect(newest).toEqual(sorted(all, limit));
        newest.forEach((each, i) => expect(each).toBe(sorted(all, limit)[i]));
        expect(undated).toEqual(all.filter((each) => !each.entry.draft && each.time === undefined));
      }),
      { numRuns: 3000, seed: 43 },
    );
  });
});
