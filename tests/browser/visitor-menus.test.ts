/**
 * What a visitor sees of the navigation, in Chromium:
 * - the small-screen menu (below the desktop navigation's 1080 px), opened
 *   with a tap on phones and tablets emulated as devices (the viewport meta
 *   tag applies and taps are touches), shows every top-level entry at once,
 *   each wholly on screen and the element found at its centre
 *   (document.elementFromPoint: nothing covers it), with nothing scrolled,
 *   neither the page nor the panel; a tap at an entry's centre follows it; the
 *   keyboard reaches each entry in view;
 * - every link and button's text in the open menu and in each panel of the
 *   desktop dropdowns is at 4.5:1 or more against the pixels behind it,
 *   photographed (./contrast.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, STATE_TIMEOUT, type BrowserSite } from '../support/browser-site';
import { lowContrastControls } from './contrast';
import { overflowOf } from './overflow';
import { DESKTOP_NAV_MIN_WIDTH, SCREENS, STEP_TIMEOUT, contextFor, settle } from './visitor-screens';
import type { SiteConfig as WebsiteConfig } from '../../templates/config';

const available = chromiumAvailable();
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

/** The open menu's top-level entries: the group toggles, the plain links and the call to action. */
const ENTRIES = '.nav-mobile-panel .accordion > summary, .nav-mobile-links a, .nav-mobile-cta';

interface EntryState {
  text: string;
  x: number;
  y: number;
  onScreen: boolean;
  hit: string;
}

/** Each entry's centre, whether it is wholly on screen, and what the centre hits. */
function entries(page: Page): Promise<EntryState[]> {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(selector)].map((el) => {
      const rect = el.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const atCentre = document.elementFromPoint(x, y);
      const hit = !atCentre
        ? 'nothing (off screen)'
        : atCentre === el || el.contains(atCentre)
          ? 'itself'
          : `${atCentre.tagName.toLowerCase()}.${[...atCentre.classList].join('.')} "${(atCentre.textContent ?? '').trim().slice(0, 30)}"`;
      return {
        text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(),
        x,
        y,
        onScreen:
          rect.width > 0 && rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth,
        hit,
      };
    });
  }, ENTRIES);
}

const scrolled = (page: Page) =>
  page.evaluate(() => ({
    page: Math.round(scrollY),
    panel: Math.round(document.querySelector('.nav-mobile-panel')?.scrollTop ?? 0),
  }));

/** Opens the small-screen menu with a tap, as a visitor does, and waits for the header to be hydrated by it. */
async function openMenu(page: Page): Promise<void> {
  await page.tap('summary.nav-toggle');
  await page.locator('details.nav-mobile[open] .nav-mobile-panel').waitFor({ timeout: STATE_TIMEOUT });
  await page.locator('.nav-desktop[data-enhanced]').waitFor({ state: 'attached', timeout: STATE_TIMEOUT });
}

