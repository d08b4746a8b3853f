/**
 * The built-in theme (themes/default) as a visitor meets it: a project with no templates/ and a page of everyday
 * markdown (long words, a wide table, a long code line, sections, GitHub's alerts, VitePress's callouts, MkDocs's admonitions), served and opened in Chromium at 320 px and
 * 1280 px, light and dark: axe-core finds no WCAG 2.2 A/AA violation, nothing reaches past the screen, the table of
 * contents leads to its sections, the skip link reaches the content, no script but the theme's head script and the
 * island loader runs, and no CSP rule is broken; with
 * pages in folders, the sidebar (a Menu button on a phone, a <details>, opened with no script), breadcrumbs and previous/next.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../generator/dev/serve';
import { STATE_TIMEOUT } from '../support/browser-site';
import { chromiumAvailable } from '../support/chromium';
import { servePages, type ServedPages } from '../support/served-pages';
import { overflowOf } from './overflow';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PAGE = `# Field notes on a rather long title for a narrow screen

Notes kept while reading, with [a link](/other) and a word that does not break: Donaudampfschiffahrtsgesellschaftskapitän.

## Setting up

Run \`npm install --save-exact some-package-with-a-long-name@1.2.3\` first.

\`\`\`sh
curl --silent --show-error --location https://example.org/a/very/long/path/that/does/not/fit/on/a/phone | tar xz
\`\`\`

## Options

| Option | Type | Default | What it does |
| --- | --- | --- | --- |
| \`outputDirectory\` | \`string\` | \`dist\` | Where the build writes every file it makes, replaced only when the build succeeds |

| Mark | Meaning |
| --- | --- |
| <img src="/mark.svg" alt="A wide mark"> | This code does not compile! |

| Before | During | After |
| --- | --- | --- |
| <img src="/mark.svg" alt="Before"> | <img src="/mark.svg" alt="During"> | <img src="/mark.svg" alt="After"> |

### A subsection

> A quotation, with *emphasis* and **strength**.

> [!NOTE]
> A note, with [a link](/other).

> [!TIP]
> A tip.

> [!IMPORTANT]
> Something important.

> [!WARNING]
> A warning.

> [!CAUTION]
> A caution.

::: warning A callout as VitePress writes it
With a [link](/other).
:::

::: details More, on request
Hidden until opened.
:::

!!! tip "An admonition as MkDocs writes it"
    Indented, with [a link](/other).

???+ note "Open at first"
    Text.

1. One
2. Two
`;

let served: ServedPages;
let server: RunningServer;
let chrome: NonNullable<ServedPages['chrome']>;

beforeAll(async () => {
  served = await servePages({
    'site.yml': 'name: Field notes\nbaseUrl: https://notes.example.org\n',
    'index.md': PAGE,
    // An illustration far wider than a phone, as the Rust book puts Ferris in a table beside a line of text.
    'public/mark.svg':
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#c33"/></svg>',
    'other.md':
      '---\ntitle: Another page\ndescription: A second page, linked from the first one.\n---\n\nBack [home](/).\n',
    // A folder of pages with a page of its own, and one without (the engine makes its section page): the sidebar,
    // breadcrumbs and previous/next of the navigation.
    'guide/README.md': '# The guide to everything in these notes\n\nRead on.\n',
    'guide/1-install.md': '# Installing\n\nSteps.\n',
    'guide/recipes/caching-responses-for-a-long-time.md': '# Caching\n\nFast.\n',
  });
  server = served.server;
  if (served.chrome) chrome = served.chrome;
}, 120_000);
afterAll(() => served?.close());

async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const result = await (
      window as unknown as {
        axe: {
          run(
            c: string,
            o: object,
          ): Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run('body', {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(' | ')})`);
  }, TAGS);
}

describe.skipIf(!available)('the built-in theme in Chromium', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [320, 1280]) {
      it(`is accessible and fits the screen at ${width} px, ${colorScheme}`, async () => {
        const context = await chrome.browser.newContext({
          viewport: { width, height: 800 },
          colorScheme,
          javaScriptEnabled: true,
        });
        const page = await context.newPage();
        const problems: string[] = [];
        // A site with no logo names an icon of its own: the browser asks for no /favicon.ico, and logs no 404.
        page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
        page.on(
          'response',
          (response) => response.status() >= 400 && problems.push(`HTTP ${response.status()}: ${response.url()}`),
        );
        page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
        const scripts: string[] = [];
        page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
        for (const route of ['/', '/guide/recipes/caching-responses-for-a-long-time', '/guide/recipes']) {
          await page.goto(`${server.url}${route}`);
          expect(await axe(page), route).toEqual([]);
          expect(await overflowOf(page, width), route).toEqual([]);
          // The sidebar is shown beside the page on a wide screen, behind the Menu button on a phone; opened, it is
          // as accessible and fits.
          const sidebar = page.locator('nav.sidebar');
          expect(await sidebar.isVisible(), route).toBe(width >= 800);
          if (width < 800) {
            await page.locator('.nav-menu > summary').click();
            await expect.poll(() => sidebar.isVisible()).toBe(true);
            expect(await axe(page), route).toEqual([]);
            expect(await overflowOf(page, width), route).toEqual([]);
          }
        }
        // The theme's head script and the island loader, nothing more: the colour scheme button's and the search box's
        // modules (and Pagefind) load only when a visitor reaches for them.
        expect(new Set(scripts.map((url) => new URL(url).pathname.replace(/-\w+\.js$/, '')))).toEqual(
          new Set(['/assets/head', '/assets/loader']),
        );
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it('keeps the words beside an image in a table whole on a phone', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const cut = await page
      .locator('table:has(img)')
      .first()
      .evaluate((table) =>
        [...table.querySelectorAll('th, td')].flatMap((cell) => {
          const text = cell.firstChild;
          if (!(text instanceof Text)) return [];
          return [...text.data.matchAll(/\S+/g)].flatMap((word) => {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            return range.getClientRects().length > 1 ? [word[0]] : [];
          });
        }),
      );
    expect(cut).toEqual([]);
    await context.close();
  });

  it('has a table of contents that leads to its sections and a skip link that reaches the content', async () => {
    const context = await chrome.browser.newContext({ viewport: { width: 1280, height: 400 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#main');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.locator('nav.toc a').allTextContents()).toEqual(['Setting up', 'Options', 'A subsection']);
    await page.locator('nav.toc a', { hasText: 'Options' }).click();
    expect(new URL(page.url()).hash).toBe('#options');
    // The section is the target, shown on the screen (scrolled to smoothly, unless the visitor asks for less motion).
    expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe('options');
    await expect
      .poll(() =>
        page
          .locator('#options')
          .evaluate(
            (heading) =>
              heading.getBoundingClientRect().bottom <= innerHeight && heading.getBoundingClientRect().top >= 0,
          ),
      )
      .toBe(true);
    await context.close();
  });
});
