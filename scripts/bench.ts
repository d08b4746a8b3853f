/**
 * The benchmark: `site build` of synthetic sites (1,000 and 4,000 pages of
 * about 1.5 KB, default template with the full header and footer), cold (a
 * fresh clone: no cache, no output) and warm (built again), process start
 * included, with pages per second and peak memory; then the real site the
 * same way, the watch loop, and a per-route table of bytes; and a folder of
 * real-world-shaped markdown with the built-in theme (2,500 cheat sheets in
 * tldr-pages' form, scripts/lib/markdown-collections.ts, or any folder of
 * markdown given with --collection, such as a checkout's pages/common), cold
 * and warm. Medians of several runs; it prints figures and fails nothing.
 * The markdown pipeline beside remark alone (scripts/bench-markdown.ts): 4,000 pages, a 400 KB page, code-heavy pages.
 * The example blog at 1,000, 10,000 and 20,000 posts (scripts/bench-blog-scale.ts: build, peak RSS, output, watch start
 * and a post edit served, beside a bare `node -e 0`; and `site check` of the build), each size with every --engine
 * checkout in turn when given.
 * Beside each synthetic size's warm build, Eleventy's cold build of the same pages with the same chrome
 * (scripts/lib/eleventy-peer.ts, installed from the npm registry on first use).
 * Usage: npm run bench [-- --sizes 1000,4000 --skip-watch --collection <pages folder> --blog-sizes 1000,10000,20000
 *   --engine <checkout> --engine <another> --only synthetic,collection,markdown,blog,real]
 */
import { availableParallelism, cpus } from 'node:os';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureWatch } from './bench-watch';
import { bareNodeMs, blogScaleHeader, formatBlogScaleRun, measureBlogScale } from './bench-blog-scale';
import { createWeigher } from './lib/page-weight';
import { writeCheatSheets } from './lib/markdown-collections';
import { writeSyntheticSite } from './lib/synthetic-site';
import { measureMarkdown } from './bench-markdown';
import { REPO } from './lib/temp-project';
import { timedNode, type Run } from './lib/timed-node';
import { ELEVENTY_VERSION, eleventyArgs, eleventyCommand, writeEleventyProject } from './lib/eleventy-peer';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,4000' },
    'skip-watch': { type: 'boolean', default: false },
    collection: { type: 'string' },
    'blog-sizes': { type: 'string', default: '1000,10000,20000' },
    engine: { type: 'string', multiple: true },
    only: { type: 'string', default: 'synthetic,collection,markdown,blog,real' },
  },
});
/** Whether `--only` names this part of the benchmark. */
const wanted = (part: string) => values.only!.split(',').includes(part);

/**
 * One `site build` in a fresh process (cold or warm: what the caller left in place). `root`: the project (its
 * templates/, or none: the built-in theme).
 */
const coldBuild = (pagesDir: string, outDir: string, root = REPO) =>
  timedNode([path.join(REPO, 'bin/site.js'), 'build', '--quiet', '--pages', pagesDir, '--out', outDir], root);

