/**
 * Property: whatever sequence of edits `site watch` sees in pages that link to each other, the link check of each
 * update (which checks again only the pages that changed and those that read what changed: checks/link-index.ts)
 * gives the verdict a full build gives: the same broken links, each where it is, the same output folder. Edits: a
 * page written with other links and another heading (so an anchor others link to is renamed), removed (links to it
 * break), renamed (moved to another file: its route changes, links to it break, a markdown link to its old file is
 * named so), given an old address (redirect_from: links to that address lead to it), and a public file added or
 * removed. With `brokenLinks: warn` the site builds and each broken link is a warning, so the verdict is compared
 * at every step; with `error` an update that fails must fail with the full build's errors, and, as `site watch`
 * does, the update after it is of everything.
 *
 * The seed is fixed; to search further: LINK_WATCH_RUNS=200 LINK_WATCH_SEED=7 npx vitest run tests/generator/link-watch.property.test.ts
 */
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site, type UpdateResult } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { catalogued } from '../../generator/base/errors';
import { snapshotDir } from '../support/fixture';

const RUNS = Number(process.env.LINK_WATCH_RUNS ?? 40);
const SEED = Number(process.env.LINK_WATCH_SEED ?? 20_261_129);
const NOW = new Date('2026-01-01T00:00:00Z');

const FILES = ['a.md', 'b.md', 'c.md', 'guide/d.md'];
const HEADINGS = ['Setup', 'Install', 'Usage'];
/** What a page may link to: pages, their anchors, a markdown file, an old address, a public file, nothing. */
const TARGETS = [
  '/a',
  '/b#setup',
  '/c#install',
  '/guide/d#usage',
  '/guide/d',
  'b.md#usage',
  'guide/d.md',
  '/old',
  '/old#setup',
  '/file.txt',
  '/missing',
  '#install',
];

interface Page {
  title: string;
  heading: string;
  links: string[];
  /** An old address of the page (redirect_from). */
  old?: boolean;
}

type Edit =
  | { type: 'write'; file: string; page: Page }
  | { type: 'delete'; file: string }
  | { type: 'move'; from: string; to: string }
  | { type: 'public'; present: boolean };

const file = fc.constantFrom(...FILES);
const page: fc.Arbitrary<Page> = fc.record({
  title: fc.constantFrom('Alpha', 'Bravo', 'Charlie'),
  heading: fc.constantFrom(...HEADINGS),
  links: fc.subarray(TARGETS, { maxLength: 4 }),
  old: fc.boolean(),
});
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ type: fc.constant('write' as const), file, page }),
  fc.record({ type: fc.constant('write' as const), file, page }),
  fc.record({ type: fc.constant('delete' as const), file }),
  fc.record({ type: fc.constant('move' as const), from: file, to: file }),
  fc.record({ type: fc.constant('public' as const), present: fc.boolean() }),
);

/** A markdown link as written from `file`: relative ones from its folder, as GitHub reads them. */
const written = (from: string, target: string) =>
  target.startsWith('/') || target.startsWith('#') || !from.includes('/') ? target : `../${target}`;

const text = (relative: string, { title, heading, links, old }: Page) =>
  `---\ntitle: ${title}\n${old ? 'redirect_from: [/old]\n' : ''}---\n\n## ${heading}\n\n${links
    .map((target, i) => `- [Link ${i}](${written(relative, target)})`)
    .join('\n')}\n`;

/**
 * The built-in theme with its pages' sidebar left out: an edit then re-renders the pages it changes and no others, so
 * the pages whose links it breaks or mends are found by the link check's index alone.
 */
const THEME = `import type { Theme } from 'site';
import { theme as builtIn } from 'site/theme';
export const theme: Theme = {
  ...builtIn,
  templates: { ...builtIn.templates, prose: { ...builtIn.templates.prose, navigation: false } },
};
`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-link-watch-'));
  await mkdir(path.join(root, 'templates'));
  await writeFile(path.join(root, 'templates/index.ts'), THEME);
  await writeFile(path.join(root, 'templates/styles.css'), "@import 'site/theme/styles.css';\n");
});
afterAll(() => rm(root, { recursive: true, force: true }));

const at = (relative: string) => path.join(root, 'pages', relative);

/** What a verdict says, as the writer reads it: each error and each link warning, where it is. */
const said = (items: readonly { kind?: string; name?: string; location?: string; message: string }[]) =>
  items.map((item) => `${item.kind ?? item.name} ${item.location ?? ''} ${item.message}`);
