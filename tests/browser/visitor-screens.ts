/**
 * The screens the visitor tests look at, pages loaded the way a visitor would
 * see them settle, and how long a visitor test may take.
 *
 * Phones and tablets are emulated as devices (the viewport meta tag applies,
 * taps are touches); the laptop is a desktop browser. A route is loaded once
 * per group of screens and the viewport then resized through the group's
 * widths: nothing on this site reads the width from a script, so a resized
 * page lays out exactly as one loaded at that width, and the tests stay quick.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { within } from './stall';

export interface Screen {
  width: number;
  height: number;
  /** Phones and tablets: the viewport meta tag applies and taps are touches, as on the device. */
  mobile: boolean;
}

/** A small phone, a common phone, a portrait tablet, a landscape tablet (still the small-screen menu) and a laptop. */
export const SCREENS: Screen[] = [
  { width: 320, height: 568, mobile: true },
  { width: 390, height: 844, mobile: true },
  { width: 768, height: 1024, mobile: true },
  { width: 1024, height: 768, mobile: true },
  { width: 1440, height: 900, mobile: false },
];

/**
 * The screens in two groups: phones and tablets, one kind of device resized, and the laptop (a route is loaded once in
 * each: ./route-sweep.ts).
 */
export const DEVICES: { name: string; screens: Screen[] }[] = [
  { name: 'phones and tablets', screens: SCREENS.filter((s) => s.mobile) },
  { name: 'a laptop', screens: SCREENS.filter((s) => !s.mobile) },
];

/** The header shows its desktop navigation from 67.5rem (1080 px, the narrowest at which it fits on one line); below that, the menu button. */
export const DESKTOP_NAV_MIN_WIDTH = 1080;

export const contextFor = (screen: Screen): BrowserContextOptions => ({
  viewport: { width: screen.width, height: screen.height },
  isMobile: screen.mobile,
  hasTouch: screen.mobile,
  // No transitions or animations: what is measured is the state the page comes to rest in.
  reducedMotion: 'reduce',
});

/** Loads a route and waits until what the visitor sees has settled: fonts in, images decoded. */
export async function settle(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await within(
    page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all(
        [...document.images].filter((img) => img.loading !== 'lazy').map((img) => img.decode().catch(() => undefined)),
      );
    }),
    `waiting for the fonts and images of ${url}`,
  );
}

/**
 * Resizes the page to a screen of the same kind. Measurements that follow lay the page out afresh at that size, and a
 * screenshot paints a new frame, so nothing needs waiting for.
 */
export async function resize(page: Page, screen: Screen): Promise<void> {
  const size = page.viewportSize();
  if (size?.width !== screen.width || size.height !== screen.height)
    await page.setViewportSize({ width: screen.width, height: screen.height });
}

export const routeLabel = (route: string, width: number) => `${route} @${width}px`;

/**
 * How long a visitor test may take: a sweep (every slide at every width) and a step (one page worked through). The
 * limits only stop a hung run, and every wait inside is for a state under a limit that names it (./stall.ts): they
 * stay under a few minutes, so a hung test fails well within a CI run.
 */
export const SWEEP_TIMEOUT = 180_000;
export const STEP_TIMEOUT = 120_000;