const RUNS = 3;
const CACHE = path.join(REPO, 'node_modules/.cache/site');
const median = (runs: Run[]) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A cold build as on a fresh clone: no cache folder, no output folder (nor its spare). */
async function cold(pagesDir: string, outDir: string, root = REPO): Promise<Run> {
  await rm(root === REPO ? CACHE : path.join(root, 'node_modules/.cache/site'), { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
  await rm(path.join(path.dirname(outDir), `.${path.basename(outDir)}.spare`), { recursive: true, force: true });
  return coldBuild(pagesDir, outDir, root);
}

/** `RUNS` cold builds, then `RUNS` warm ones (the same pages again, cache and output folder in place). */
async function coldAndWarm(pagesDir: string, outDir: string, root = REPO): Promise<{ cold: Run[]; warm: Run[] }> {
  const coldRuns: Run[] = [];
  for (let i = 0; i < RUNS; i++) coldRuns.push(await cold(pagesDir, outDir, root));
  const warmRuns: Run[] = [];
  for (let i = 0; i < RUNS; i++) warmRuns.push(await coldBuild(pagesDir, outDir, root));
  return { cold: coldRuns, warm: warmRuns };
}

/**
 * Eleventy's cold build of the same synthetic pages with the same chrome (scripts/lib/eleventy-peer.ts), `RUNS` times
 * alternating with nothing, and the warm build's share of it: issue 43 asks for at most 0.4.
 */
async function eleventyBeside(dir: string, size: number, warmMs: number): Promise<void> {
  const eleventy = await eleventyCommand();
  if ('missing' in eleventy) {
    console.log(`  Eleventy ${ELEVENTY_VERSION}: not measured (${eleventy.missing})`);
    return;
  }
  const project = path.join(dir, 'eleventy');
  const built = await readFile(path.join(dir, 'dist/page-1.html'), 'utf8');
  const count = await writeEleventyProject(project, path.join(dir, 'pages'), /^page-\d+\.md$/, built, '/page-1');
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    await rm(path.join(project, '_site'), { recursive: true, force: true });
    runs.push(await timedNode(eleventyArgs(eleventy.command, project), project));
  }
  console.log(row(`Eleventy ${ELEVENTY_VERSION} cold`, count, runs));
  console.log(
    `  warm \`site build\` / Eleventy's cold build (${size} pages): ${(warmMs / median(runs).ms).toFixed(2)}`,
  );
}

const row = (label: string, pages: number, runs: Run[]) => {
  const m = median(runs);
  const peak = Math.max(...runs.map((r) => r.rssMb));
  return `${label.padEnd(20)} ${String(pages).padStart(6)} ${seconds(m.ms).padStart(9)} ${Math.round(
    pages / (m.ms / 1000),
  )
    .toString()
    .padStart(9)} ${`${peak.toFixed(0)} MB`.padStart(10)}   ${runs.map((r) => seconds(r.ms)).join(', ')}`;
};

console.log(`${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}\n`);
// The synthetic sites are removed on exit, not between sizes: deleting thousands of files just before a build slows its file creation on ext4.
const temporary: string[] = [];
process.on('exit', () => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

if (wanted('synthetic')) {
  console.log(`Synthetic sites: \`site build\` in a new process each time (process start included), median of ${RUNS}`);
  console.log(
    '  cold: node_modules/.cache/site and the output folder removed first (a fresh clone); warm: the same pages again, cache and output in place',
  );
  console.log(
    `${'build'.padEnd(20)} ${'pages'.padStart(6)} ${'median'.padStart(9)} ${'pages/s'.padStart(9)} ${'peak RSS'.padStart(10)}   runs in order`,
  );
  const scaling: [number, number][] = [];
  for (const size of values.sizes!.split(',').map(Number)) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `site-bench-${size}-`));
    temporary.push(dir);
    await writeSyntheticSite(path.join(dir, 'pages'), size);
    const runs = await coldAndWarm(path.join(dir, 'pages'), path.join(dir, 'dist'));
    scaling.push([size, median(runs.cold).ms]);
    console.log(row('cold', size, runs.cold));
    console.log(row('warm', size, runs.warm));
    await eleventyBeside(dir, size, median(runs.warm).ms);
  }
  if (scaling.length > 1) {
    const [[n1, t1], [n2, t2]] = [scaling[0]!, scaling.at(-1)!];
    console.log(
      `  scaling (cold): ${((t2 - t1) / (n2 - n1)).toFixed(3)} ms per extra page; ${n2 / n1}× pages took ${(t2 / t1).toFixed(2)}× the time`,
    );
  }
}

