/**
 * How long a click on a same-site link takes to show the next page, with and
 * without the speculation rules (the Speculation-Rules header in `_headers`).
 * The built site is served by `site serve` and driven in Debian's Chromium
 * under a simulated slow network (Chrome DevTools' "Slow 4G": 150 ms round
 * trip, 1.6 Mbps down, 750 kbps up).
 *
 * Each run opens a fresh browser context (empty caches), loads the first page,
 * hovers the link as a visitor would and, with the rules, waits until the
 * browser reports the prefetch of its page ready; then clicks. It measures from
 * the click event to the last byte of the next page's HTML, to its first
 * contentful paint and to its load event, and notes whether the browser answered the navigation from the
 * prefetch. "Without" serves a copy of the same build whose `_headers` lacks
 * the Speculation-Rules header, as before the rules existed; runs alternate
 * between the two, so a busy spell on the machine weighs on both alike.
 *
 * Usage: npm run prefetch-timing [-- --no-build] [--runs 9] [--dir dist] [--from /] [--to /about] [--viewport 390x844]
 *   --no-build  measure the output folder as it is (default: build first)
 *   --runs      runs of each kind (default 9); the medians are printed
 *   --viewport  the window, as a phone's by default (a phone's screen on a slow network is the case that
 *               matters; headless Chromium also draws a wide window's first frame slowly here, in software,
 *               which hides the network's share of the paint)
 *   --from      the page the visitor starts on (default /)
 *   --to        the page its link leads to (default: the first link in <main> to another page)
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { build } from '../generator/core/build';
import { createLogger } from '../generator/base/logger';
import { serve, type RunningServer } from '../generator/dev/serve';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, INSTALL_HINT } from '../tests/support/chromium';

/** Chrome DevTools' "Slow 4G" preset (bytes per second). */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** How long a page may take to load or a prefetch to arrive: generous, since the network is slowed on purpose and the machine may be busy. */
const SETTLE_TIMEOUT = 120_000;

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    dir: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '9' },
    viewport: { type: 'string', default: '390x844' },
    from: { type: 'string', default: '/' },
    to: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number of at least 1, not "${values.runs}"`);
  process.exit(2);
}
const [width, height] = (values.viewport.match(/^(\d+)x(\d+)$/) ?? []).slice(1).map(Number);
if (!width || !height) {
  console.error(`--viewport must be WIDTHxHEIGHT, like 390x844, not "${values.viewport}"`);
  process.exit(2);
}
if (!existsSync(CHROMIUM_PATH)) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
if (!values['no-build']) await build({ outDir: values.dir, logger: createLogger({ quiet: true }) });
const headersFile = path.join(values.dir, '_headers');
if (!(await readFile(headersFile, 'utf8').catch(() => '')).includes('Speculation-Rules:')) {
  console.error(`${headersFile} has no Speculation-Rules header: build the site first (or drop --no-build).`);
  process.exit(1);
}

interface Run {
  /** Click event to the last byte of the next page's HTML, ms. */
  html: number;
  /** Click event to the next page's first contentful paint, ms. */
  paint: number;
  /** Click event to the next page's load event, ms. */
  load: number;
  /** The navigation was answered from a prefetch. */
  prefetched: boolean;
}

/** Resolves with the first prefetch of `url` the browser reports ready (CDP Preload domain), or rejects with its failure. */
function prefetchReady(cdp: CDPSession, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no prefetch of ${url} within ${SETTLE_TIMEOUT} ms`)),
      SETTLE_TIMEOUT,
    );
    cdp.on('Preload.prefetchStatusUpdated', (event) => {
      if (event.prefetchUrl !== url) return;
      if (event.status === 'Ready' || event.status === 'Success') {
        clearTimeout(timer);
        resolve();
      } else if (event.status === 'Failure' || event.status === 'NotSupported') {
        clearTimeout(timer);
        reject(new Error(`prefetch of ${url}: ${event.status} (${event.prefetchStatus ?? 'no reason given'})`));
      }
    });
  });
}