const linkWarnings = (result: UpdateResult) =>
  said(
    result.warnings.filter((warning) =>
      ['BrokenLinkAllowed', 'BrokenLinksAllowed', 'PlannedRouteLinked'].includes(
        (warning as { kind?: string }).kind ?? '',
      ),
    ) as { kind: string; message: string }[],
  );

/** A full build of the files as they are now: its output and link warnings, or its errors. */
async function fullBuild(): Promise<{ output?: Record<string, string>; warnings?: string[]; errors?: string[] }> {
  const outDir = path.join(root, 'full');
  await rm(outDir, { recursive: true, force: true });
  const site = new Site({ root, outDir, cacheDir: path.join(root, 'cache-full'), now: NOW, logger: silentLogger });
  try {
    const result = await site.update('all');
    await site.commit();
    return { output: await snapshotDir(outDir), warnings: linkWarnings(result) };
  } catch (error) {
    return { errors: said(catalogued(error)) };
  } finally {
    await site.dispose();
  }
}

describe('the link check of site watch after any sequence of edits', () => {
  it('gives the verdict of a full build: the same broken links, the same output', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(edit, { minLength: 1, maxLength: 8 }), async (warn, edits) => {
        await rm(path.join(root, 'pages'), { recursive: true, force: true });
        await rm(path.join(root, 'dist'), { recursive: true, force: true });
        await mkdir(at('guide'), { recursive: true });
        await mkdir(path.join(root, 'public'), { recursive: true });
        await writeFile(
          at('site.yml'),
          `name: Links\nbaseUrl: https://example.org\n${warn ? 'brokenLinks: warn\n' : ''}`,
        );
        await writeFile(at('index.md'), '---\ntitle: Home\n---\n\nThe home page.\n');
        const pages = new Map<string, Page>();
        const put = async (relative: string, value: Page) => {
          pages.set(relative, value);
          await writeFile(at(relative), text(relative, value));
        };
        for (const relative of FILES) await put(relative, { title: 'Alpha', heading: 'Setup', links: [] });
        const site = new Site({ root, incremental: true, now: NOW, logger: silentLogger });
        try {
          await site.update('all');
          await site.commit();
          let failed = false;
          for (const change of edits) {
            let changed: string[];
            if (change.type === 'write') {
              await put(change.file, change.page);
              changed = [at(change.file)];
            } else if (change.type === 'delete') {
              pages.delete(change.file);
              await unlink(at(change.file)).catch(() => undefined);
              changed = [at(change.file)];
            } else if (change.type === 'move') {
              const moved = pages.get(change.from);
              if (!moved || change.from === change.to) continue;
              pages.delete(change.from);
              await unlink(at(change.from));
              await put(change.to, moved);
              changed = [at(change.from), at(change.to)];
            } else {
              const public_ = path.join(root, 'public/file.txt');
              if (change.present) await writeFile(public_, 'A file.\n');
              else await unlink(public_).catch(() => undefined);
              changed = [public_];
            }
            const full = await fullBuild();
            let watched: { output?: Record<string, string>; warnings?: string[]; errors?: string[] };
            try {
              // As site watch does: after a failed update, the next is of everything.
              const result = await site.update(failed ? 'all' : changed);
              if (failed) await site.commit();
              failed = false;
              watched = { output: await snapshotDir(path.join(root, 'dist')), warnings: linkWarnings(result) };
            } catch (error) {
              failed = true;
              watched = { errors: said(catalogued(error)) };
            }
            const context = `after ${JSON.stringify(change)}`;
            // A watch update whose pages fail to load stops there, where a full build goes on to check the links of
            // the others (every error at once): its errors are then the full build's, less the broken links.
            const stoppedAtLoad =
              watched.errors !== undefined && !watched.errors.some((error) => error.startsWith('BrokenLink '));
            if (stoppedAtLoad && full.errors)
              expect(
                full.errors.filter((error) => !error.startsWith('BrokenLink ')),
                context,
              ).toEqual(watched.errors);
            else expect({ ...watched, output: undefined }, context).toEqual({ ...full, output: undefined });
            const [mine, theirs] = [watched.output ?? {}, full.output ?? {}];
            const differ = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter(
              (name) => mine[name] !== theirs[name],
            );
            expect(differ, context).toEqual([]);
          }
        } finally {
          await site.dispose();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 240_000);
});
