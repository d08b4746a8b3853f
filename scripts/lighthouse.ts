/**
 * Lighthouse, with its default mobile settings, on a few representative pages
 * served the way production serves them (the repo's own preview server: clean
 * URLs, the `_headers` CSP, compression, the 404 page), in Debian's Chromium.
 * Prints the four category scores and the lab metrics per page, and every
 * failing audit behind a score under 100; exits 1 when any score is under 100.
 *
 * Usage: npm run lighthouse [-- --no-build] [--runs 3] [--dir dist] [--only /,/contact] [--json reports/] [--cpu-slowdown 12]
 *   --no-build  audit the output folder as it is (default: build first)
 *   --runs      audit each page N times and report the median run (Lighthouse's own choice of
 *               median: the run closest to the median FCP and TTI); lab metrics move with the
 *               load on this machine, so one run can be off by several points; every run's
 *               performance score and TBT are printed too, to show the spread, with the median of
 *               the scores (which the median run's score need not be)
 *   --json      also write each page's full Lighthouse result (LHR, the median run) as JSON there
 *   --cpu-slowdown  Lighthouse's CPU throttling (default 4, its mobile setting): its simulation multiplies the
 *               host's own task times by it, so on a host of benchmark index B, 4 * (B / I) plays a host of index I
 *               (12 on a host near 2,500 plays one near 830: how the pages fare on a slow host)
 *   --explain   also print, for each page's median run, what Lighthouse's simulation (Lantern) made the
 *               first paint wait for: each request and main-thread task on its path, with its simulated
 *               start and end and, for a task, its observed time and what the time went to (for a
 *               layout, how many of the page's layout objects it laid out: a layout of the part parsed
 *               so far, or of the whole page); and the tasks its Total Blocking Time counts, with the
 *               scripts each ran
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { build } from '../generator/core/build';
import { createLogger } from '../generator/base/logger';
import { serve, type RunningServer } from '../generator/dev/serve';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, INSTALL_HINT } from '../tests/support/chromium';

/** One page of each kind: the home page (hero carousel), a service page, the page with forms, and the not-found page. */
const ROUTES = ['/', '/cyber-security', '/contact', '/404.html'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['LCP', 'largest-contentful-paint'],
  ['CLS', 'cumulative-layout-shift'],
  ['TBT', 'total-blocking-time'],
  ['FCP', 'first-contentful-paint'],
  ['SI', 'speed-index'],
] as const;

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    dir: { type: 'string', default: 'dist' },
    only: { type: 'string' },
    json: { type: 'string' },
    runs: { type: 'string', default: '1' },
    explain: { type: 'boolean', default: false },
    'cpu-slowdown': { type: 'string', default: '4' },
  },
});
const routes = values.only ? values.only.split(',') : ROUTES;
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1, not "${values.runs}"`);
  process.exit(2);
}

const cpuSlowdown = Number(values['cpu-slowdown']);
if (!(cpuSlowdown >= 1)) {
  console.error(`--cpu-slowdown must be a number of at least 1, not "${values['cpu-slowdown']}"`);
  process.exit(2);
}

if (!existsSync(CHROMIUM_PATH)) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
if (!values['no-build']) await build({ outDir: values.dir, logger: createLogger({ quiet: true }) });

interface PageResult {
  route: string;
  /** The median run. */
  lhr: Result;
  /** Performance score of every run, to show the spread. */
  performance: number[];
  /** Total Blocking Time of every run, in ms: the metric that moves most from run to run. */
  tbt: number[];
  /** Lighthouse's CPU benchmark of the host, for every run. */
  benchmark: number[];
  /** The median run's simulated path to its first paint (--explain). */
  firstPaint: string[];
  /** The median run's tasks that Lantern counts towards Total Blocking Time (--explain). */
  blocking: string[];
}

/** Trace events that name a kind of work (the others wrap them), shown for each task on the path. */
const WORK = [
  'LocalWindowProxy::Initialize',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'FunctionCall',
];

/**
 * What the last run's simulated First Contentful Paint waited for: the nodes of Lantern's pessimistic FCP graph
 * (the requests and main-thread tasks it counts as render-blocking, and what they depend on), in simulated time.
 * A task's simulated time is its observed time multiplied by the CPU slowdown, so the observed time is shown too,
 * with the kinds of work it did (LocalWindowProxy::Initialize is the page's JavaScript context being made).
 * Lantern keeps the node timings of its last simulation of each kind.
 */
function firstPaintPath(): string[] {
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('pessimisticFirstContentfulPaint');
  if (!timings) return ['(no simulation of the first paint was recorded)'];
  return [...timings]
    .sort(([, a], [, b]) => a.startTime - b.startTime)
    .map(([node, timing]) =>
      node.type === 'network'
        ? `${span(timing)}${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${node.request.priority})`
        : `${span(timing)}${task(node)}`,
    );
}

/**
 * The main-thread tasks Lantern's Total Blocking Time counts: every task of its simulation that lasts
 * 50 ms or more once slowed down (12.5 ms observed; 25 ms for a task that lays out, slowed 2x), in
 * simulated time, with what each did, which scripts it ran, and how much of it counted. Only the part
 * of each past 50 ms, and after the first paint, is blocking; as Lantern does, the pessimistic blocking
 * time is cut at the optimistic first paint. Its first-paint graph holds only the first parse, layout
 * and paint tasks and render-blocking scripts, while this simulation runs every task of 10 ms or more
 * in the order observed: the parser's other chunks run first, so the first layout can end up after
 * the simulated first paint and count in full.
 */
function blockingTasks(): string[] {
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('pessimisticTotalBlockingTime');
  const firstPaint = Lantern.Simulation.Simulator.allNodeTimings.get('optimisticFirstContentfulPaint');
  if (!timings || !firstPaint) return ['(no simulation of the blocking time was recorded)'];
  const paintedAt = Math.max(...[...firstPaint.values()].map((timing) => timing.endTime));
  return [
    `(the simulated first paint ends at ${Math.round(paintedAt)} ms)`,
    ...[...timings]
      .filter(([node, timing]) => node.type === 'cpu' && timing.endTime - timing.startTime >= 50)
      .sort(([, a], [, b]) => a.startTime - b.startTime)
      .map(([node, timing]) => {
        const counted = Math.max(0, timing.endTime - Math.max(timing.startTime, paintedAt) - 50);
        return `${span(timing)}${task(node as Lantern.Graph.CPUNode)}; counts ${Math.round(counted)} ms`;
      }),
  ];
}

const ms = (n: number) => String(Math.round(n)).padStart(5);
const span = (timing: { startTime: number; endTime: number }) => `${ms(timing.startTime)} -${ms(timing.endTime)} ms  `;

/** A task: its observed time, the kinds of work it did, and the scripts it evaluated or called into. */
function task(node: Lantern.Graph.CPUNode): string {
  const spent = new Map<string, number>();
  const scripts = new Set<string>();
  /** What each layout of 1 ms or more laid out: a full layout of the page, or a few objects of it. */
  const layouts: string[] = [];
  for (const event of node.childEvents) {
    if (event.dur && WORK.includes(event.name)) spent.set(event.name, (spent.get(event.name) ?? 0) + event.dur / 1000);
    const objects =
      (event.args as { beginData?: { dirtyObjects?: number; totalObjects?: number } } | undefined)?.beginData ?? {};
    if (event.name === 'Layout' && event.dur >= 1000 && objects.totalObjects !== undefined)
      layouts.push(`${objects.dirtyObjects} of ${objects.totalObjects}`);
    const url = (event.args?.data as { url?: string } | undefined)?.url;
    if (url && /^(EvaluateScript|v8\.evaluateModule|FunctionCall)$/.test(event.name))
      scripts.add(url.replace(/^https?:\/\/[^/]+/, ''));
  }
  const top = [...spent]
    .filter(([, time]) => time >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([name, time]) => `${name} ${time.toFixed(0)}`);
  const ran = scripts.size ? ` [${[...scripts].join(', ')}]` : '';
  const laidOut = layouts.length ? ` (objects laid out: ${layouts.join(', ')})` : '';
  return `task, ${(node.duration / 1000).toFixed(0)} ms observed${top.length ? `: ${top.join(', ')}` : ''}${laidOut}${ran}`;
}

/**
 * One Lighthouse run. A run that ends in a runtime error is tried again, twice at most: with
 * Debian's Chromium, now and then (seen while other processes loaded the CPU) the trace misses the
 * navigation start, NO_NAVSTART ("Please run Lighthouse again"), and the next run is fine.
 */
async function audit(url: string, flags: Flags): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, flags);
    if (!run) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = run.lhr.runtimeError;
    if (!error) return run.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url} three times: ${error.code} ${error.message}`);
    console.warn(`Lighthouse failed on ${url} (${error.code}); trying again`);
  }
}

