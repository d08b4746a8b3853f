/**
 * Lighthouse, with its default mobile settings, on a few representative pages
 * served the way production serves them (the repo's own preview server: clean
 * URLs, the `_headers` CSP, compression, the 404 page), in Debian's Chromium.
 * Prints the four category scores and the lab metrics per page, and every
 * failing audit behind a score under 100; exits 1 when any score is under 100.
 *
 * Usage: npm run lighthouse [-- --no-build] [--dir dist] [--only /,/contact] [--json reports/]
 *   --no-build  audit the output folder as it is (default: build first)
 *   --json      also write each page's full Lighthouse result (LHR) as JSON there
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { build } from '../generator/build';
import { createLogger } from '../generator/logger';
import { serve, type RunningServer } from '../generator/serve';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, INSTALL_HINT } from '../tests/support/chromium';
import { existsSync } from 'node:fs';

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
  },
});
const routes = values.only ? values.only.split(',') : ROUTES;

if (!existsSync(CHROMIUM_PATH)) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
if (!values['no-build']) await build({ outDir: values.dir, logger: createLogger({ quiet: true }) });

interface PageResult {
  route: string;
  lhr: Result;
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
    chromeFlags: CHROMIUM_FLAGS,
    // We kill Chrome in `finally`; chrome-launcher's own SIGINT handler would exit before the server closes.
    handleSIGINT: false,
  });
  const flags: Flags = {
    port: chrome.port,
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse refuses to audit a page answered with 4xx/5xx (a runtime error, no scores). The
    // not-found page is answered with 404 on purpose, so audit it anyway: the SEO audit
    // `http-status-code` still reports the status, so a real page that 404s cannot pass unnoticed.
    ignoreStatusCode: true,
  };
  for (const route of routes) {
    // One page at a time: Lighthouse drives a single tab, and parallel runs would skew the lab metrics on 2 cores.
    const run = await lighthouse(server.url + route, flags);
    if (!run) throw new Error(`Lighthouse returned no result for ${route}`);
    if (run.lhr.runtimeError) throw new Error(`Lighthouse failed on ${route}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
    results.push({ route, lhr: run.lhr });
    if (values.json) {
      await mkdir(values.json, { recursive: true });
      const name = route === '/' ? 'home' : route.slice(1).replace(/[/.]/g, '_');
      await writeFile(path.join(values.json, `${name}.json`), JSON.stringify(run.lhr, null, 2));
    }
  }
} finally {
  chrome?.kill();
  await server?.close();
}

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue?.replace(/\u00a0/g, ' ') ?? '-';

const header = ['page', 'perf', 'a11y', 'bp', 'seo', ...METRICS.map(([label]) => label)];
const rows = results.map(({ route, lhr }) => [route, ...CATEGORIES.map((c) => String(score(lhr, c))), ...METRICS.map(([, id]) => metric(lhr, id))]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`\nLighthouse ${results[0]?.lhr.lighthouseVersion ?? ''}, default mobile settings (simulated slow 4G, 4x CPU slowdown)\n`);
console.log(line(header));
for (const row of rows) console.log(line(row));

let failing = 0;
for (const { route, lhr } of results) {
  for (const id of CATEGORIES) {
    if (score(lhr, id) === 100) continue;
    failing++;
    const category = lhr.categories[id]!;
    // Only audits that can fail: not the informative, manual or not-applicable ones.
    const failed = category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id]! }))
      .filter(({ audit }) => audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric' || audit.scoreDisplayMode === 'metricSavings'));
    console.log(`\n${route} ${category.title}: ${score(lhr, id)}`);
    for (const { ref, audit } of failed) {
      // Weight 0 audits (performance diagnostics) do not move the score but explain it.
      const detail = [audit.displayValue, `score ${audit.score!.toFixed(2)}`, ref.weight === 0 ? 'no weight' : ''].filter(Boolean).join(', ');
      console.log(`  ✖ ${audit.id}: ${audit.title} (${detail.replace(/\u00a0/g, ' ')})`);
    }
  }
}
for (const { route, lhr } of results) for (const warning of lhr.runWarnings) console.log(`\n${route} warning: ${warning}`);

if (failing > 0) {
  console.error(`\n${failing} score(s) under 100`);
  process.exitCode = 1;
} else console.log('\nevery page scores 100 in every category');