// Markdown as people bring it, with the built-in theme: the figure a new user meets.
if (wanted('collection')) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-bench-collection-'));
  temporary.push(root);
  const pagesDir = path.join(root, 'pages');
  if (values.collection) {
    // A copy, with a two-line site.yml when the folder has none (the markdown of another tool has not).
    await cp(path.resolve(values.collection), pagesDir, { recursive: true });
    if (!existsSync(path.join(pagesDir, 'site.yml')))
      await writeFile(path.join(pagesDir, 'site.yml'), 'name: Collection\nbaseUrl: https://example.org\n');
  } else await writeCheatSheets(pagesDir, 2_500);
  const runs = await coldAndWarm(pagesDir, path.join(root, 'dist'), root);
  const count = (await readdir(path.join(root, 'dist'), { recursive: true })).filter((f) => f.endsWith('.html')).length;
  console.log(
    `\nMarkdown collection with the built-in theme: ${values.collection ?? '2,500 cheat sheets in the form of tldr-pages (scripts/lib/markdown-collections.ts)'}`,
  );
  console.log(
    `${'build'.padEnd(20)} ${'pages'.padStart(6)} ${'median'.padStart(9)} ${'pages/s'.padStart(9)} ${'peak RSS'.padStart(10)}   runs in order`,
  );
  console.log(row('cold', count, runs.cold));
  console.log(row('warm', count, runs.warm));
}

// The markdown pipeline beside remark alone: 4,000 pages, a big page, code-heavy pages (scripts/bench-markdown.ts).
if (wanted('markdown')) await measureMarkdown(RUNS);

// Collections at scale: the example blog with a tag for every ten posts, as a writer meets it.
if (wanted('blog')) {
  console.log(
    '\nThe example blog (examples/blog/, scripts/bench-blog-scale.ts): site build, then site watch and a post title edit served (median of 5), each in a process of its own',
  );
  console.log(`node -e 0: ${(await bareNodeMs()).toFixed(0)} ms`);
  console.log(blogScaleHeader);
  for (const posts of values['blog-sizes']!.split(',').map(Number))
    for (const engine of values.engine ?? [REPO])
      console.log(formatBlogScaleRun(await measureBlogScale(posts, path.resolve(engine))));
}

if (wanted('real')) {
  console.log('\nReal site');
  const realOut = await mkdtemp(path.join(os.tmpdir(), 'site-bench-real-'));
  try {
    const pages = path.join(REPO, 'pages');
    const runs = await coldAndWarm(pages, path.join(realOut, 'dist'));
    console.log(
      `${'build'.padEnd(20)} ${'pages'.padStart(6)} ${'median'.padStart(9)} ${'pages/s'.padStart(9)} ${'peak RSS'.padStart(10)}   runs in order`,
    );
    const count = (await readdir(path.join(realOut, 'dist'))).filter((f) => f.endsWith('.html')).length;
    console.log(row('cold', count, runs.cold));
    console.log(row('warm', count, runs.warm));

    if (!values['skip-watch']) {
      const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const watch = await measureWatch();
      console.log(
        `  watch (warm cache): start ${watch.start.toFixed(0)} ms; page edit median ${middle(watch.page).toFixed(1)} ms; template edit median ${middle(watch.template).toFixed(1)} ms (20 edits each)`,
      );
    }

    const dist = path.join(realOut, 'dist');
    const weigh = createWeigher(dist);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(9);
    console.log(
      `\n  ${'route'.padEnd(28)} ${'HTML'.padStart(9)} ${'CSS'.padStart(9)} ${'JS first'.padStart(9)} ${'JS total'.padStart(9)}`,
    );
    for (const file of (await readdir(dist)).filter((f) => f.endsWith('.html')).sort()) {
      const w = await weigh(file);
      const route = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
      console.log(
        `  ${route.padEnd(28)} ${kb(w.html.bytes)} ${kb(w.css.bytes)} ${kb(w.jsUpFront.bytes)} ${kb(w.jsTotal.bytes)}`,
      );
    }
  } finally {
    await rm(realOut, { recursive: true, force: true });
  }
}