describe.skipIf(!available)('the small-screen menu', () => {
  // A service page: the menu marks its group as the current one.
  const route = '/cloud-security';
  for (const screen of SCREENS.filter((s) => s.width < DESKTOP_NAV_MIN_WIDTH)) {
    it(
      `shows every top-level entry at once, each tappable where it is, with text at 4.5:1 or more, at ${screen.width}×${screen.height}`,
      async ({ expect }) => {
        const { page, problems } = await b.open(contextFor(screen));
        const cdp = await page.context().newCDPSession(page);
        const { navigation } = b.site.result.config as WebsiteConfig;
        await settle(page, b.url(route));
        await openMenu(page);
        const shown = await entries(page);
        expect(shown.map((e) => e.text)).toEqual([
          ...navigation.groups.map((g) => g.label),
          ...navigation.links.map((l) => l.label),
          navigation.cta.label,
        ]);
        expect(
          shown
            .filter((e) => !e.onScreen || e.hit !== 'itself')
            .map((e) => `${e.text}: ${e.onScreen ? 'on screen' : 'not wholly on screen'}, centre hits ${e.hit}`),
        ).toEqual([]);
        expect(await scrolled(page)).toEqual({ page: 0, panel: 0 });
        expect(await overflowOf(page, screen.width)).toEqual([]);
        expect.soft(await lowContrastControls(page, cdp, '.site-header', 'screen'), 'menu text contrast').toEqual([]);
        // A group opened: its links too (the panel may now scroll as a whole on a short screen).
        await page.locator('.nav-mobile-panel .accordion > summary').first().tap();
        await page.locator('.nav-mobile-panel .accordion[open]').waitFor({ timeout: STATE_TIMEOUT });
        expect
          .soft(await lowContrastControls(page, cdp, '.site-header', 'screen'), 'text contrast with a group open')
          .toEqual([]);
        await page.locator('.nav-mobile-panel .accordion[open] > summary').tap();
        await expect
          .poll(() => page.locator('.nav-mobile-panel .accordion[open]').count(), { timeout: STATE_TIMEOUT })
          .toBe(0);

        if (screen.width >= 768) {
          // A tablet's panel sits at the side, the page dimmed beside it. A tap on a link of the dimmed page lands on the
          // menu's own layer: the menu closes, and the link is not followed.
          const beside = await page.evaluate(() => {
            const panel = document.querySelector('.nav-mobile-panel')!.getBoundingClientRect();
            const link = [...document.querySelectorAll('main a[href]')]
              .map((a) => a.getBoundingClientRect())
              .find((r) => r.width > 0 && r.top > panel.top && r.bottom < innerHeight && r.right < panel.left);
            if (!link) return null;
            const [x, y] = [link.left + link.width / 2, link.top + link.height / 2];
            return { x, y, covered: document.elementFromPoint(x, y)?.matches('details.nav-mobile') ?? false };
          });
          expect(beside).toMatchObject({ covered: true });
          await page.touchscreen.tap(beside!.x, beside!.y);
          await expect
            .poll(() => page.locator('details.nav-mobile').getAttribute('open'), { timeout: STATE_TIMEOUT })
            .toBeNull();
          expect(new URL(page.url()).pathname).toBe(route);
          await openMenu(page);
        }
        // A tap where the last entry is follows it.
        const last = (await entries(page)).at(-1)!;
        const destination = b.url(navigation.cta.href);
        await Promise.all([
          page.waitForURL(destination, { timeout: STATE_TIMEOUT }),
          page.touchscreen.tap(last.x, last.y),
        ]);
        // The tap's pointerdown starts the speculation rules' prefetch of that page, and the navigation it foretold
        // may cancel it (seen in CI under load): a request for the very page the tap arrived at, aborted. The visitor
        // is there; anything else that failed is a problem.
        expect(problems.filter((problem) => problem !== `request failed: ${destination} net::ERR_ABORTED`)).toEqual([]);
        await page.context().close();
      },
      STEP_TIMEOUT,
    );
  }

  it(
    'takes the keyboard through every entry in view, and closes once focus moves on past it',
    async ({ expect }) => {
      const { page } = await b.open(contextFor(SCREENS[1]!));
      await settle(page, b.url(route));
      await page.focus('summary.nav-toggle');
      await page.locator('.nav-desktop[data-enhanced]').waitFor({ state: 'attached', timeout: STATE_TIMEOUT });
      await page.keyboard.press('Enter');
      await page.locator('details.nav-mobile[open]').waitFor({ timeout: STATE_TIMEOUT });
      const expected = (await page.locator(ENTRIES).allTextContents()).map((t) => t.trim());
      const focused: string[] = [];
      for (let i = 0; i < expected.length; i++) {
        await page.keyboard.press('Tab');
        focused.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement;
            const rect = el.getBoundingClientRect();
            const atCentre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
            const inView =
              rect.top >= 0 &&
              rect.bottom <= innerHeight &&
              Boolean(atCentre && (atCentre === el || el.contains(atCentre)));
            return `${(el.textContent ?? '').trim()}${inView ? '' : ' (not in view)'}`;
          }),
        );
      }
      expect(focused).toEqual(expected);
      // Past the last entry, focus moves on into the page, which the menu no longer covers.
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.locator('details.nav-mobile').getAttribute('open'), { timeout: STATE_TIMEOUT })
        .toBeNull();
      await page.context().close();
    },
    STEP_TIMEOUT,
  );
});

describe.skipIf(!available)('the desktop dropdowns', () => {
  it(
    'have link text at 4.5:1 or more in each panel',
    async ({ expect }) => {
      const desktop = SCREENS.find((s) => s.width >= DESKTOP_NAV_MIN_WIDTH)!;
      const { page } = await b.open(contextFor(desktop));
      const cdp = await page.context().newCDPSession(page);
      await settle(page, b.url('/cloud-security'));
      // Hydrate the header first (its first hover does), so no panel changes hands from CSS to the island mid-photograph.
      await page.hover('.site-header .brand');
      await page.locator('.nav-desktop[data-enhanced]').waitFor({ state: 'attached', timeout: STATE_TIMEOUT });
      const failures: string[] = [];
      const triggers = page.locator('.nav-trigger');
      for (let i = 0; i < (await triggers.count()); i++) {
        await triggers.nth(i).hover();
        await page.locator(`.nav-group.is-open #nav-panel-${i}`).waitFor({ state: 'visible', timeout: STATE_TIMEOUT });
        failures.push(
          ...(await lowContrastControls(page, cdp, `#nav-panel-${i}`, 'screen')).map((f) => `panel ${i + 1}: ${f}`),
        );
      }
      expect(failures).toEqual([]);
      await page.context().close();
    },
    STEP_TIMEOUT,
  );
});
