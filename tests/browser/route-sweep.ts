/**
 * Every check of a route that needs the route loaded and looked at, from one load per kind of screen: a route is
 * loaded twice (phones and tablets; a desktop browser), where the checks it serves each loaded it on their own
 * (five times). route-suite.ts asserts each check's part for each route.
 *
 * On the phones and tablets (320, 390, 768 and 1024 px, emulated as devices: the viewport meta tag applies), loaded at
 * 320 px and resized through them: horizontal overflow (./overflow.ts) and the text contrast of links and buttons
 * (./contrast.ts).
 *
 * In the desktop browser, loaded at 1440 x 900, in this order, so each check sees the page in the state it did when
 * it loaded the page itself:
 * 1. settled (fonts in, images decoded): overflow and contrast at 1440 px, the laptop;
 * 2. the layout sweep at the stylesheet's breakpoints (./breakpoints.ts) from 320 to 1440 px, unpainted: squeezed
 *    text, broken labels, holes in card grids, narrow columns (./layout-quality.ts) and overflow; then painted at the
 *    five screens of ./visitor-screens.ts, text covered by another element;
 * 3. every island hydrated: axe at 390 x 844 and 1440 x 900, and what the page reported from its load to the end
 *    (console errors and warnings, failed requests, HTTP errors, CSP violations).
 *
 * Nothing on the site reads the width from a script, so a page resized lays out as one loaded at that width.
 */
import type { CDPSession, Page } from 'playwright-core';
import { hydrateAll, type BrowserSite } from '../support/browser-site';
import { axe } from './axe';
import { lowContrastControls } from './contrast';
import { layoutProblems } from './layout-quality';
import { overflowOf } from './overflow';
import { RetryingTab } from './stall';
import { DEVICES, SCREENS, contextFor, resize, routeLabel, settle, type Screen } from './visitor-screens';

/** A path with no page: the not-found page answers it. */
export const NOT_FOUND = '/404-example';
/** One route in one tab: a few seconds here; a tab that has stopped producing frames never answers. */
const ROUTE_LIMIT = 90_000;
/** The widths axe looks at the hydrated page at. */
const AXE_SCREENS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

/** What each check found on a route, described for a failure message ("<route> @<width>px: …"). */
export interface RouteFindings {
  overflow: string[];
  contrast: string[];
  layout: string[];
  axe: string[];
  /** Console errors and warnings, failed requests, HTTP errors and CSP violations, hydrated. */
  reported: string[];
  /** Tabs that stalled twice on the route: their checks are missing. */
  stalls: string[];
}

const emptyPart = (): RouteFindings => ({ overflow: [], contrast: [], layout: [], axe: [], reported: [], stalls: [] });

interface Tab {
  page: Page;
  cdp: CDPSession;
  problems: string[];
}

/**
 * Stops or resumes painting the page. The layout sweep reads geometry only, so the page is not painted while it
 * runs: its root is clipped to nothing (clip-path changes no layout, and the checks' visibility tests ignore it),
 * and each width is set through the DevTools protocol without resizing the window around the page (Playwright's
 * setViewportSize does both, and a new window surface at each width costs the browser more). Covered text is found by
 * hit-testing, which a clip changes, so that check runs on the page painted, and every width set a measurement
 * checks the page is laid out at it.
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

const PHONES = DEVICES.find((d) => d.screens.every((s) => s.mobile))!.screens;
const LAPTOP: Screen = SCREENS.find((s) => !s.mobile)!;

/** Overflow and contrast at each of `screens`, the page resized to each. */
async function visitorChecks(tab: Tab, route: string, screens: Screen[], found: RouteFindings): Promise<void> {
  for (const screen of screens) {
    await resize(tab.page, screen);
    const where = routeLabel(route, screen.width);
    found.overflow.push(...(await overflowOf(tab.page, screen.width)).map((p) => `${where}: ${p}`));
    found.contrast.push(...(await lowContrastControls(tab.page, tab.cdp)).map((p) => `${where}: ${p}`));
  }
}

