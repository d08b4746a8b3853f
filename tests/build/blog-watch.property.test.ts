/**
 * Property: from any handful of posts, whatever sequence of post edits `site watch` sees (add, delete, retitle, redate,
 * retag, draft and undraft, a body edit), the output folder after each update equals, byte for byte, a full build of the same files.
 * One edit fails first: the post retitled with a broken link, an update that plans and then fails its link check
 * (leaving the output as it was), then the same post retitled without it, the fix, whose update starts from the
 * state the failed one left (the plan of the failed update is not what the output was made from).
 * The watch engine is the Site's update with the changed files, as `site watch` calls it; the full build is a fresh
 * Site with its own cache. The list pages paginate by 2, so posts move between pages, tags and feeds at every edit.
 *
 * The seed is fixed; to search further: BLOG_WATCH_RUNS=100 BLOG_WATCH_SEED=7 npx vitest run tests/build/blog-watch.property.test.ts
 */
import { rm, unlink } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { snapshotDir } from '../support/fixture';
import { blogProject, fullBuildOf, type BlogProject, type Post } from './blog-project';

const RUNS = Number(process.env.BLOG_WATCH_RUNS ?? 12);
const SEED = Number(process.env.BLOG_WATCH_SEED ?? 20_251_126);
const NOW = new Date('2026-01-01T00:00:00Z');
const SLOTS = 6;
const TAGS = ['Cloud security', 'Identity', 'Operations', 'Zero trust'];
const TITLES = ['Rotating keys', 'Zebra crossings', 'A quiet release', 'Backups, restored', 'Logs at night'];
const DATES = ['2025-01-05', '2025-01-05', '2025-02-10', '2025-03-15', '2024-12-31', '2025-03-15T09:30:00Z'];

type Edit =
  | { type: 'add'; slot: number; post: Post }
  | { type: 'delete'; slot: number }
  | { type: 'retitle'; slot: number; title: string }
  | { type: 'redate'; slot: number; date: string }
  | { type: 'retag'; slot: number; tags: string[] }
  | { type: 'draft'; slot: number; draft: boolean }
  | { type: 'body'; slot: number; body: string }
  | { type: 'broken'; slot: number; title: string };

const slot = fc.integer({ min: 0, max: SLOTS - 1 });
const tags = fc.subarray(TAGS, { maxLength: 3 });
const post = fc.record({
  title: fc.constantFrom(...TITLES),
  date: fc.constantFrom(...DATES),
  tags,
  draft: fc.boolean(),
});
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('add' as const), slot, post }),
  fc.record({ type: fc.constant('delete' as const), slot }),
  fc.record({ type: fc.constant('retitle' as const), slot, title: fc.constantFrom(...TITLES) }),
  fc.record({ type: fc.constant('redate' as const), slot, date: fc.constantFrom(...DATES) }),
  fc.record({ type: fc.constant('retag' as const), slot, tags }),
  fc.record({ type: fc.constant('draft' as const), slot, draft: fc.boolean() }),
  fc.record({
    type: fc.constant('body' as const),
    slot,
    body: fc.constantFrom('First words.', 'Other first words.\n\nAnd a second paragraph.'),
  }),
  fc.record({ type: fc.constant('broken' as const), slot, title: fc.constantFrom(...TITLES) }),
);

let project: BlogProject;
beforeAll(async () => {
  project = await blogProject({ keptPosts: false, pageSize: 2 });
}, 60_000);
afterAll(() => project?.cleanup());

const fullBuild = () => fullBuildOf(project, NOW);

describe('site watch after any sequence of post edits', () => {
  it('writes the same output folder as a full build', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(post, { maxLength: SLOTS }),
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        async (initial, edits) => {
          // Each run starts from the example with the posts of `initial` in the first slots (so an edit has neighbours,
          // list pages and tags to change, and pages it leaves as they were), built.
          const posts = new Map<number, Post>();
          for (let n = 0; n < SLOTS; n++) await unlink(project.file(`pages/blog/p${n}.md`)).catch(() => undefined);
          for (const [n, made] of initial.entries()) {
            posts.set(n, made);
            await project.writePost(`p${n}`, made);
          }
          await rm(project.outDir, { recursive: true, force: true });
          const site = new Site({ root: project.root, incremental: true, now: NOW, logger: silentLogger });
          try {
            await site.update('all');
            await site.commit();
            for (const change of edits) {
              const before = posts.get(change.slot);
              let next: Post | undefined;
              if (change.type === 'add') next = change.post;
              else if (change.type === 'broken') next = { date: DATES[0]!, ...before, title: change.title };
              else if (!before || change.type === 'delete') next = undefined;
              else if (change.type === 'retitle') next = { ...before, title: change.title };
              else if (change.type === 'redate') next = { ...before, date: change.date };
              else if (change.type === 'retag') next = { ...before, tags: change.tags };
              else if (change.type === 'draft') next = { ...before, draft: change.draft };
              else next = { ...before, body: change.body };
              const file = project.file(`pages/blog/p${change.slot}.md`);
              if (next && change.type === 'broken') {
                const output = await snapshotDir(project.outDir);
                await project.writePost(`p${change.slot}`, {
                  ...next,
                  draft: false,
                  body: 'See [the missing page](/nowhere).',
                });
                await expect(site.update([file]), `after ${JSON.stringify(change)}`).rejects.toThrow(/BrokenLink/);
                expect(await snapshotDir(project.outDir), `after ${JSON.stringify(change)}`).toEqual(output);
              }
              if (next) {
                posts.set(change.slot, next);
                await project.writePost(`p${change.slot}`, next);
              } else {
                posts.delete(change.slot);
                await unlink(file).catch(() => undefined);
              }
              await site.update([file]);
              expect(await snapshotDir(project.outDir), `after ${JSON.stringify(change)}`).toEqual(await fullBuild());
            }
          } finally {
            await site.dispose();
          }
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 300_000);
});
