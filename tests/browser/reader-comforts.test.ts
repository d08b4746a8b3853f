/**
 * The built-in theme's comforts for a reader, in Chromium: the colour scheme button (system, light, dark) remembers
 * a choice and a page reloaded with one is painted in it from its first frame (the head script, not an island); a
 * wide table scrolls in its own box at 390 px with its words whole; a site without a logo has an icon, so the
 * browser asks for no /favicon.ico and logs nothing; without JavaScript the button is not shown.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../generator/dev/serve';
import { STATE_TIMEOUT } from '../support/browser-site';
import { chromiumAvailable } from '../support/chromium';
import { servePages, type ServedPages } from '../support/served-pages';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

const PAGE = `# Options

| Option | Default | Description |
| --- | --- | --- |
| \`outputDirectory\` | Default | Where the build writes, such as \`/srv/www/notes.example.org/public/current\` |
`;

/** The dark palette's background (themes/default/palette.css), as computed styles write it. */
const DARK = 'rgb(18, 20, 23)';
const LIGHT = 'rgb(255, 255, 255)';

let served: ServedPages;
let server: RunningServer;
let chrome: NonNullable<ServedPages['chrome']>;

beforeAll(async () => {
  served = await servePages({
    'site.yml': 'name: Field notes\nbaseUrl: https://notes.example.org\n',
    'index.md': PAGE,
  });
  server = served.server;
  if (served.chrome) chrome = served.chrome;
}, 120_000);
afterAll(() => served?.close());

/**
 * Before any script of the page runs, records the body's background at the first frame that has a body: the colour
 * the page is first painted in (a frame's rendering follows its animation frame callbacks).
 */
function recordFirstFrame(page: Page) {
  return page.addInitScript(() => {
    const look = () => {
      if (!document.body) return void requestAnimationFrame(look);
      (window as unknown as { firstFrame: string }).firstFrame = getComputedStyle(document.body).backgroundColor;
    };
    requestAnimationFrame(look);
  });
}
/** The colour recorded at the first frame, once that frame has come (on a busy machine, after the load event). */
const firstFrame = async (page: Page) =>
  (
    await page.waitForFunction(() => (window as unknown as { firstFrame?: string }).firstFrame, undefined, {
      timeout: STATE_TIMEOUT,
    })
  ).jsonValue();

/** Presses the colour scheme button once it has started (a pointer over it starts it). */
async function press(page: Page) {
  const button = page.locator('.theme-toggle');
  await button.hover();
  await expect.poll(() => page.locator('[data-island="theme-toggle"]').getAttribute('data-island-state')).toBe('live');
  await button.click();
}

describe.skipIf(!available)('the reader comforts of the built-in theme', () => {
  it('remembers a colour scheme and paints a reloaded page in it from the first frame', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await recordFirstFrame(page);
    await page.goto(`${server.url}/`);
    expect(await firstFrame(page)).toBe(LIGHT);
    // Its name says the scheme in force: the system's, until the visitor chooses.
    await expect(page.getByRole('button', { name: 'Colour scheme: System' }).count()).resolves.toBe(1);
    await press(page);
    await expect(page.getByRole('button', { name: 'Colour scheme: Light' }).count()).resolves.toBe(1);
    await page.locator('.theme-toggle').click();
    await expect(page.getByRole('button', { name: 'Colour scheme: Dark' }).count()).resolves.toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK);

    await page.reload();
    expect(await firstFrame(page)).toBe(DARK);
    await expect(page.getByRole('button', { name: 'Colour scheme: Dark' }).count()).resolves.toBe(1);
    // Back to the system's setting: the page follows it again, and so does the next one.
    await press(page);
    await expect(page.getByRole('button', { name: 'Colour scheme: System' }).count()).resolves.toBe(1);
    await page.reload();
    expect(await firstFrame(page)).toBe(LIGHT);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('chooses light over a dark system', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 390, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await recordFirstFrame(page);
    await page.goto(`${server.url}/`);
    expect(await firstFrame(page)).toBe(DARK);
    await press(page);
    await page.reload();
    expect(await firstFrame(page)).toBe(LIGHT);
    await context.close();
  });

  it('scrolls a wide table in its own box at 390 px, its words whole, and asks for no /favicon.ico', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const problems: string[] = [];
    page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
    await page.goto(`${server.url}/`);
    const table = await page.locator('table').evaluate((element) => {
      const cell = [...element.querySelectorAll('td')].find((td) => td.textContent === 'Default')!;
      const range = document.createRange();
      range.selectNodeContents(cell);
      return {
        lines: range.getClientRects().length,
        scrolls: element.scrollWidth > element.clientWidth,
        inside: element.getBoundingClientRect().right <= innerWidth,
        tabIndex: element.tabIndex,
      };
    });
    expect(table).toEqual({ lines: 1, scrolls: true, inside: true, tabIndex: 0 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The page keeps loading nothing more: wait for the browser's own icon request, which comes after the load.
    await page.waitForLoadState('networkidle');
    expect(requests).not.toContain('/favicon.ico');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows no colour scheme button without JavaScript', async () => {
    const context = await chrome.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator('.theme-toggle').isVisible()).toBe(false);
    expect(await page.locator('.site-name').isVisible()).toBe(true);
    await context.close();
  });
});
