/**
 * Every error of every phase at once (issue 42): a build with frontmatter and token errors and broken links reports
 * them together, sorted by file, and one line says what was left unchecked (the links of the pages that failed, and
 * the anchors of links to them); links to a page that failed are not called broken.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../bin/format-error';
import { siteErrorsOf } from '../../generator/base/errors';
import { Site } from '../../generator/core/site';

const SITE: Record<string, string> = {
  'site.yml': 'name: Walls\nbaseUrl: https://walls.example.org\n',
  'index.md': '# Walls\n\nSee [a](a.md), [b](b.md) and [c](c.md#usage).\n',
  'a.md': '---\ndraft: maybe\n---\n# A\n\nText.\n',
  'b.md': '# B\n\nA link to [nowhere](missing.md), and to [a section of a](a.md#nothing-known).\n',
  'c.md': '# C\n\nIn {{ locale.region }}.\n',
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-errors-at-once-'));
  for (const [file, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('a build with errors in several phases', () => {
  it('reports the frontmatter, token and link errors together, sorted by file, and what it left unchecked', async () => {
    const site = new Site({ root, outDir: path.join(root, 'dist') });
    let failure: unknown;
    try {
      await site.update('all');
    } catch (error) {
      failure = error;
    } finally {
      await site.dispose();
    }
    const errors = siteErrorsOf(failure);
    expect(errors.map((error) => [error.kind, error.file, error.line])).toEqual([
      ['InvalidFrontmatter', 'pages/a.md', 2],
      ['BrokenLink', 'pages/b.md', 3],
      ['UnknownToken', 'pages/c.md', 3],
    ]);
    expect(errors[1]!.field).toBe('missing.md');
    // One line after them says what the pages that failed left unchecked (bin/format-error.ts prints it).
    expect(formatError(failure, false)).toMatch(
      /^Build failed with 3 errors:\n[\s\S]*\n\nNot checked: the links of the 2 pages that failed, and the anchors of links to them \(pages\/a\.md, pages\/c\.md\)\.$/,
    );
  });
});
