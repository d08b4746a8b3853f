/**
 * Property at scale: the example blog with 10,000 posts and 60 tags, built once by the watch engine, then a fixed
 * handful of post edits (a title, a date that moves a post across the list, a tag added and one removed, a post added
 * and removed, each leaving the search index to the next and the last making it), chosen by a fixed seed; after them the
 * output folder equals, byte for byte, a full build of the same files. The small property tests
 * (blog-watch.property.test.ts) compare after each edit; this one compares where a site is large enough that planning
 * and rendering only what an edit affects matters.
 * The full build shares the watch's content store (its markdown, made by construction from the same files), not its
 * output. Run with another seed: BLOG_SCALE_SEED=7 npx vitest run tests/build/blog-watch-scale.property.test.ts
 */
import { createHash } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { listFiles } from '../../generator/base/list-files';
import { blogProject, type BlogProject, type Post } from './blog-project';
import { fullBuildInto } from '../support/full-build';

const POSTS = 10_000;
const SEED = Number(process.env.BLOG_SCALE_SEED ?? 20_261_128);
const NOW = new Date('2026-01-01T00:00:00Z');
const TAGS = Array.from({ length: 60 }, (_, n) => `Topic ${n + 1}`);

/** Each file of a folder by its digest: ten thousand pages held as digests, not as text. */
async function digests(dir: string): Promise<Map<string, string>> {
  const files = (await listFiles(dir)).sort();
  const all = new Map<string, string>();
  for (const file of files)
    all.set(
      file,
      createHash('sha256')
        .update(await readFile(path.join(dir, file)))
        .digest('base64'),
    );
  return all;
}

/** The post `post-<n>` as blog-project.ts writes it. */
const madePost = (n: number): Post => ({
  title: `Post number ${n}`,
  date: new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10),
  tags: [TAGS[n % TAGS.length]!, TAGS[(n * 7) % TAGS.length]!],
});

type Edit = { name: string; post?: Post };

/** The fixed handful: each edit of the kind a writer makes, on posts the seed picks. */
const edits = fc
  .tuple(
    fc.integer({ min: 1, max: POSTS }),
    fc.integer({ min: 1, max: POSTS }),
    fc.integer({ min: 1, max: POSTS }),
    fc.integer({ min: 1, max: POSTS }),
    fc.constantFrom(...TAGS),
  )
  .map(([retitled, redated, retagged, untagged, tag]): Edit[] => [
    { name: `post-${retitled}`, post: { ...madePost(retitled), title: 'A title edited in watch' } },
    // The oldest date of all: the post moves to the last list page, and its neighbours change.
    { name: `post-${redated}`, post: { ...madePost(redated), date: '2019-06-01' } },
    { name: `post-${retagged}`, post: { ...madePost(retagged), tags: [...madePost(retagged).tags!, 'A new tag'] } },
    { name: `post-${untagged}`, post: { ...madePost(untagged), tags: [] } },
    { name: 'added', post: { title: 'A post added', date: '2031-01-01', tags: [tag, 'A new tag'] } },
    { name: 'added' },
  ]);

let project: BlogProject;
beforeAll(async () => {
  project = await blogProject({ keptPosts: false, posts: POSTS, tags: TAGS });
}, 120_000);
afterAll(() => project?.cleanup());

describe('site watch of a blog of 10,000 posts', () => {
  it('writes the same output folder as a full build after a handful of edits', async () => {
    const [chosen] = fc.sample(edits, { seed: SEED, numRuns: 1 });
    const cacheDir = project.file('cache');
    const site = new Site({ root: project.root, cacheDir, incremental: true, now: NOW, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      for (const edit of chosen!) {
        const file = project.file(`pages/blog/${edit.name}.md`);
        if (edit.post) await project.writePost(edit.name, edit.post);
        else await unlink(file);
        const updating = site.update([file]);
        // A writer saving faster than the index is made: every update but the last leaves it to the next (as site
        // watch does when a change comes meanwhile), and the last makes it from the pages as they are then.
        if (edit !== chosen!.at(-1)) site.interrupt();
        const result = await updating;
        // What the edit affects, not the site: the post and its neighbours, the list and tag pages it moves across (all
        // of them when a tag's count changes, which each shows), never every post.
        expect(result.routes.length, edit.name).toBeLessThan(POSTS / 2);
      }
    } finally {
      await site.dispose();
    }
    const outDir = project.file('dist-full');
    await fullBuildInto({ root: project.root, outDir, cacheDir, now: NOW, logger: silentLogger });
    const [watched, built] = [await digests(project.outDir), await digests(outDir)];
    const differ = [...new Set([...watched.keys(), ...built.keys()])].filter((f) => watched.get(f) !== built.get(f));
    expect(differ.slice(0, 20), `${differ.length} files differ`).toEqual([]);
  }, 270_000);
});
