/**
 * The example blog's tag list stays the same size however many tags there are: every tag, with its count, on the
 * blog's first page (its tags index), and the most used on every other list and tag page, with a link to the index.
 * Every tag on every page made the output grow with the posts times the tags.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';
import { blogProject, type BlogProject } from './blog-project';

const TAGS = Array.from({ length: 30 }, (_, n) => `Subject ${String(n + 1).padStart(2, '0')}`);
let project: BlogProject;
const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');

/** The tags a page's tag list shows, by name, and the link to every tag it ends with, if any. */
function tagList(html: string): { names: string[]; all?: string } {
  const section = /<section aria-labelledby="tags-title">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? '';
  const names = [...section.matchAll(/<a href="\/blog\/tags\/[^"]+"[^>]*>([^<]+) \(\d+\)<\/a>/g)].map((m) => m[1]!);
  const all = /<a href="\/blog#tags-title">([^<]+)<\/a>/.exec(section)?.[1];
  return { names, ...(all ? { all } : {}) };
}

beforeAll(async () => {
  // 60 posts of two tags each from 30: 'Subject 01'…'Subject 30', some used more than others.
  project = await blogProject({ posts: 60, keptPosts: false, tags: TAGS });
  await buildOnce({ root: project.root, logger: silentLogger, now: new Date('2026-01-01T00:00:00Z') });
}, 120_000);
afterAll(() => project?.cleanup());

describe("the example blog's tag list", () => {
  it('shows every tag on the tags index, the first list page, and no link to it', async () => {
    const { names, all } = tagList(await out('blog.html'));
    expect([...names].sort()).toEqual([...TAGS].sort());
    expect(all).toBeUndefined();
  });

  it('shows the 20 most used on other list and tag pages, with a link to every tag', async () => {
    const counts = new Map<string, number>();
    const index = await out('blog.html');
    for (const m of index.matchAll(/<a href="\/blog\/tags\/[^"]+"[^>]*>([^<]+) \((\d+)\)<\/a>/g))
      counts.set(m[1]!, Number(m[2]));
    const mostUsed = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 20);
    for (const file of ['blog/page/2.html', 'blog/tags/subject-01.html']) {
      const { names, all } = tagList(await out(file));
      expect(names, file).toHaveLength(20);
      // The most used (ties at the edge by name, as their slugs sort).
      expect(
        names.every((name) => counts.get(name)! >= mostUsed.at(-1)![1]),
        file,
      ).toBe(true);
      expect(all, file).toBe('All 30 tags');
    }
  });
});
