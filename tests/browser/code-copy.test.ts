/**
 * The built-in theme's copy button on code blocks (themes/default/islands/features/code-copy.tsx), as a reader meets
 * it on a site of one page: no script for it loads until the reader points at, touches or tabs to a block; then each
 * block of the page's prose has a button in its top right corner, reachable from the keyboard, that puts the block's
 * code (and nothing of the button) on the clipboard and says so; the page stays free of axe violations. And a site of
 * one page (no sidebar) gives its text the page's width, not the sidebar's column; and a long site name on a phone
 * leaves the header's search box and button whole, on the screen.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../generator/dev/serve';
import { STATE_TIMEOUT } from '../support/browser-site';
import { chromiumAvailable } from '../support/chromium';
import { servePages, type ServedPages } from '../support/served-pages';
import { overflowOf } from './overflow';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

const PAGE = `# Notes

Some text before the blocks.

\`\`\`js
const greeting = 'hello';
console.log(greeting);
\`\`\`

- In a list:

  \`\`\`yaml
  key: value
  \`\`\`
`;

let served: ServedPages;
let server: RunningServer;
let chrome: NonNullable<ServedPages['chrome']>;

beforeAll(async () => {
  served = await servePages({
    'site.yml': 'name: The Rust Programming Language\nbaseUrl: https://notes.example.org\n',
    'index.md': PAGE,
  });
  server = served.server;
  if (served.chrome) chrome = served.chrome;
}, 120_000);
afterAll(() => served?.close());

describe.skipIf(!available)('the copy button of code blocks', () => {
  it('loads on the first pointer over a block and copies the code', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(server.url);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => url.includes('code-copy'))).toEqual([]);
    expect(await page.locator('.code-copy').count()).toBe(0);

    await page.locator('main .prose pre').first().hover();
    await expect.poll(() => page.locator('.code-copy').count()).toBe(2);
    const block = (await page.locator('main .prose pre').first().boundingBox())!;
    const button = (await page.locator('.code-copy').first().boundingBox())!;
    // In the block's top right corner, inside it.
    expect(button.y).toBeGreaterThanOrEqual(block.y);
    expect(button.y + button.height).toBeLessThanOrEqual(block.y + block.height);
    expect(button.x + button.width).toBeLessThanOrEqual(block.x + block.width);
    expect(button.x).toBeGreaterThan(block.x + block.width / 2);

    await page.locator('.code-copy').first().click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe("const greeting = 'hello';\nconsole.log(greeting);\n");
    await expect
      .poll(() => page.locator('.code-copy-slot [role=status]').first().textContent())
      .toBe('Copied to the clipboard');
    await context.close();
  });

  it('starts from the keyboard too: tabbing to a block gives it a button one Shift+Tab away', async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(server.url);
    for (let i = 0; i < 20 && (await page.evaluate(() => document.activeElement?.tagName)) !== 'PRE'; i++)
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('PRE');
    await expect.poll(() => page.locator('.code-copy').count()).toBe(2);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('code-copy');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copy code');
    await page.close();
  });

  it('keeps a long site name, the search box and the button on a 320 px screen', async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 320, height: 640 } });
    await page.goto(server.url);
    expect(await overflowOf(page, 320)).toEqual([]);
    const toggle = (await page.locator('.theme-toggle').boundingBox())!;
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(320);
    await page.close();
  });

  it('gives the text of a site of one page the width of the page, not the sidebar column', async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url);
    const prose = (await page.locator('main .prose').boundingBox())!;
    expect(prose.width).toBeGreaterThan(600);
    await page.close();
  });
});
