/**
 * The built-in theme's search box in Chromium, over the Pagefind index the build publishes: a word from one page's
 * body finds that page, at the root and under a base path; a draft and the 404 page are not found; the keyboard
 * (`/`, Ctrl-K, the arrows, Enter, Escape) works; nothing is logged and no CSP rule is broken; without JavaScript the
 * box is not shown.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { STATE_TIMEOUT } from '../support/browser-site';
import { chromiumAvailable, launchChromium } from '../support/chromium';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

const PAGES: Record<string, string> = {
  'index.md': '# Home\n\nWelcome to the notes.\n',
  'guide/install.md': '# Installing\n\nThe zeppelin option sets the `<engine>` & its fuel.\n',
  'guide/usage.md': '# Usage\n\nFly the airship daily.\n',
  'secret.md': '---\ndraft: true\n---\n# Secret\n\nmarmalade\n',
  '404.md': '---\ntemplate: not-found\n---\n# Not found\n\nquokka\n',
};

let temp: string;
let root: RunningServer;
let under: RunningServer;
let chrome: Awaited<ReturnType<typeof launchChromium>>;

async function site(name: string, baseUrl: string): Promise<string> {
  const dir = path.join(temp, name);
  for (const [file, text] of Object.entries({ ...PAGES, 'site.yml': `name: Field notes\nbaseUrl: ${baseUrl}\n` })) {
    await mkdir(path.dirname(path.join(dir, 'pages', file)), { recursive: true });
    await writeFile(path.join(dir, 'pages', file), text);
  }
  await build({ root: dir, outDir: 'dist', logger: silentLogger });
  return path.join(dir, 'dist');
}

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-search-'));
  root = await serve({ dir: await site('root', 'https://notes.example.org'), port: 0 });
  under = await serve({ dir: await site('under', 'https://x.example/docs'), port: 0, base: '/docs' });
  if (available) chrome = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chrome?.close();
  await root?.close();
  await under?.close();
  await rm(temp, { recursive: true, force: true });
});

/** A page that records console messages, page errors and CSP violations. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    ),
  );
  return { page, problems };
}

const status = (page: Page) => page.locator('#site-search-status').textContent();
const titles = (page: Page) => page.locator('.site-search-title').allTextContents();

describe.skipIf(!available)('the search box of the built-in theme', () => {
  it('finds a page by a word of its body and opens it from the keyboard', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${root.url}/`);
    // `/` from anywhere focuses the box, which starts the island.
    await page.keyboard.press('/');
    await expect.poll(() => page.locator('[data-island="search"]').getAttribute('data-island-state')).toBe('live');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await page.keyboard.type('zeppelin');
    await expect.poll(() => titles(page)).toEqual(['Installing']);
    expect(await status(page)).toBe('1 result.');
    // The excerpt marks the word, and shows the page's text as text.
    expect(await page.locator('.site-search-excerpt mark').first().textContent()).toBe('zeppelin');
    expect(await page.locator('.site-search-excerpt').first().textContent()).toContain('<engine> & its fuel');
    const input = page.locator('#site-search-input');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe('site-search-result-0');
    expect(await page.locator('#site-search-result-0').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${root.url}/guide/install`);
    expect(await page.locator('h1').textContent()).toBe('Installing');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds neither a draft nor the 404 page, says so, and closes on Escape', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 390, height: 800 } });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${root.url}/guide/usage`);
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await page.keyboard.type('quokka');
    await expect.poll(() => status(page)).toBe('No results for “quokka”.');
    await page.locator('#site-search-input').fill('marmalade');
    await expect.poll(() => status(page)).toBe('No results for “marmalade”.');
    await page.locator('#site-search-input').fill('airship');
    await expect.poll(() => titles(page)).toEqual(['Usage']);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('.site-search-panel').evaluate((e) => e.classList.contains('visually-hidden')))
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works under a base path: the index loads from it and results link into it', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { page, problems } = await watchedPage(context);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    // The server's URL names the base path.
    expect(new URL(under.url).pathname).toBe('/docs');
    await page.goto(`${under.url}/`);
    // Nothing of search loads before the box is used.
    await page.waitForLoadState('networkidle');
    expect(requests.filter((request) => request.includes('pagefind'))).toEqual([]);
    await page.locator('#site-search-input').click();
    await page.keyboard.type('zeppelin');
    await expect.poll(() => titles(page)).toEqual(['Installing']);
    expect(await page.locator('.site-search-result a').getAttribute('href')).toBe('/docs/guide/install');
    expect(requests).toContain('/docs/pagefind/pagefind.js');
    await page.locator('.site-search-result a').click();
    await page.waitForURL(`${under.url}/guide/install`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows no search box without JavaScript', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${root.url}/`);
    expect(await page.locator('.site-search').isVisible()).toBe(false);
    await context.close();
  });
});
