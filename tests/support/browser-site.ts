/** The real site, built and served like production, with Chromium driving it. */
import type { Browser, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { buildRealSite, type BuiltSite } from './built-site';
import { launchChromium } from './chromium';

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
  const site = await buildRealSite();
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
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().startsWith(server.url + '/404')) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      return { page, problems };
    },
    async close() {
      await chrome.close();
      await server.close();
    },
  };
}

/** Triggers every island that waits for an interaction, and waits until the network is quiet. */
export async function hydrateAll(page: Page): Promise<void> {
  // The loader schedules islands once the page has painted its first content (a paint observer's task).
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await page.evaluate(() => {
    document.querySelectorAll('[data-island][data-trigger="interaction"] [data-island-root] > :not(link)').forEach((el) => el.dispatchEvent(new Event('focusin', { bubbles: true })));
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState('networkidle');
}
