/**
 * The state's set of output files after an update (core/update-plan.ts, withOutputFiles): the files written and set
 * added, those removed taken out, as adding and deleting in a copy gives it; the set given is never changed (it is the
 * state before the update's), and is itself the result when there is nothing to add or remove.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withOutputFiles } from '../../generator/core/update-plan';
import type { Output } from '../../generator/core/update-plan';

const FILES = ['a.html', 'b.html', 'c/index.html', 'feed.xml', 'sitemap.xml'];

describe('withOutputFiles', () => {
  it('adds and removes what a copy would, and changes neither the set given nor, without a change, copies it', () => {
    const file = fc.constantFrom(...FILES);
    fc.assert(
      fc.property(
        fc.uniqueArray(file),
        fc.array(file, { maxLength: 4 }),
        fc.array(fc.tuple(file, fc.boolean()), { maxLength: 5 }),
        (start, written, changes) => {
          const files = new Set(start);
          const output: Output = new Map(changes.map(([path, kept]) => [path, kept ? 'text' : null]));
          const expected = new Set(files);
          for (const path of written) expected.add(path);
          for (const [path, contents] of output) {
            if (contents === null) expected.delete(path);
            else expected.add(path);
          }
          const result = withOutputFiles(files, written, output);
          expect(result).toEqual(expected);
          expect([...files]).toEqual(start);
          // Nothing to add nor remove: the set itself; else a copy.
          const untouched =
            written.every((path) => files.has(path)) &&
            [...output].every(([path, contents]) => (contents === null ? !files.has(path) : files.has(path)));
          expect(result === files).toBe(untouched);
        },
      ),
      { numRuns: 2000, seed: 43 },
    );
  });
});
