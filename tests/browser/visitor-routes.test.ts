/**
 * What a visitor sees on every route, in Chromium, at 320, 390, 768, 1024 and
 * 1440 px (phones and tablets emulated as devices: the viewport meta tag
 * applies and taps are touches): no horizontal overflow, measured against the
 * device width (./overflow.ts), and every link and button's text at 4.5:1 or
 * more against the pixels behind it, photographed (./contrast.ts).
 *
 * One built site and one browser serve it all, and each route is loaded once
 * per kind of device, then measured and photographed at each of that kind's
 * widths (./visitor-screens.ts). A sweep does a lot of work on a busy 2-core
 * machine, so its time limit is generous: it only stops a hung run, every wait
 * inside is for a state.
 */
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, type BrowserSite } from '../support/browser-site';
import { lowContrastControls } from './contrast';
import { overflowOf } from './overflow';
import { sweepWithRetry } from './stall';
import { DEVICES, SWEEP_TIMEOUT, contextFor, resize, routeLabel, settle, type Screen } from './visitor-screens';

/** One route at every screen of its group, retried once in a fresh tab when it stalls: above the limits inside (./stall.ts). */
const ROUTE_LIMIT = 180_000;

const available = chromiumAvailable();
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

const routes = () => [...b.site.routes, '/404-example'];

interface Tab {
  page: Page;
  cdp: CDPSession;
}

async function openTab(screen: Screen): Promise<Tab> {
  const { page } = await b.open(contextFor(screen));
  return { page, cdp: await page.context().newCDPSession(page) };
}

/** A route loaded at the first of its screens, then measured and photographed at each of them. */
async function sweepRoute(
  { page, cdp }: Tab,
  screens: Screen[],
  route: string,
): Promise<{ overflow: string[]; contrast: string[] }> {
  const overflow: string[] = [];
  const contrast: string[] = [];
  await resize(page, screens[0]!);
  await settle(page, b.url(route));
  for (const screen of screens) {
    await resize(page, screen);
    const where = routeLabel(route, screen.width);
    overflow.push(...(await overflowOf(page, screen.width)).map((p) => `${where}: ${p}`));
    contrast.push(...(await lowContrastControls(page, cdp)).map((p) => `${where}: ${p}`));
  }
  return { overflow, contrast };
}

describe.skipIf(!available)('every route, as a visitor sees it', () => {
  // The groups of screens are swept side by side, each in a page of its own.
  for (const device of DEVICES) {
    it.concurrent(
      `on ${device.name} (${device.screens.map((s) => s.width).join(', ')} px): no horizontal overflow, and link and button text at 4.5:1 or more`,
      async ({ expect }) => {
        const { results, stalls } = await sweepWithRetry(
          routes(),
          () => openTab(device.screens[0]!),
          (tab, route) => sweepRoute(tab, device.screens, route),
          ROUTE_LIMIT,
          (route) => `${route} on ${device.name}`,
        );
        const overflow = results.flatMap((found) => found.overflow);
        const contrast = results.flatMap((found) => found.contrast);
        expect.soft(stalls, 'routes that stalled twice').toEqual([]);
        expect.soft(overflow, 'horizontal overflow').toEqual([]);
        expect.soft(contrast, 'text contrast').toEqual([]);
      },
      SWEEP_TIMEOUT,
    );
  }
});
