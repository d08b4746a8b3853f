/**
 * An island that fails in Chromium (on the browser bundles as they ship) never
 * leaves a hole: its server markup stays and works, the error is logged with
 * the island's name, and the other islands are untouched. Failures are made by
 * the test alone, by rewriting what the server sends (nothing of it ships).
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { hydrateAll, startBrowserSite, STATE_TIMEOUT, type BrowserSite } from '../support/browser-site';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

/** Serves the page with one island's JSON props replaced, as a bad deploy could ship them. */
async function breakIslandProps(page: Page, route: string, island: string, props: string): Promise<void> {
  await page.route(b.url(route), async (request: Route) => {
    const response = await request.fetch();
    const marker = new RegExp(
      `(<div class="island" data-island="${island}"[^>]*>[\\s\\S]*?<script type="application/json">)[\\s\\S]*?(</script>)`,
    );
    const html = await response.text();
    if (!marker.test(html)) throw new Error(`no "${island}" island on ${route}`);
    const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
    await request.fulfill({ response, headers, body: html.replace(marker, `$1${props}$2`) });
  });
}

const rootHtml = (page: Page, island: string) =>
  page.$eval(`[data-island="${island}"] > [data-island-root]`, (el) => el.innerHTML);

describe.skipIf(!available)('an island that fails in Chromium', () => {
  it('keeps its server markup, which still works, logs the error with its name, and leaves the other islands working', async () => {
    const { page, problems } = await b.open();
    await breakIslandProps(page, '/', 'navigation', '{}');
    await page.goto(b.url('/'));
    const serverHeader = await rootHtml(page, 'navigation');
    const links = await page.locator('.site-header a').count();
    expect(links).toBeGreaterThan(10);

    // The header hydrates on the first pointer over it, and throws.
    await page.hover('.site-header .brand');
    await expect
      .poll(() =>
        problems.filter((p) =>
          p.includes('Island "navigation" failed in the browser; the page keeps its server-rendered markup.'),
        ),
      )
      .toHaveLength(1);
    expect(await page.getAttribute('[data-island="navigation"]', 'data-island-state')).toBe('failed');
    expect(await rootHtml(page, 'navigation')).toBe(serverHeader);
    expect(await page.locator('.site-header a').count()).toBe(links);
    expect(await page.locator('.nav-desktop[data-enhanced]').count()).toBe(0);

    // The carousel and the contact form hydrate and work as ever.
    await page.locator('[data-island="carousel"][data-island-state="live"]').waitFor({ state: 'attached' });
    await page.click('.hero-next');
    await expect.poll(() => page.textContent('.hero-counter')).toBe('Slide 2 / 6');
    await hydrateAll(page);
    await page.fill('#home-contact-email', 'ada@');
    await page.click('#home-contact button[type="submit"]');
    await expect.poll(() => page.getAttribute('#home-contact-email', 'aria-invalid')).toBe('true');

    // The server header works without its script: a panel opens from CSS on hover, and its links lead on.
    await page.getByRole('button', { name: 'Core Security' }).hover();
    await expect.poll(() => page.locator('#nav-panel-0').isVisible()).toBe(true);
    await page.locator('#nav-panel-0 a').first().click();
    await page.waitForURL((url) => url.pathname !== '/');
    expect(await page.locator('h1').isVisible()).toBe(true);

    // Nothing else went wrong: the one error is the island's.
    expect(problems.filter((p) => !p.includes('Island "navigation" failed'))).toEqual([]);
    await page.context().close();
  });

  it('leaves its markup as it is when its module cannot load, and says which island could not start', async () => {
    const { page, problems } = await b.open();
    await page.route(/\/assets\/carousel-[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto(b.url('/'));
    const serverHero = await rootHtml(page, 'carousel');
    await expect
      .poll(() =>
        problems.filter((p) =>
          p.includes('Island "carousel" could not start; the page keeps its server-rendered markup.'),
        ),
      )
      .toHaveLength(1);
    expect(await page.getAttribute('[data-island="carousel"]', 'data-island-state')).toBe('failed');
    expect(await rootHtml(page, 'carousel')).toBe(serverHero);
    expect(await page.locator('.hero-slide.is-active h1, .hero-slide.is-active h2').first().isVisible()).toBe(true);
    // The header, whose module did load, still hydrates.
    await page.hover('.site-header .brand');
    await expect.poll(() => page.locator('.nav-desktop[data-enhanced]').count()).toBe(1);
    await page.context().close();
  });
});
