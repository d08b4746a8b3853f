/**
 * The markdown pipeline against the library it is built on, side by side in one run (`npm run bench`, or alone:
 * `NODE_ENV=production tsx scripts/bench-markdown.ts`): remark alone (remark-parse, remark-gfm, remark-html with its
 * sanitising, one thread, the same pages: scripts/lib/remark-alone.mjs) and `site build` with the built-in theme,
 * cold (on the build's thread alone, `--workers 0`, and by default, with a worker beside it where there are 1,000 pages
 * or more) and warm, each in a new process (process start included), on
 *
 * - 4,000 pages of about 1.5 KB (scripts/lib/synthetic-site.ts's pages);
 * - one big page, a 400 KB changelog (scripts/lib/markdown-collections.ts);
 * - 2,000 code-heavy pages, with their fences' languages (highlighted) and without (the same code, plain).
 *
 * Beside them, the other libraries a build of the built-in theme is made with, each alone in a process of its own
 * (Shiki on the pages' fenced code, scripts/lib/shiki-alone.mjs; Pagefind on the built pages,
 * scripts/lib/pagefind-alone.mjs), and their sum with remark alone's: the build's cost were the engine free and had it
 * one core.
 *
 * Runs alternate (remark, cold, …), so a machine that slows down during the run slows every column alike; medians.
 * BENCH_MARKDOWN names the sets to run, comma-separated (`pages`, `big`, `code`; all by default): `BENCH_MARKDOWN=big`
 * measures the big page alone, in a few seconds a run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { changelog, writeCodePages } from './lib/markdown-collections';
import { syntheticPage } from './lib/synthetic-site';
import { REPO } from './lib/temp-project';
import { timedNode, type Run } from './lib/timed-node';

/** A project of its own (no templates/: the built-in theme) with its pages in `root/pages`. */
interface Project {
  root: string;
  pages: string;
  out: string;
}

const remarkAlone = (project: Project) =>
  timedNode([path.join(REPO, 'scripts/lib/remark-alone.mjs'), project.pages], REPO);

/** Shiki alone on the project's fenced code (scripts/lib/shiki-alone.mjs). */
const shikiAlone = (project: Project) =>
  timedNode([path.join(REPO, 'scripts/lib/shiki-alone.mjs'), project.pages], REPO);

/** Pagefind alone on the project's built pages (scripts/lib/pagefind-alone.mjs): after a build, which leaves them. */
const pagefindAlone = (project: Project) =>
  timedNode([path.join(REPO, 'scripts/lib/pagefind-alone.mjs'), project.out], REPO);

/** Another engine's bin/site.js to compare with (BENCH_BASELINE: a copy of an earlier build's bin/, lib/ and themes/). */
const BASELINE = process.env.BENCH_BASELINE;

/** The engine measured: this checkout's, or BENCH_ENGINE's (a copy, so a compile during the run cannot change it). */
const ENGINE = process.env.BENCH_ENGINE ?? path.join(REPO, 'bin/site.js');

const build = (project: Project, env: Record<string, string> = {}, bin = ENGINE, flags: string[] = []) =>
  timedNode([bin, 'build', '--quiet', '--pages', project.pages, '--out', project.out, ...flags], project.root, env);

async function cold(project: Project, env: Record<string, string> = {}, bin?: string, flags?: string[]): Promise<Run> {
  await rm(path.join(project.root, 'node_modules/.cache/site'), { recursive: true, force: true });
  await rm(project.out, { recursive: true, force: true });
  await rm(path.join(project.root, '.dist.spare'), { recursive: true, force: true });
  return build(project, env, bin, flags);
}

/** A cold build on the build's thread alone (`--workers 0`), beside the default (a worker per other core). */
const oneThread = (project: Project) => cold(project, {}, undefined, ['--workers', '0']);

/** The baseline engine's cold build of a project, as a column, when BENCH_BASELINE names one. */
const baseline = (project: Project, label = 'site build, cold'): [string, () => Promise<Run>][] =>
  BASELINE ? [[`${label} (baseline)`, () => cold(project, {}, BASELINE)]] : [];

async function project(name: string, write: (pages: string) => Promise<void>): Promise<Project> {
  const root = await mkdtemp(path.join(os.tmpdir(), `site-bench-md-${name}-`));
  const pages = path.join(root, 'pages');
  await mkdir(pages, { recursive: true });
  await write(pages);
  return { root, pages, out: path.join(root, 'dist') };
}

const median = (runs: Run[]) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!.ms;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Measures each column `runs` times, alternating, and prints a row per column with its ratio to the first; returns
 * each column's median by label.
 */
