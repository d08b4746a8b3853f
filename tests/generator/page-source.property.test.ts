/**
 * Which paths of the pages folder may be pages' (isPageSource), read name by name in place: the same answer as
 * cutting the path into its names and asking each, for any path made of names that start with `_` or `.`, `public`,
 * `_index.md` in any case, empty names and plain ones.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPageSource } from '../../generator/pages/list-pages';

/** The rule as it reads: no name starts with `_` (but a last `_index.md`) or `.`, and the first is not `public`. */
const byNames = (relative: string) => {
  const names = relative.split('/');
  return !names.some(
    (name, i) =>
      (name.startsWith('_') && !(i === names.length - 1 && /^_index\.(md|markdown)$/i.test(name))) ||
      name.startsWith('.') ||
      (i === 0 && name === 'public'),
  );
};

const name = fc.constantFrom(
  '',
  'a',
  'post-1.md',
  '_drafts',
  '_index.md',
  '_INDEX.Markdown',
  '_index.mdx',
  '.github',
  '.md',
  'public',
  'publication',
  'public.md',
  'x_',
  'a.b',
);

describe('isPageSource', () => {
  it('answers as the rule asked of each name', () => {
    for (const path of ['public', 'public/a.md', 'publicx/a.md', 'a/public/b.md', '_index.md', 'a/_index.md/b.md'])
      expect(isPageSource(path), path).toBe(byNames(path));
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), (names) => {
        const path = names.join('/');
        expect(isPageSource(path), path).toBe(byNames(path));
      }),
      { numRuns: 2000, seed: 43 },
    );
  });
});