/** The link the visitor follows: --to, else the first visible link in <main> to another page of the site. */
async function chooseLink(page: Page): Promise<string> {
  if (values.to) return values.to;
  const href = await page.evaluate(() => {
    const here = location.pathname;
    const link = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')].find((a) => {
      const url = new URL(a.href);
      return (
        url.origin === location.origin &&
        url.pathname !== here &&
        !url.search &&
        !url.pathname.includes('.') &&
        a.checkVisibility()
      );
    });
    return link ? new URL(link.href).pathname : undefined;
  });
  if (!href) throw new Error(`no link to another page in <main> on ${values.from}: pass --to`);
  return href;
}

async function measure(browser: Browser, server: RunningServer, to: string, withRules: boolean): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: width!, height: height! } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Preload.enable');
    await page.goto(server.url + values.from, { waitUntil: 'load', timeout: SETTLE_TIMEOUT });
    const link = page.locator(`a[href="${to}"]:visible`).first();
    await link.waitFor({ timeout: SETTLE_TIMEOUT });
    const ready = withRules ? prefetchReady(cdp, server.url + to) : undefined;
    await link.hover();
    await ready;
    // The click's own time, taken by the page: it survives the navigation in sessionStorage (same origin, same tab).
    await page.evaluate(() =>
      addEventListener(
        'click',
        (event) => sessionStorage.setItem('clickAt', String(performance.timeOrigin + event.timeStamp)),
        { capture: true, once: true },
      ),
    );
    await link.click({ noWaitAfter: true });
    await page.waitForURL(server.url + to, { waitUntil: 'load', timeout: SETTLE_TIMEOUT });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: SETTLE_TIMEOUT,
    });
    return await page.evaluate(() => {
      const clickAt = Number(sessionStorage.getItem('clickAt'));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
        deliveryType?: string;
      };
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!;
      return {
        html: performance.timeOrigin + navigation.responseEnd - clickAt,
        paint: performance.timeOrigin + paint.startTime - clickAt,
        load: performance.timeOrigin + navigation.loadEventStart - clickAt,
        prefetched: navigation.deliveryType === 'navigational-prefetch',
      };
    });
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (x: number) => `${Math.round(x)} ms`;

// "Without": the same build, its _headers without the Speculation-Rules line.
const bare = path.join(await mkdtemp(path.join(os.tmpdir(), 'prefetch-timing-')), 'dist');
await cp(values.dir, bare, { recursive: true });
await writeFile(
  path.join(bare, '_headers'),
  (await readFile(headersFile, 'utf8')).replace(/^\s*Speculation-Rules:.*\n/m, ''),
);

const withServer = await serve({ dir: values.dir, port: 0 });
const withoutServer = await serve({ dir: bare, port: 0 });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const probe = await browser.newPage({ viewport: { width: width!, height: height! } });
  await probe.goto(withServer.url + values.from);
  const to = await chooseLink(probe);
  await probe.close();
  console.log(
    `Click on the link from ${values.from} to ${to}, Slow 4G (150 ms RTT, 1.6 Mbps down), ${width}×${height} window, ${runs} runs each:\n`,
  );
  const results: Record<'without' | 'with', Run[]> = { without: [], with: [] };
  for (let i = 0; i < runs; i++) {
    results.without.push(await measure(browser, withoutServer, to, false));
    results.with.push(await measure(browser, withServer, to, true));
  }
  const rows = (['without', 'with'] as const).map((kind) => {
    const r = results[kind];
    return [
      `${kind} speculation rules`.padEnd(26),
      ms(median(r.map((x) => x.html))).padStart(8),
      ms(median(r.map((x) => x.paint))).padStart(8),
      ms(median(r.map((x) => x.load))).padStart(8),
      `${r.filter((x) => x.prefetched).length}/${r.length}`.padStart(10),
      `  ${r.map((x) => Math.round(x.paint)).join(' ')}`,
    ].join('  ');
  });
  console.log(
    `${''.padEnd(26)}  ${'HTML'.padStart(8)}  ${'FCP'.padStart(8)}  ${'load'.padStart(8)}  ${'prefetched'.padStart(10)}  click → FCP of each run (ms)`,
  );
  for (const row of rows) console.log(row);
  console.log(
    "\nMedians, from the click event to the last byte of the next page's HTML, its first contentful paint and its load event.",
  );
} finally {
  await browser.close();
  await withServer.close();
  await withoutServer.close();
  await rm(path.dirname(bare), { recursive: true, force: true });
}
