/**
 * The first tap counts: on a throttled phone (4x CPU, slow 4G) with the
 * carousel's script held back, every hero control a visitor can see works at
 * once (the dots are links to the slides), and the arrows, pause and counter
 * are not shown until the script can answer them. When the script arrives it
 * takes over on the slide the visitor chose, and from then on each tap moves
 * exactly one slide, however fast they come. Waits are for states.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { STATE_TIMEOUT, startBrowserSite, type BrowserSite } from '../support/browser-site';

vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

const available = chromiumAvailable();
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  // Lighthouse's slow 4G and a mid-range phone's CPU.
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** The slide the visitor sees: the one whose box is visible. */
const shownSlide = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.hero-slide')]
      .filter((s) => getComputedStyle(s).visibility === 'visible')
      .map((s) => s.id)
      .join(','),
  );

describe.skipIf(!available)('the first tap counts, on a throttled phone', () => {
  it('before the carousel script: the dots work and the arrows are not shown; after it: the visitor keeps their slide and each tap moves one slide', async ({
    expect,
  }) => {
    const { page, problems } = await b.open({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      reducedMotion: 'reduce',
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/carousel-[^/]*\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await throttle(page);
    await page.goto(b.url('/'), { waitUntil: 'load' });
    await expect.poll(() => requested).toBe(true);

    // What needs the script is not shown; what shows works.
    for (const control of ['.hero-next', '.hero-prev', '.hero-pause', '.hero-counter'])
      expect(await page.locator(control).isVisible(), control).toBe(false);
    expect(await page.locator('.hero-dot').first().isVisible()).toBe(true);
    await page.locator('.hero-dot').nth(2).tap();
    await expect.poll(() => shownSlide(page)).toBe('hero-slide-3');

    // The script arrives and takes over where the visitor is.
    release();
    await page.locator('.hero.is-live').waitFor();
    expect(await shownSlide(page)).toBe('hero-slide-3');
    expect(await page.locator('.hero-counter').textContent()).toBe('Slide 3 / 6');
    expect(await page.locator('.hero-next').isVisible()).toBe(true);

    // Taps in quick succession, each one slide: three on, two back.
    const next = page.locator('.hero-next');
    const previous = page.locator('.hero-prev');
    await Promise.all([next.tap(), next.tap(), next.tap()]);
    await expect.poll(() => page.locator('.hero-counter').textContent()).toBe('Slide 6 / 6');
    await previous.tap({ noWaitAfter: true });
    await previous.tap({ noWaitAfter: true });
    await next.tap({ noWaitAfter: true });
    await expect.poll(() => page.locator('.hero-counter').textContent()).toBe('Slide 5 / 6');
    expect(await shownSlide(page)).toBe('hero-slide-5');
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
