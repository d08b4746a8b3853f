/**
 * What a visitor sees of the home carousel, in Chromium: every link and
 * button's text at 4.5:1 or more against the pixels behind it, photographed
 * (./contrast.ts), on every slide at 320, 390, 768, 1024 and 1440 px
 * (./visitor-screens.ts); and the hero's backgrounds cross-fade over 1 s,
 * also to a slide jumped to before its image has arrived.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, STATE_TIMEOUT, type BrowserSite } from '../support/browser-site';
import { lowContrastControls } from './contrast';
import { DEVICES, STEP_TIMEOUT, SWEEP_TIMEOUT, contextFor, resize, routeLabel, settle } from './visitor-screens';

const available = chromiumAvailable();
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

/** The carousel's props, as the page carries them for its island. */
const slideImages = (page: Page) =>
  page.evaluate(() =>
    (
      JSON.parse(document.querySelector('[data-island="carousel"] script[type="application/json"]')!.textContent!) as {
        slides: { image: string }[];
      }
    ).slides.map((s) => s.image),
  );

describe.skipIf(!available)('the home carousel', () => {
  it(
    'has link and button text at 4.5:1 or more on every slide, at each width',
    async ({ expect }) => {
      const failures: string[] = [];
      for (const device of DEVICES) {
        const { page } = await b.open(contextFor(device.screens[0]!));
        const cdp = await page.context().newCDPSession(page);
        await settle(page, b.url('/'));
        await page
          .locator('[data-island="carousel"][data-island-state="live"]')
          .waitFor({ state: 'attached', timeout: STATE_TIMEOUT });
        const images = await slideImages(page);
        // Each slide shown by its dot (rotation is off: reduced motion), slide 1 too: its art more closely than the page sweep.
        for (let i = 0; i < images.length; i++) {
          await page.evaluate((n) => document.querySelectorAll<HTMLElement>('.hero-dot')[n]!.click(), i);
          await page.waitForFunction(
            (src) => {
              const img = document.querySelector<HTMLImageElement>('.hero-image.is-active');
              return (
                img !== null &&
                img.getAttribute('src') === src &&
                img.complete &&
                img.naturalWidth > 0 &&
                img.getAnimations().length === 0
              );
            },
            images[i],
            { timeout: STATE_TIMEOUT },
          );
          for (const screen of device.screens) {
            await resize(page, screen);
            failures.push(
              ...(await lowContrastControls(page, cdp, '.hero', 'scope')).map(
                (f) => `${routeLabel('/', screen.width)}, slide ${i + 1}: ${f}`,
              ),
            );
          }
        }
        await page.context().close();
      }
      expect(failures).toEqual([]);
    },
    SWEEP_TIMEOUT,
  );

  it(
    'cross-fades over 1 s to the image of a slide jumped to, once that image has arrived',
    async ({ expect }) => {
      const { page, problems } = await b.open({ reducedMotion: 'no-preference' });
      await page.goto(b.url('/'));
      const target = (await slideImages(page))[3]!;
      // The image's response is held back, so the jump always comes before it, however fast the machine.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${target}`, async (route: Route) => {
        await held;
        await route.continue();
      });
      await page
        .locator('[data-island="carousel"][data-island-state="live"]')
        .waitFor({ state: 'attached', timeout: STATE_TIMEOUT });
      const first = (await page.getAttribute('.hero-image.is-active', 'src'))!;
      await page.locator('.hero-dot').nth(3).click();

      // The slide's text shows at once; its image is on its way, and the background the visitor saw stays.
      await expect
        .poll(() => page.getAttribute('.hero-slide.is-active', 'id'), { timeout: STATE_TIMEOUT })
        .toBe('hero-slide-4');
      await page.locator(`.hero-image[src="${target}"]`).waitFor({ state: 'attached', timeout: STATE_TIMEOUT });
      expect(await page.getAttribute('.hero-image.is-active', 'src')).toBe(first);
      const opacityOf = (src: string) =>
        page.locator(`.hero-image[src="${src}"]`).evaluate((img) => getComputedStyle(img).opacity);
      expect(await opacityOf(target)).toBe('0');

      release();
      // Caught in the frame it turns active: decoded, its opacity on its way up from 0 in a CSS transition of 1 s.
      const fade = await page.waitForFunction(
        (src) => {
          const img = document.querySelector<HTMLImageElement>(`.hero-image.is-active[src="${src}"]`);
          if (!img) return null;
          const transition = img
            .getAnimations()
            .find((a): a is CSSTransition => a instanceof CSSTransition && a.transitionProperty === 'opacity');
          return {
            decoded: img.complete && img.naturalWidth > 0,
            duration: transition?.effect?.getTiming().duration ?? null,
            opacity: Number(getComputedStyle(img).opacity),
          };
        },
        target,
        { timeout: STATE_TIMEOUT },
      );
      const state = await fade.jsonValue();
      expect(state).toMatchObject({ decoded: true, duration: 1000 });
      expect(state?.opacity).toBeLessThan(0.3);
      // It comes to rest at the spec's 30%, and the previous background has faded out.
      await expect
        .poll(async () => [await opacityOf(first), await opacityOf(target)], { timeout: STATE_TIMEOUT })
        .toEqual(['0', '0.3']);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    STEP_TIMEOUT,
  );
});
