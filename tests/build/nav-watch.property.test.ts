/**
 * Property: whatever sequence of edits `site watch` sees in a folder of markdown shown with the built-in theme
 * (its navigation: sidebar, breadcrumbs, previous/next, generated section pages), the output folder after each
 * update equals, byte for byte, a full build of the same files. Edits: a page added, removed, retitled, made a draft (both
 * build drafts, as `site watch` does), given a label or an order key (each key other tools write), or moved to another folder (removed there, added here, in one
 * update), so sections appear, lose their page, gain one and vanish; and mdBook's SUMMARY.md written (chapters in
 * any order and nesting, part titles, draft chapters, links to pages that are not there) and removed.
 *
 * The seed is fixed; to search further: NAV_WATCH_RUNS=100 NAV_WATCH_SEED=7 npx vitest run tests/build/nav-watch.property.test.ts
 */
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { snapshotDir } from '../support/fixture';
import { fullBuildInto } from '../support/full-build';

const RUNS = Number(process.env.NAV_WATCH_RUNS ?? 100);
const SEED = Number(process.env.NAV_WATCH_SEED ?? 20_261_128);
const NOW = new Date('2026-01-01T00:00:00Z');

/**
 * Where pages may be: the home page, pages at the top, a folder's page beside it (guide.md) or in it (README.md),
 * pages in (nested) folders.
 */
const FILES = [
  'index.md',
  'about.md',
  'guide.md',
  'guide/1-start.md',
  'guide/10-end.md',
  'guide/deep/z.md',
  'guide/deep/README.md',
  'notes/a.md',
  'notes/b.md',
];
const TITLES = ['Alpha', 'Bravo', 'Charlie', 'Zulu'];
const KEYS = ['order', 'sidebar_position', 'weight', 'nav_order', 'sidebar_label', 'linkTitle'];

interface Page {
  title: string;
  draft?: boolean;
  key?: { name: string; value: number | string };
}

type Edit =
  | { type: 'write'; file: string; page: Page }
  | { type: 'delete'; file: string }
  | { type: 'draft'; file: string; draft: boolean }
  | { type: 'move'; from: string; to: string }
  | { type: 'summary'; lines: SummaryLine[] }
  | { type: 'unsummary' };

/** A line of a SUMMARY.md: a chapter (nested under the one before or not, a draft with no link), or a part title. */
interface SummaryLine {
  file: string;
  nested: boolean;
  kind: 'chapter' | 'draft' | 'part';
}

const file = fc.constantFrom(...FILES);
const page: fc.Arbitrary<Page> = fc.record(
  {
    title: fc.constantFrom(...TITLES),
    draft: fc.boolean(),
    key: fc.record({
      name: fc.constantFrom(...KEYS),
      value: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constantFrom('Short')),
    }),
  },
  { requiredKeys: ['title'] },
);
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('write' as const), file, page }),
  fc.record({ type: fc.constant('delete' as const), file }),
  fc.record({ type: fc.constant('draft' as const), file, draft: fc.boolean() }),
  fc.record({ type: fc.constant('move' as const), from: file, to: file }),
  fc.record({
    type: fc.constant('summary' as const),
    lines: fc.array(
      fc.record({ file, nested: fc.boolean(), kind: fc.constantFrom('chapter', 'chapter', 'draft', 'part') }),
      { maxLength: 6 },
    ),
  }),
  fc.record({ type: fc.constant('unsummary' as const) }),
);

/** A SUMMARY.md of `lines`: a chapter whose page is not there is a draft (a link to no page fails both builds). */
const summaryText = (lines: SummaryLine[], present: ReadonlySet<string>) =>
  '# Summary\n\n' +
  lines
    .map(({ file, nested, kind }, i) =>
      kind === 'part'
        ? `\n# Part ${i}\n`
        : `${nested && i > 0 && lines[i - 1]!.kind !== 'part' ? '    ' : ''}- [Chapter ${i}](${kind === 'draft' || !present.has(file) ? '' : file})`,
    )
    .join('\n') +
  '\n';

const text = ({ title, key, draft }: Page) =>
  `---\ntitle: ${title}\n${key ? `${key.name}: ${key.value}\n` : ''}${draft ? 'draft: true\n' : ''}---\n\nAbout ${title.toLowerCase()}.\n`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-nav-watch-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const pagesDir = () => path.join(root, 'pages');
const at = (relative: string) => path.join(pagesDir(), relative);

async function fullBuild(): Promise<Record<string, string>> {
  const outDir = path.join(root, 'full');
  await fullBuildInto({
    root,
    outDir,
    cacheDir: path.join(root, 'cache-full'),
    drafts: true,
    now: NOW,
    logger: silentLogger,
  });
  return snapshotDir(outDir);
}

describe('site watch after any sequence of navigation edits', () => {
  it('writes the same output folder as a full build', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        // Each run starts from a home page, a guide and a note, built.
        await rm(pagesDir(), { recursive: true, force: true });
        await rm(path.join(root, 'dist'), { recursive: true, force: true });
        await mkdir(at('guide'), { recursive: true });
        await writeFile(at('site.yml'), 'name: Handbook\nbaseUrl: https://example.org\n');
        const pages = new Map<string, Page>([
          ['index.md', { title: 'Handbook' }],
          ['guide/1-start.md', { title: 'Start' }],
          ['notes/a.md', { title: 'A note' }],
        ]);
        const put = async (relative: string, value: Page) => {
          pages.set(relative, value);
          await mkdir(path.dirname(at(relative)), { recursive: true });
          await writeFile(at(relative), text(value));
        };
        const remove = async (relative: string) => {
          pages.delete(relative);
          await unlink(at(relative)).catch(() => undefined);
        };
        for (const [relative, value] of pages) await put(relative, value);
        const site = new Site({ root, incremental: true, drafts: true, now: NOW, logger: silentLogger });
        try {
          await site.update('all');
          await site.commit();
          let summary: SummaryLine[] | undefined;
          for (const change of edits) {
            let changed: string[];
            if (change.type === 'write') {
              await put(change.file, change.page);
              changed = [change.file];
            } else if (change.type === 'draft') {
              const before = pages.get(change.file);
              if (!before) continue;
              await put(change.file, { ...before, draft: change.draft });
              changed = [change.file];
            } else if (change.type === 'delete') {
              // A site keeps one page at least (no pages is NoPages, in watch as in a build).
              if (pages.size === 1 && pages.has(change.file)) continue;
              await remove(change.file);
              changed = [change.file];
            } else if (change.type === 'summary') {
              summary = change.lines;
              changed = [];
            } else if (change.type === 'unsummary') {
              summary = undefined;
              await unlink(at('SUMMARY.md')).catch(() => undefined);
              changed = ['SUMMARY.md'];
            } else {
              const moved = pages.get(change.from);
              if (!moved || change.from === change.to) continue;
              await remove(change.from);
              await put(change.to, moved);
              changed = [change.from, change.to];
            }
            // The SUMMARY.md as it is now, linking to the pages there are now (as its writer keeps it).
            if (summary) {
              await writeFile(at('SUMMARY.md'), summaryText(summary, new Set(pages.keys())));
              changed.push('SUMMARY.md');
            }
            await site.update(changed.map(at));
            expect(await snapshotDir(path.join(root, 'dist')), `after ${JSON.stringify(change)}`).toEqual(
              await fullBuild(),
            );
          }
        } finally {
          await site.dispose();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 300_000);
});