let server: RunningServer | undefined;
let chrome: LaunchedChrome | undefined;
const results: PageResult[] = [];
try {
  // Port 0: the OS picks a free port, so a running `site serve` or a parallel test run never collides with this.
  server = await serve({ dir: values.dir!, port: 0 });
  chrome = await launch({
    chromePath: CHROMIUM_PATH,
    // The repo's usual headless flags. chrome-launcher adds its own defaults (no extensions,
    // no sync, no background throttling) and, with no userDataDir given, a fresh temporary
    // profile that it deletes when Chrome is killed, so no cache or storage leaks between runs.
    // Chrome runs in its own process group, so Ctrl-C would not reach it: chrome-launcher's
    // SIGINT handler (on by default) kills it, and `finally` does on every other way out.
    chromeFlags: CHROMIUM_FLAGS,
  });
  const flags: Flags = {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse refuses to audit a page answered with 4xx/5xx: a runtime error and no scores at
    // all. Audit it anyway, so a route that breaks still gets its table row; the SEO audit
    // `http-status-code` fails on it, so it cannot pass unnoticed.
    ignoreStatusCode: true,
    ...(cpuSlowdown !== 4 && {
      throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    }),
  };
  for (const route of routes) {
    const lhrs: Result[] = [];
    const paths: string[][] = [];
    const blocking: string[][] = [];
    // One page and one run at a time: Lighthouse drives a single tab, and parallel runs would skew the lab metrics.
    for (let i = 0; i < runs; i++) {
      lhrs.push(await audit(server.url + route, flags));
      paths.push(values.explain ? firstPaintPath() : []);
      blocking.push(values.explain ? blockingTasks() : []);
    }
    const lhr = computeMedianRun(lhrs);
    results.push({
      route,
      lhr,
      performance: lhrs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)),
      tbt: lhrs.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0)),
      benchmark: lhrs.map((r) => Math.round(r.environment.benchmarkIndex)),
      firstPaint: paths[lhrs.indexOf(lhr)] ?? [],
      blocking: blocking[lhrs.indexOf(lhr)] ?? [],
    });
    if (values.json) {
      await mkdir(values.json, { recursive: true });
      const name = route === '/' ? 'home' : route.slice(1).replace(/[/.]/g, '_');
      await writeFile(path.join(values.json, `${name}.json`), JSON.stringify(lhr, null, 2));
    }
  }
} finally {
  chrome?.kill();
  await server?.close();
}

