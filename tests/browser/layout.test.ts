/**
 * The website looks designed at every width: on every route, from 320 to 1440
 * px at each edge of the stylesheet's breakpoints (./breakpoints.ts: where a
 * media query starts to hold and the pixel below), no squeezed text or narrow
 * column, no button label on two lines, no card grid ending with a hole
 * (./layout-quality.ts), nothing past the screen's edges (./overflow.ts), and at the
 * five audited screens no text covered by another element; the facts on cards
 * (the Academy's duration and level) line up from card to card, also at every
 * width from 320 to 420 px. The home hero's
 * slide call to action and its controls are inside the first screen of
 * 320 x 568, 390 x 844 and 768 x 1024. The desktop navigation, where shown,
 * fits on one line.
 *
 * A route is loaded once and the viewport resized through the widths (nothing
 * on the site reads the width from a script). Waits are for states.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, type BrowserSite } from '../support/browser-site';
import { sweepWidths } from './breakpoints';
import { layoutProblems } from './layout-quality';
import { overflowOf } from './overflow';
import { sweepWithRetry } from './stall';
import { DESKTOP_NAV_MIN_WIDTH, SCREENS, settle } from './visitor-screens';

const SWEEP_TIMEOUT = 600_000;
/** A route takes 3-5 s here; a tab that has stopped producing frames never answers. */
const ROUTE_LIMIT = 120_000;
/** The sweep's widths, read from the built stylesheet. */
let WIDTHS: number[] = [];

const available = chromiumAvailable();
let b: BrowserSite;
beforeAll(async () => {
  if (!available) return;
  b = await startBrowserSite();
  WIDTHS = await sweepWidths(b.site.outDir, 320, 1440);
}, 300_000);
afterAll(() => b?.close());

/**
 * Stops or resumes painting the page. The checks at the sweep's widths read geometry only, so the page is not painted while
 * they run: its root is clipped to nothing (clip-path changes no layout, and the checks' visibility tests ignore it),
 * and each width is set through the DevTools protocol without resizing the window around the page (Playwright's
 * setViewportSize does both, and a new window surface at each width costs the browser more). The sweep takes about a
 * sixth less of the machine that way (docs/performance.md). Covered text is found by hit-testing, which a clip changes,
 * so that check runs on the page painted, and every width set a measurement checks the page is laid out at it.
 */
function paint(page: Page, on: boolean): Promise<void> {
  return page.evaluate((on) => {
    if (!on) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('html { clip-path: inset(50%) !important; }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } else document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
  }, on);
}

interface Tab {
  page: Page;
  cdp: CDPSession;
}

async function openTab(): Promise<Tab> {
  const { page } = await b.open({ viewport: { width: 320, height: 800 }, reducedMotion: 'reduce' });
  return { page, cdp: await page.context().newCDPSession(page) };
}

/** One route, loaded at 320 px (whatever the route before left), at the sweep's widths unpainted, then at the five screens painted (covered text). */
async function checkRoute({ page, cdp }: Tab, route: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: 320, height: 800 });
  await settle(page, b.url(route));
  await paint(page, false);
  for (const width of WIDTHS) {
    await cdp.send('Emulation.setDeviceMetricsOverride', { width, height: 800, deviceScaleFactor: 1, mobile: false });
    const laidOut = await page.evaluate(() => document.documentElement.clientWidth);
    if (laidOut !== width) problems.push(`${route} @${width}px: laid out at ${laidOut} px`);
    for (const problem of [...(await layoutProblems(page)), ...(await overflowOf(page, width))])
      problems.push(`${route} @${width}px: ${problem}`);
  }
  await paint(page, true);
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const problem of await layoutProblems(page, { overlaps: true }))
      if (problem.startsWith('covered')) problems.push(`${route} @${screen.width}x${screen.height}: ${problem}`);
  }
  return problems;
}

describe.skipIf(!available)('layout quality on every route at every width', () => {
  it(
    `from 320 to 1440 px at each edge of the breakpoints: no squeezed text or narrow column, no broken label, no card grid ending with a hole; no covered text at ${SCREENS.map((s) => s.width).join(', ')} px`,
    async ({ expect }) => {
      // Headless Chromium now and then stops producing frames (the covered-text check waits for one).
      const { results, stalls } = await sweepWithRetry(
        [...b.site.routes, '/404-example'],
        openTab,
        checkRoute,
        ROUTE_LIMIT,
        (route) => `${route} at every width`,
      );
      const problems = results.flat();
      expect.soft(stalls, 'routes that stalled twice').toEqual([]);
      expect([...new Set(problems)]).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );

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
