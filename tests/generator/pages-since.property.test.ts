/**
 * A plan's pages by route and the routes changed since the last plan (pagesSince): patched from the last plan's by
 * the files changed since (the pages' map a copy that records them, base/changed-map.ts), or read from every page,
 * the same, whatever files are added, removed, edited or moved to another route, routes shared by two files too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pagesSince } from '../../generator/collections/plan-reuse';
import { ChangedMap, changedKeysSince } from '../../generator/base/changed-map';
import type { PageInfo } from '../../generator/pages/page';

const page = (file: string, route: string) => ({ file, route }) as PageInfo;
const FILES = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
const ROUTES = ['/a', '/b', '/c', '/d'];
const sorted = <T>(items: Iterable<T>) => [...items].sort();

describe('pagesSince', () => {
  it('patches the last pages by route as reading every page gives them', () => {
    const files = fc.dictionary(fc.constantFrom(...FILES), fc.constantFrom(...ROUTES));
    const edit = fc.tuple(fc.constantFrom(...FILES), fc.option(fc.constantFrom(...ROUTES), { nil: undefined }));
    fc.assert(
      fc.property(files, fc.array(edit, { maxLength: 5 }), (start, edits) => {
        const before = new Map(Object.entries(start).map(([file, route]) => [file, page(file, route)]));
        const last = pagesSince(before.values(), undefined).current;
        const now = new ChangedMap(before);
        for (const [file, route] of edits) {
          if (route === undefined) now.delete(file);
          else now.set(file, page(file, route));
        }
        const changedSince = (from: ReadonlyMap<string, PageInfo>) => changedKeysSince(now, from);
        const patched = pagesSince(now.values(), last, { pages: now, before, changedSince });
        const read = pagesSince(now.values(), last);
        expect(sorted(patched.changed)).toEqual(sorted(read.changed));
        expect(sorted(patched.current)).toEqual(sorted(read.current));
      }),
      { numRuns: 1000, seed: 43 },
    );
  });
});