/** The median of the runs' scores: the middle one, or halfway between the two middle ones. */
function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '-';

const header = ['page', 'perf', 'a11y', 'bp', 'seo', ...METRICS.map(([label]) => label)];
const rows = results.map(({ route, lhr }) => [
  route,
  ...CATEGORIES.map((c) => String(score(lhr, c))),
  ...METRICS.map(([, id]) => metric(lhr, id)),
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const median = runs > 1 ? `, median of ${runs} runs` : '';
console.log(
  `\nLighthouse ${results[0]?.lhr.lighthouseVersion ?? ''}, default mobile settings (simulated slow 4G, ${cpuSlowdown}x CPU slowdown)${median}\n`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
if (runs > 1) {
  // The table's row is the run Lighthouse picks as its median (by FCP and TTI), whose score need not be the median score.
  console.log(
    `\nperformance of each run: ${results.map((r) => `${r.route} ${r.performance.join(' ')} (median ${medianOf(r.performance)})`).join(' · ')}`,
  );
  console.log(`TBT of each run (ms): ${results.map((r) => `${r.route} ${r.tbt.join(' ')}`).join(' · ')}`);
}
// The CPU throttling multiplies the host's own task times by 4, so a slow or busy host inflates TBT,
// FCP and LCP. Lighthouse's CLI warns below a benchmark index of 1000; its Node API does not, so we do.
const benchmarks = results.flatMap((r) => r.benchmark);
const slowest = Math.min(...benchmarks);
console.log(`host CPU benchmark index: ${slowest}-${Math.max(...benchmarks)}`);
if (slowest < 1000)
  console.log(
    '  below 1000: the CPU is slower (or busier) than Lighthouse expects, so performance scores can come out low; rerun when the machine is idle',
  );

if (values.explain)
  for (const { route, lhr, firstPaint, blocking } of results) {
    const fcp = lhr.audits['first-contentful-paint']?.displayValue?.replace(/\u00a0/g, ' ');
    console.log(`\n${route}: what the simulated first paint (${fcp}) waited for`);
    for (const step of firstPaint) console.log(`  ${step}`);
    const tbt = lhr.audits['total-blocking-time']?.displayValue?.replace(/\u00a0/g, ' ');
    console.log(`${route}: the simulated tasks of 50 ms or more (TBT ${tbt})`);
    for (const step of blocking) console.log(`  ${step}`);
  }

let failing = 0;
for (const { route, lhr } of results) {
  for (const id of CATEGORIES) {
    if (score(lhr, id) === 100) continue;
    const category = lhr.categories[id]!;
    // Only audits that can fail: not the informative, manual or not-applicable ones.
    const failed = category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
      .filter(
        ({ audit }) =>
          audit.score !== null &&
          audit.score < 1 &&
          ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode),
      );
    failing++;
    console.log(`\n${route} ${category.title}: ${score(lhr, id)}`);
    for (const { ref, audit } of failed) {
      // Weight 0 audits (performance diagnostics) do not move the score but explain it.
      const detail = [audit.displayValue, `score ${audit.score!.toFixed(2)}`, ref.weight === 0 ? 'no weight' : '']
        .filter(Boolean)
        .join(', ')
        .replace(/\u00a0/g, ' ');
      console.log(`  ✖ ${audit.id}: ${audit.title} (${detail})`);
    }
  }
}
for (const { route, lhr } of results)
  for (const warning of lhr.runWarnings) console.log(`\n${route} warning: ${warning}`);

if (failing > 0) {
  console.error(`\n${failing} score(s) under 100`);
  process.exitCode = 1;
} else console.log('\nevery page scores 100 in every category');
