/**
 * The website's layout where the sweep of every route at the stylesheet's breakpoints (route-suite.ts, ./route-sweep.ts)
 * does not look: the facts on cards (the Academy's duration and level) line up from card to card at every width from
 * 320 to 420 px; the home hero's slide call to action and its controls are inside the first screen of 320 x 568,
 * 390 x 844 and 768 x 1024 on every slide; the desktop navigation, where shown, fits on one line, and the menu button
 * is shown below that. Waits are for states.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, type BrowserSite } from '../support/browser-site';
import { layoutProblems } from './layout-quality';
import { DESKTOP_NAV_MIN_WIDTH, settle } from './visitor-screens';

const available = chromiumAvailable();
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

describe.skipIf(!available)('layout quality where a sweep of every route does not look', () => {
  it('the home hero: the slide call to action and the controls inside the first screen, on every slide', async ({
    expect,
  }) => {
    const problems: string[] = [];
    for (const size of [
      { width: 320, height: 568 },
      { width: 390, height: 844 },
      { width: 768, height: 1024 },
    ]) {
      const { page } = await b.open({ viewport: size, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });
      await settle(page, b.url('/'));
      await page.locator('.hero.is-live').waitFor();
      const slides = await page.locator('.hero-slide').count();
      for (let slide = 0; slide < slides; slide++) {
        if (slide > 0) await page.locator('.hero-next').tap();
        await page.locator(`.hero-slide.is-active >> nth=0`).waitFor();
        const seen = await page.evaluate((height) => {
          const below = (selector: string) => {
            const box = document.querySelector(selector)!.getBoundingClientRect();
            return box.bottom > height ? `${selector} ends at ${Math.round(box.bottom)} px` : null;
          };
          return [
            below('.hero-slide.is-active .btn'),
            below('.hero-controls .hero-next'),
            below('.hero-controls .hero-counter'),
            below('.hero-dots'),
          ].filter(Boolean);
        }, size.height);
        for (const problem of seen) problems.push(`${size.width}x${size.height} slide ${slide + 1}: ${problem}`);
      }
      await page.context().close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('the facts on cards (duration, level...) line up from card to card on small phones, 320 to 420 px', async ({
    expect,
  }) => {
    const { page } = await b.open({ viewport: { width: 320, height: 800 }, reducedMotion: 'reduce' });
    const problems: string[] = [];
    for (const route of ['/academy', '/careers']) {
      await settle(page, b.url(route));
      for (let width = 320; width <= 420; width += 4) {
        await page.setViewportSize({ width, height: 800 });
        for (const problem of await layoutProblems(page)) problems.push(`${route} @${width}px: ${problem}`);
      }
    }
    await page.context().close();
    expect(problems).toEqual([]);
  }, 120_000);

  it(`the desktop navigation fits on one line wherever it is shown (from ${DESKTOP_NAV_MIN_WIDTH} px), and the menu button is shown below that`, async ({
    expect,
  }) => {
    const { page } = await b.open({ viewport: { width: 1440, height: 900 } });
    await settle(page, b.url('/'));
    const problems: string[] = [];
    for (let width = DESKTOP_NAV_MIN_WIDTH - 32; width <= 1440; width += 16) {
      await page.setViewportSize({ width, height: 900 });
      const state = await page.evaluate(() => {
        const nav = document.querySelector('.nav-desktop');
        const items = nav
          ? [...nav.querySelectorAll(':scope .nav-list > li')].filter((li) => li.getBoundingClientRect().width > 0)
          : [];
        const tops = new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)));
        const toggle = document.querySelector('summary.nav-toggle');
        return {
          desktop: items.length > 0,
          oneLine: tops.size <= 1,
          toggle: !!toggle && toggle.getBoundingClientRect().width > 0,
          labelLines: items.map((li) => li.getClientRects().length).some((n) => n > 1),
        };
      });
      const expectDesktop = width >= DESKTOP_NAV_MIN_WIDTH;
      if (state.desktop !== expectDesktop)
        problems.push(`${width}px: desktop navigation ${state.desktop ? 'shown' : 'hidden'}`);
      if (state.toggle === expectDesktop) problems.push(`${width}px: menu button ${state.toggle ? 'shown' : 'hidden'}`);
      if (state.desktop && (!state.oneLine || state.labelLines)) problems.push(`${width}px: desktop navigation wraps`);
    }
    await page.context().close();
    expect(problems).toEqual([]);
  }, 120_000);
});
