/** The real site, built and served like production, with Chromium driving it. */
import type { Browser, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { builtRealSite, type BuiltSite } from './built-site';
import { launchChromium } from './chromium';

/**
 * How long a browser test may wait for a state (vitest's expect.poll gives up after one second by default):
 * on a busy 2-core machine a module import and a hydration can take longer. Each wait still ends the moment
 * its state is reached. Files set it with `vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } })`.
 */
export const STATE_TIMEOUT = 15_000;

export interface BrowserSite {
  site: BuiltSite;
  server: RunningServer;
  browser: Browser;
  url(route: string): string;
  /** A new page; console errors, page errors, failed requests and CSP violations are collected in `problems`. */
  open(options?: BrowserContextOptions): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

export async function startBrowserSite(): Promise<BrowserSite> {
  const site = await builtRealSite();
  const server = await serve({ dir: site.outDir, port: 0 });
  const chrome = await launchChromium();
  return {
    site,
    server,
    browser: chrome.browser,
    url: (route) => server.url + route,
    async open(options = {}) {
      const context = await chrome.browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('requestfailed', (request) =>
        problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
      );
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().startsWith(server.url + '/404'))
          problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      return { page, problems };
    },
    async close() {
      await chrome.close();
      await server.close();
    },
  };
}

/**
 * Hydrates every island that is not started on demand, and waits for states, never for time: each island
 * marked live or failed on its marker (themes/default/islands/lib/island-state.ts), then, scrolled to the bottom, the
 * images and fonts loaded.
 */
export async function hydrateAll(page: Page): Promise<void> {
  // Until each island is settled: one waiting for an interaction gets a focus (again, should the loader not
  // yet listen: it schedules islands only after the first contentful paint), one waiting to be seen is shown.
  await page.waitForFunction(
    () => {
      const pending = [
        ...document.querySelectorAll<HTMLElement>(
          '[data-island]:not([data-trigger="manual"]):not([data-island-state])',
        ),
      ];
      for (const marker of pending) {
        if (marker.dataset.trigger === 'interaction')
          marker
            .querySelector('[data-island-root] > :not(link)')
            ?.dispatchEvent(new Event('focusin', { bubbles: true }));
        if (marker.dataset.trigger === 'visible') marker.scrollIntoView({ block: 'center' });
      }
      return pending.length === 0;
    },
    undefined,
    { polling: 100 },
  );
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // Lazy images off screen are not fetched at all; every other one must have arrived (or failed, which tests report).
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      [...document.images].every((img) => {
        const box = img.getBoundingClientRect();
        return img.complete || (img.loading === 'lazy' && (box.bottom < 0 || box.top > innerHeight));
      }),
  );
}