async function layoutSweep(tab: Tab, route: string, widths: number[], found: RouteFindings): Promise<void> {
  const { page, cdp } = tab;
  await paint(page, false);
  for (const width of widths) {
    await cdp.send('Emulation.setDeviceMetricsOverride', { width, height: 800, deviceScaleFactor: 1, mobile: false });
    const laidOut = await page.evaluate(() => document.documentElement.clientWidth);
    if (laidOut !== width) found.layout.push(`${route} @${width}px: laid out at ${laidOut} px`);
    for (const problem of [...(await layoutProblems(page)), ...(await overflowOf(page, width))])
      found.layout.push(`${route} @${width}px: ${problem}`);
  }
  await paint(page, true);
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const problem of await layoutProblems(page, { overlaps: true }))
      if (problem.startsWith('covered')) found.layout.push(`${route} @${screen.width}x${screen.height}: ${problem}`);
  }
}

async function hydratedChecks(tab: Tab, route: string, found: RouteFindings): Promise<void> {
  for (const size of AXE_SCREENS) {
    await tab.page.setViewportSize(size);
    await hydrateAll(tab.page);
    for (const violation of await axe(tab.page)) found.axe.push(`${route} @${size.width}: ${violation}`);
  }
  // The not-found page answers 404, which the console reports, and logs the path asked for (as the spec asks).
  const expected = route === NOT_FOUND ? [/status of 404\b/, /non-existent route: \/404-example$/] : [];
  for (const problem of tab.problems.splice(0))
    if (!expected.some((e) => e.test(problem))) found.reported.push(`${route}: ${problem}`);
}

/** The two tabs of a sweep, kept from route to route. */
export class RouteSweep {
  private readonly phones: RetryingTab<Tab>;
  private readonly desktop: RetryingTab<Tab>;

  /** `widths`: the layout sweep's, from the built stylesheet (./breakpoints.ts). */
  constructor(
    private readonly b: BrowserSite,
    private readonly widths: number[],
  ) {
    const open = async (screen: Screen, mobile: boolean): Promise<Tab> => {
      const { page, problems } = await b.open(
        mobile
          ? contextFor(screen)
          : { viewport: { width: screen.width, height: screen.height }, reducedMotion: 'reduce' },
      );
      return { page, problems, cdp: await page.context().newCDPSession(page) };
    };
    this.phones = new RetryingTab(() => open(PHONES[0]!, true), ROUTE_LIMIT);
    this.desktop = new RetryingTab(() => open(LAPTOP, false), ROUTE_LIMIT);
  }

  /** Every check of `route`, the two tabs side by side. */
  async check(route: string): Promise<RouteFindings> {
    const found = emptyPart();
    const url = this.b.url(route);
    const runs = await Promise.all([
      this.phones.run(`${route} on phones and tablets`, async (tab) => {
        const part = emptyPart();
        await resize(tab.page, PHONES[0]!);
        await settle(tab.page, url);
        await visitorChecks(tab, route, PHONES, part);
        return part;
      }),
      this.desktop.run(`${route} in a desktop browser`, async (tab) => {
        const part = emptyPart();
        // What the previous route reported after its checks ended is not this route's.
        tab.problems.splice(0);
        await resize(tab.page, LAPTOP);
        await settle(tab.page, url);
        await visitorChecks(tab, route, [LAPTOP], part);
        await layoutSweep(tab, route, this.widths, part);
        await hydratedChecks(tab, route, part);
        return part;
      }),
    ]);
    // A retried check starts again from nothing: only the run that finished is counted.
    for (const run of runs) {
      if ('stall' in run) found.stalls.push(run.stall);
      else for (const key of Object.keys(found) as (keyof RouteFindings)[]) found[key].push(...run.result[key]);
    }
    return found;
  }

  async close(): Promise<void> {
    await Promise.all([this.phones.close(), this.desktop.close()]);
  }
}
