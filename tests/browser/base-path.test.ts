/**
 * The website built for a sub-path (https://example.github.io/notes, a GitHub Pages project site) and served only
 * under /notes: in Chromium every page, stylesheet, font, island script and the speculation rules load from under
 * the path, the islands start, links lead to pages under it, and an unknown path gets the not-found page; the
 * built files name no root-relative URL outside it, and `site check` finds nothing broken.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSite } from '../../generator/dev/crawl-site';
import { build, type BuildResult } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { chromiumAvailable, launchChromium } from '../support/chromium';
import { hydrateAll, STATE_TIMEOUT } from '../support/browser-site';
import { REPO } from '../support/fixture';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

const BASE_URL = 'https://example.github.io/notes';
let temp: string;
let outDir: string;
let built: BuildResult;
let server: RunningServer;
let chrome: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-base-path-'));
  outDir = path.join(temp, 'dist');
  built = await build({ root: REPO, outDir, baseUrl: BASE_URL, logger: silentLogger });
  server = await serve({ dir: outDir, port: 0, base: '/notes' });
  if (available) chrome = await launchChromium();
}, 180_000);
afterAll(async () => {
  await chrome?.close();
  await server?.close();
  await rm(temp, { recursive: true, force: true });
});

/** Every URL attribute of every element, as written in the built file. */
const URL_SELECTOR =
  'a[href], link[href], script[src], img[src], source[srcset], form[action], [data-src], [data-styles]';
const urlsOf = (doc: Document) =>
  [...doc.querySelectorAll(URL_SELECTOR)].flatMap((el) =>
    ['href', 'src', 'action', 'data-src', 'data-styles']
      .map((name) => el.getAttribute(name))
      .filter((value): value is string => value !== null),
  );

describe('a site built for a base URL with a path', () => {
  it('names no root-relative URL outside the path in any page, and its host files name the path', async () => {
    const pages = (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    for (const file of pages) {
      const doc = new JSDOM(await readFile(path.join(outDir, file), 'utf8')).window.document;
      const rootRelative = urlsOf(doc).filter((url) => url.startsWith('/') && !url.startsWith('//'));
      expect(rootRelative.length, file).toBeGreaterThan(0);
      expect(
        rootRelative.filter((url) => url !== '/notes' && !url.startsWith('/notes/')),
        file,
      ).toEqual([]);
      for (const script of doc.querySelectorAll('script[type="application/json"]')) {
        const paths = JSON.stringify(JSON.parse(script.textContent!)).match(/"\/(?!\/)[^"]*"/g) ?? [];
        expect(
          paths.filter((p) => !p.startsWith('"/notes/')),
          file,
        ).toEqual([]);
      }
    }
    const headers = await readFile(path.join(outDir, '_headers'), 'utf8');
    expect(headers).toMatch(/^\/notes\/\*\n/);
    expect(headers).toContain('Speculation-Rules: "/notes/speculation-rules.json"');
    expect(headers).toContain('\n/notes/assets/*\n');
    const rules = JSON.parse(await readFile(path.join(outDir, 'speculation-rules.json'), 'utf8')) as {
      prefetch: { where: { and: [{ href_matches: string }, { not: { href_matches: string[] } }] } }[];
    };
    expect(rules.prefetch[0]!.where.and[0].href_matches).toBe('/notes/*');
    expect(rules.prefetch[0]!.where.and[1].not.href_matches).toContain('/notes/404');
    expect(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8')).toContain(`<loc>${BASE_URL}/</loc>`);
  });

  it('passes site check served under the path', async () => {
    const report = await checkSite(outDir, built.config);
    expect(report.problems).toEqual([]);
    expect(report.pages).toBeGreaterThan(20);
  }, 120_000);

  it.skipIf(!available)(
    'works in Chromium under /notes: assets, fonts, islands, links and the not-found page',
    async () => {
      const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      const requested: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
      page.on('response', (response) => {
        requested.push(new URL(response.url()).pathname);
        if (response.status() >= 400 && !response.url().endsWith('/notes/no-such-page'))
          problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });

      const home = await page.goto(`${server.url}/`);
      expect(home?.status()).toBe(200);
      expect(home?.headers()['speculation-rules']).toBe('"/notes/speculation-rules.json"');
      await hydrateAll(page);
      // The stylesheet applied, its font loaded, and every island started (none failed).
      expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
      expect(await page.evaluate(() => [...document.fonts].some((font) => font.status === 'loaded'))).toBe(true);
      expect(await page.locator('[data-island-state="failed"]').count()).toBe(0);
      expect(await page.locator('[data-island-state="live"]').count()).toBeGreaterThan(0);
      expect(requested.some((p) => /^\/notes\/assets\/.+\.css$/.test(p))).toBe(true);
      expect(requested.some((p) => /^\/notes\/assets\/.+\.woff2$/.test(p))).toBe(true);
      expect(requested.some((p) => /^\/notes\/assets\/.+\.js$/.test(p))).toBe(true);
      expect(requested.filter((p) => !p.startsWith('/notes/'))).toEqual([]);

      // A link in the page leads to a page under the path.
      const href = await page.locator('main a[href^="/notes/"]:not([href="/notes/"])').first().getAttribute('href');
      await page.goto(new URL(href!, server.url).href);
      expect(new URL(page.url()).pathname.startsWith('/notes/')).toBe(true);
      await hydrateAll(page);

      expect(problems).toEqual([]);

      // An unknown path answers 404 with the not-found page, styled, its links under the path (the browser reports the
      // 404 itself, and the page's own script logs the path asked for: nothing else).
      const missing = await page.goto(`${server.url}/no-such-page`);
      expect(missing?.status()).toBe(404);
      expect(await page.locator('h1').count()).toBe(1);
      const links = await page.locator('main a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((link) => !link.startsWith('/notes/'))).toEqual([]);

      expect(
        problems.filter((problem) => !problem.includes('404') || !/Failed to load resource|no-such-page/.test(problem)),
      ).toEqual([]);
      expect(requested.filter((p) => !p.startsWith('/notes/'))).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
