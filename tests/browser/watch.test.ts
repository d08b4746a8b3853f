/**
 * `site watch` as a developer sees it in Chromium: after a stylesheet edit and
 * after an island edit, the page in the browser is styled and its islands
 * run, and every asset the page names answers 200 (the server serves the
 * output folder as it is on disk now).
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import type { UpdateResult } from '../../generator/core/site';
import { startWatch, type Watching } from '../../generator/dev/watch';
import { chromiumAvailable, INSTALL_HINT, launchChromium } from '../support/chromium';
import { STATE_TIMEOUT } from '../support/browser-site';
import { REPO } from '../support/fixture';

const available = chromiumAvailable();
if (!available && process.env.CI === 'true') throw new Error(INSTALL_HINT);
if (!available) console.warn(`skipping the watch browser tests: ${INSTALL_HINT}`);

let root: string;
let watching: Watching;
let browser: { browser: Browser; close(): Promise<void> };
let page: Page;
let waiting: ((result: UpdateResult | { error: unknown }) => void)[] = [];
const file = (rel: string) => path.join(root, rel);
const nextRebuild = () => new Promise<UpdateResult | { error: unknown }>((resolve) => waiting.push(resolve));

async function edit(rel: string, change: (text: string) => string): Promise<UpdateResult> {
  const rebuilt = nextRebuild();
  await writeFile(file(rel), change(await readFile(file(rel), 'utf8')));
  const result = await rebuilt;
  if ('error' in result) throw result.error;
  return result;
}

/** The status of every stylesheet, script, preload and island module the page names, fetched as the browser would. */
const assetStatuses = (p: Page) =>
  p.evaluate(async () => {
    const urls = [
      ...document.querySelectorAll(
        'link[href^="/assets/"], script[src^="/assets/"], [data-src^="/assets/"], [data-styles^="/assets/"]',
      ),
    ].flatMap((el) =>
      [
        el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('data-src')!,
        el.getAttribute('data-styles') ?? [],
      ].flat(),
    );
    return Promise.all(urls.map(async (url) => [url, (await fetch(url, { cache: 'no-store' })).status] as const));
  });

beforeAll(async () => {
  if (!available) return;
  root = await mkdtemp(path.join(os.tmpdir(), 'site-watch-browser-'));
  await cp(path.join(REPO, 'templates'), file('templates'), { recursive: true });
  await cp(path.join(REPO, 'islands'), file('islands'), { recursive: true });
  await cp(path.join(REPO, 'tests/fixtures/basic'), file('pages'), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), file('node_modules'), 'dir');
  await symlink(path.join(REPO, 'generator'), file('generator'), 'dir');
  watching = await startWatch({
    root,
    port: 0,
    logger: silentLogger,
    onRebuild: (result) => {
      const resolve = waiting;
      waiting = [];
      resolve.forEach((r) => r(result as UpdateResult));
    },
  });
  browser = await launchChromium();
  page = await browser.browser.newPage({ viewport: { width: 390, height: 844 } });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await watching?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(!available)('site watch in Chromium', () => {
  it('a stylesheet edit reaches the open page, and after a reload every asset it names answers 200', async () => {
    await page.goto(`${watching.server.url}/about`);
    await page.waitForFunction(() => getComputedStyle(document.body).fontFamily.includes('Inter'), undefined, {
      timeout: STATE_TIMEOUT,
    });
    // The toaster's own stylesheet, linked as when it starts (themes/default/islands/lib/hydrate.ts).
    const toasterCss = await page.evaluate(() => {
      const link = Object.assign(document.createElement('link'), {
        rel: 'stylesheet',
        href: document.querySelector<HTMLElement>('[data-island="toaster"]')!.dataset.styles!,
      });
      document.head.append(link);
      return link.getAttribute('href');
    });
    expect(toasterCss).toMatch(/^\/assets\/toaster-.+\.css$/);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const result = await edit(
      'templates/styles/tokens.css',
      (text) => `${text}\nbody { border-top: 7px solid rgb(1, 2, 3); }\n`,
    );
    expect(result.stylesheet).toMatch(/^\/assets\/.+\.css$/);
    // The open page swaps its stylesheet without reloading, and keeps the island's.
    await page.waitForFunction(() => getComputedStyle(document.body).borderTopColor === 'rgb(1, 2, 3)', undefined, {
      timeout: STATE_TIMEOUT,
    });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')),
      ),
    ).toEqual([result.stylesheet, toasterCss]);
    await page.reload();
    await page.waitForFunction(() => getComputedStyle(document.body).borderTopColor === 'rgb(1, 2, 3)', undefined, {
      timeout: STATE_TIMEOUT,
    });
    const statuses = await assetStatuses(page);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    // Still styled by the theme, not only by the edit.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Inter');
  });

  it('an island edit rebuilds the scripts: the reloaded page names only assets that exist, and its islands run', async () => {
    await page.goto(`${watching.server.url}/`);
    const before = (await assetStatuses(page)).map(([url]) => url);
    // The open page reloads itself when told of the update (a reload of our own would race it, and one of the two
    // navigations is aborted): wait for that one.
    const reloaded = page.waitForEvent('load', { timeout: STATE_TIMEOUT });
    const result = await edit(
      'islands/navigation.tsx',
      (text) => `${text}\nexport const watchTestMarker = 'edited';\n`,
    );
    expect(result.routes).toEqual(['*']);
    await reloaded;
    const statuses = await assetStatuses(page);
    expect(statuses.filter(([, status]) => status !== 200)).toEqual([]);
    expect(statuses.map(([url]) => url)).not.toEqual(before); // the navigation's module has a new name
    // The navigation hydrates on first interaction: it runs, from its new module.
    await page.click('.nav-toggle');
    await page.waitForSelector('[data-island="navigation"][data-island-state="live"]', { timeout: STATE_TIMEOUT });
    expect(await page.locator('[data-island-state="failed"]').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).borderTopColor)).toBe('rgb(1, 2, 3)');
  });

  it('a failed update shows its errors over the last good page, in a page loaded since too, and the fix reloads it', async () => {
    await page.goto(`${watching.server.url}/about`);
    const overlayText = () =>
      page.evaluate(() => document.querySelector('site-build-error')?.shadowRoot?.textContent ?? '');
    const failed = nextRebuild();
    await writeFile(
      file('pages/about.md'),
      (await readFile(file('pages/about.md'), 'utf8')).replace('keywords:', 'keywrods:'),
    );
    expect('error' in (await failed)).toBe(true);
    await page.waitForFunction(() => document.querySelector('site-build-error')?.shadowRoot, undefined, {
      timeout: STATE_TIMEOUT,
    });
    expect(await overlayText()).toContain('UnknownFrontmatterKey: Unknown frontmatter key');
    expect(await overlayText()).toContain('keywrods');
    // Under it, the last good page; a page loaded now is told the failure as it connects.
    expect(await page.locator('main h1').first().textContent()).toBeTruthy();
    await page.reload();
    await page.waitForFunction(() => document.querySelector('site-build-error')?.shadowRoot, undefined, {
      timeout: STATE_TIMEOUT,
    });
    expect(await overlayText()).toContain('keywrods');
    await edit('pages/about.md', (text) => text.replace('keywrods:', 'keywords:'));
    await page.waitForFunction(() => !document.querySelector('site-build-error'), undefined, {
      timeout: STATE_TIMEOUT,
    });
  });
});
