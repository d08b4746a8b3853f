/**
 * The benchmark: cold `site build` of synthetic sites (1,000 and 4,000 pages
 * of about 1.5 KB, default template with the full header and footer), process
 * start included, with pages per second and peak memory; then the real site:
 * cold build, the watch loop, and a per-route table of gzip bytes. It prints
 * figures and fails nothing. Usage: npm run bench [-- --sizes 1000,4000 --skip-watch]
 */
import { spawn } from 'node:child_process';
import { availableParallelism, cpus } from 'node:os';
import { rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureWatch } from './bench-watch';
import { createWeigher } from './lib/page-weight';
import { writeSyntheticSite } from './lib/synthetic-site';
import { REPO } from './lib/temp-project';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,4000' }, 'skip-watch': { type: 'boolean', default: false } } });

interface Run {
  ms: number;
  rssMb: number;
}

/** One cold build in a fresh process: wall time from spawn to exit, and the peak RSS it reports. */
async function coldBuild(pagesDir: string, outDir: string): Promise<Run> {
  const rssFile = path.join(os.tmpdir(), `site-bench-rss-${process.pid}-${Date.now()}`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('node', ['--import', path.join(REPO, 'scripts/lib/report-rss.mjs'), path.join(REPO, 'bin/site.js'), 'build', '--quiet', '--pages', pagesDir, '--out', outDir], {
      cwd: REPO,
      env: { ...process.env, NODE_ENV: 'production', SITE_BENCH_RSS_FILE: rssFile },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', resolve);
  });
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`site build exited with ${code}`);
  const rssKb = Number(await readFile(rssFile, 'utf8'));
  await rm(rssFile, { force: true });
  return { ms, rssMb: rssKb / 1024 };
}

/** Cold builds per size: this machine's timings vary from run to run, so it prints them all, the best and the median. */
const RUNS = 5;
const best = (runs: Run[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

console.log(`${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}\n`);
console.log(`Synthetic sites: cold \`site build\` (a new process each time, process start included), ${RUNS} runs each`);
console.log('  run 1 writes into an empty output folder; run 2 replaces it; from run 3 on, a build writes over the spare folder the last swap kept');
console.log(`${'pages'.padStart(7)} ${'best'.padStart(9)} ${'median'.padStart(9)} ${'pages/s'.padStart(9)} ${'peak RSS'.padStart(10)}   runs in order`);
const scaling: [number, number][] = [];
// The synthetic sites are removed on exit, not between sizes: deleting thousands of files just before a build slows its file creation on ext4.
const temporary: string[] = [];
process.on('exit', () => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
for (const size of values.sizes!.split(',').map(Number)) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `site-bench-${size}-`));
  temporary.push(dir);
  await writeSyntheticSite(path.join(dir, 'pages'), size);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await coldBuild(path.join(dir, 'pages'), path.join(dir, 'dist')));
  const run = best(runs);
  const median = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(RUNS / 2)]!;
  scaling.push([size, run.ms]);
  const all = runs.map((r) => `${(r.ms / 1000).toFixed(2)} s`).join(', ');
  console.log(`${String(size).padStart(7)} ${`${(run.ms / 1000).toFixed(2)} s`.padStart(9)} ${`${(median.ms / 1000).toFixed(2)} s`.padStart(9)} ${Math.round(size / (run.ms / 1000)).toString().padStart(9)} ${`${run.rssMb.toFixed(0)} MB`.padStart(10)}   ${all}`);
}
if (scaling.length > 1) {
  const [[n1, t1], [n2, t2]] = [scaling[0]!, scaling.at(-1)!];
  console.log(`  scaling: ${(((t2 - t1) / (n2 - n1)) * 1000).toFixed(2)} ms per extra 1,000 pages ÷ 1,000 = ${((t2 - t1) / (n2 - n1)).toFixed(3)} ms/page marginal; ${n2 / n1}× pages took ${(t2 / t1).toFixed(2)}× the time`);
}

console.log('\nReal site');
const realOut = await mkdtemp(path.join(os.tmpdir(), 'site-bench-real-'));
try {
  // The first build after a fresh install, or after editing the templates: the theme is bundled first.
  await rm(path.join(REPO, 'node_modules/.cache/site'), { recursive: true, force: true });
  const first = await coldBuild(path.join(REPO, 'pages'), path.join(realOut, 'dist'));
  console.log(`  first build with empty caches (bundles the theme and assets, renders the images): ${first.ms.toFixed(0)} ms`);
  const runs: Run[] = [];
  for (let i = 0; i < 3; i++) runs.push(await coldBuild(path.join(REPO, 'pages'), path.join(realOut, 'dist')));
  const run = best(runs);
  console.log(`  cold build (new process, process start included, best of 3): ${run.ms.toFixed(0)} ms, peak RSS ${run.rssMb.toFixed(0)} MB`);

  if (!values['skip-watch']) {
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const watch = await measureWatch();
    console.log(`  watch: initial start ${watch.start.toFixed(0)} ms; page edit median ${median(watch.page).toFixed(1)} ms; template edit median ${median(watch.template).toFixed(1)} ms (20 edits each)`);
  }

  const dist = path.join(realOut, 'dist');
  const weigh = createWeigher(dist);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(9);
  console.log(`\n  ${'route'.padEnd(28)} ${'HTML'.padStart(9)} ${'CSS'.padStart(9)} ${'JS first'.padStart(9)} ${'JS total'.padStart(9)}`);
  for (const file of (await readdir(dist)).filter((f) => f.endsWith('.html')).sort()) {
    const w = await weigh(file);
    const route = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
    console.log(`  ${route.padEnd(28)} ${kb(w.html.bytes)} ${kb(w.css.bytes)} ${kb(w.jsUpFront.bytes)} ${kb(w.jsTotal.bytes)}`);
  }
} finally {
  await rm(realOut, { recursive: true, force: true });
}