async function sideBySide(
  title: string,
  columns: [string, () => Promise<Run>][],
  runs: number,
): Promise<Map<string, number>> {
  const results = columns.map(() => [] as Run[]);
  for (let i = 0; i < runs; i++) for (const [c, [, run]] of columns.entries()) results[c]!.push(await run());
  console.log(`\n${title}`);
  const base = median(results[0]!);
  for (const [c, [label]] of columns.entries()) {
    const runsOf = results[c]!;
    const m = median(runsOf);
    const peak = Math.max(...runsOf.map((r) => r.rssMb));
    console.log(
      `  ${label.padEnd(42)} ${seconds(m).padStart(9)} ${`${(m / base).toFixed(2)}×`.padStart(7)} ${`${peak.toFixed(0)} MB`.padStart(8)}   ${runsOf.map((r) => seconds(r.ms)).join(', ')}`,
    );
  }
  return new Map(columns.map(([label], c) => [label, median(results[c]!)]));
}

/**
 * The libraries a cold build of the built-in theme is made with, each alone and one after another (the sum of their
 * medians, each a process of its own), beside the cold build: what the build would cost were the engine free and the
 * second core idle.
 */
function printFloor(medians: Map<string, number>, parts: string[], build: string): void {
  const floor = parts.reduce((sum, label) => sum + medians.get(label)!, 0);
  console.log(
    `  ${`${parts.join(' + ')}, one after another`.padEnd(42)} ${seconds(floor).padStart(9)}   ${build}: ${(medians.get(build)! / floor).toFixed(2)}× of it`,
  );
}

type MarkdownSet = 'pages' | 'big' | 'code';

/** The sets BENCH_MARKDOWN names, or all of them. */
function markdownSets(): Set<MarkdownSet> {
  const named = process.env.BENCH_MARKDOWN?.split(',').map((name) => name.trim());
  if (!named) return new Set(['pages', 'big', 'code']);
  const unknown = named.filter((name) => !['pages', 'big', 'code'].includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_MARKDOWN: unknown set ${unknown.join(', ')} (pages, big, code)`);
  return new Set(named as MarkdownSet[]);
}

/** Prints the markdown figures; `runs` of each, medians. */
export async function measureMarkdown(runs = 3, pageCount = 4_000): Promise<void> {
  const sets = markdownSets();
  console.log(
    `\nMarkdown against remark alone (remark-parse, remark-gfm, remark-html with sanitising, one thread, the same pages): new processes, median of ${runs}, runs alternating; ratio to remark alone`,
  );
  const made: Project[] = [];
  try {
    if (sets.has('pages')) {
      const site = await project('pages', async (pages) => {
        await writeFile(path.join(pages, 'site.yml'), 'name: Synthetic\nbaseUrl: https://synthetic.example.org\n');
        for (let n = 1; n <= pageCount; n++)
          await writeFile(path.join(pages, `page-${n}.md`), syntheticPage(n, pageCount));
      });
      made.push(site);
      // Pagefind alone last in each round: it indexes what the round's builds wrote.
      const medians = await sideBySide(
        `${pageCount.toLocaleString('en')} pages of about 1.5 KB (a code block each), built-in theme (highlighting, search)`,
        [
          ['remark alone', () => remarkAlone(site)],
          ...baseline(site),
          ['site build, cold, one thread', () => oneThread(site)],
          ['site build, cold', () => cold(site)],
          ['site build, warm', () => build(site)],
          ['Shiki alone', () => shikiAlone(site)],
          ['Pagefind alone', () => pagefindAlone(site)],
        ],
        runs,
      );
      printFloor(medians, ['remark alone', 'Shiki alone', 'Pagefind alone'], 'site build, cold');
    }

    if (sets.has('big')) {
      const big = await project('big', async (pages) => {
        await writeFile(path.join(pages, 'site.yml'), 'name: Changelog\nbaseUrl: https://tool.example.org\n');
        await writeFile(path.join(pages, 'index.md'), changelog(400 * 1024));
      });
      made.push(big);
      const medians = await sideBySide(
        'One big page: a 400 KB changelog (no code)',
        [
          ['remark alone', () => remarkAlone(big)],
          ...baseline(big),
          ['site build, cold', () => cold(big)],
          ['Pagefind alone', () => pagefindAlone(big)],
        ],
        runs,
      );
      printFloor(medians, ['remark alone', 'Pagefind alone'], 'site build, cold');
    }

    if (sets.has('code')) {
      const code = await project('code', (pages) => writeCodePages(pages, 2_000));
      const plain = await project('plain', (pages) => writeCodePages(pages, 2_000, false));
      made.push(code, plain);
      const medians = await sideBySide(
        '2,000 code-heavy pages (4-6 blocks in 8 languages each): highlighted, and the same fences without a language',
        [
          ['remark alone', () => remarkAlone(code)],
          ['Shiki alone', () => shikiAlone(code)],
          ...baseline(plain, 'site build, cold, plain'),
          ['site build, cold, plain', () => cold(plain)],
          ...baseline(code, 'site build, cold, highlighted'),
          ['site build, cold, highlighted, one thread', () => oneThread(code)],
          ['site build, cold, highlighted', () => cold(code)],
          ['site build, warm, highlighted', () => build(code)],
          ['Pagefind alone', () => pagefindAlone(code)],
        ],
        runs,
      );
      printFloor(medians, ['remark alone', 'Shiki alone', 'Pagefind alone'], 'site build, cold, highlighted');
    }
  } finally {
    for (const { root } of made) await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  await measureMarkdown(runs);
}
