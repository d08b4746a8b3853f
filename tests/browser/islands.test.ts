/** Real hydration in Chromium: the islands behave as sections 2, 4 and 9 of the spec ask. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { hydrateAll, startBrowserSite, STATE_TIMEOUT, type BrowserSite } from '../support/browser-site';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

/**
 * Moves a paused page clock on by one frame at a time until `selector` is in the page. Islands hydrate
 * across timers (the loader's task split, React's scheduler), which a paused clock holds; stepping lets
 * them through while the page's time stays within a frame or two of the moment the island went live.
 */
async function stepClockUntil(page: Page, selector: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(16);
      return page.locator(selector).count();
    })
    .toBeGreaterThan(0);
}
let b: BrowserSite;
beforeAll(async () => {
  if (available) b = await startBrowserSite();
});
afterAll(() => b?.close());

describe.skipIf(!available)('islands in Chromium', () => {
  it('the carousel advances every 6 s and wraps (page clock), with no console errors', async () => {
    const { page, problems } = await b.open();
    // The page's time stands still from the start: only the test moves it, so a slow machine cannot move the slides.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.goto(b.url('/'));
    await stepClockUntil(page, '.hero-slides[aria-live="off"]');
    // A few frames more: the effects of that render arm the carousel's timers.
    await page.clock.runFor(100);
    expect(await page.textContent('.hero-counter')).toBe('Slide 1 / 6');
    // One hero image at first; the next one loads halfway through the slide, so it is there to fade in.
    const images = () =>
      page.$$eval('.hero-image', (imgs) =>
        imgs.map((img) => [
          img.getAttribute('src'),
          (img as HTMLImageElement).naturalWidth > 0,
          img.classList.contains('is-active'),
        ]),
      );
    expect(await images()).toEqual([['/images/hero/network.svg', true, true]]);
    await page.clock.runFor(3000);
    await expect.poll(images).toEqual([
      ['/images/hero/network.svg', true, true],
      ['/images/hero/shield.svg', true, false],
    ]);
    await page.clock.runFor(3000);
    await expect.poll(() => page.textContent('.hero-counter')).toBe('Slide 2 / 6');
    expect((await images())[1]).toEqual(['/images/hero/shield.svg', true, true]);
    await page.clock.runFor(6000 * 5);
    await expect.poll(() => page.textContent('.hero-counter')).toBe('Slide 1 / 6');
    await page.click('.hero-prev');
    await expect.poll(() => page.textContent('.hero-counter')).toBe('Slide 6 / 6');
    expect(await page.locator('.hero-slide.is-active').getAttribute('id')).toBe('hero-slide-6');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a tooltip appears after 700 ms on hover and at once on keyboard focus', async () => {
    const { page } = await b.open();
    const requested: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('.js') && requested.push(request.url())));
    await page.clock.install();
    await page.goto(b.url('/'));
    await page.locator('.hero-slides[aria-live="off"]').waitFor({ state: 'attached' });
    // Hydrated, the controls are plain: radix is not loaded (it would mark its trigger with data-state).
    const scripts = async () => [...requested];
    const before = await scripts();
    expect(await page.locator('.hero-controls [data-state]').count()).toBe(0);
    // From here only runFor moves the page's time, so a slow machine cannot open the tooltip early, and a
    // tooltip that shows while the clock stands still showed at once.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.hover('.hero-next');
    // Pointing at the control loads radix (a script the page had not loaded), which takes the control over.
    await page.locator('.hero-next[data-state="closed"]').waitFor({ state: 'attached' });
    expect((await scripts()).filter((url) => !before.includes(url)).length).toBeGreaterThan(0);
    await page.clock.runFor(600);
    expect(await page.locator('.tooltip').count()).toBe(0);
    await page.clock.runFor(200);
    await page.locator('.tooltip', { hasText: 'Next slide' }).waitFor();
    // The control is described by the tooltip, through an id no other island on the page can hand out.
    const described = await page.evaluate(() => {
      const id = document.querySelector('.hero-next')?.getAttribute('aria-describedby') ?? '';
      const target = document.getElementById(id);
      return {
        id,
        count: document.querySelectorAll(`[id="${id}"]`).length,
        role: target?.getAttribute('role'),
        text: target?.textContent,
      };
    });
    expect(described).toMatchObject({ count: 1, role: 'tooltip', text: 'Next slide' });
    expect(described.id).toContain(`${await page.getAttribute('[data-island="carousel"]', 'data-id')}-`);
    await page.mouse.move(700, 20);
    await page.clock.runFor(1000);
    await page.focus('.hero-pause');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous slide');
    await page.locator('.tooltip', { hasText: 'Previous slide' }).waitFor();
    await page.context().close();
  });

  it('a visitor who tabs on while radix loads keeps their place: the focus never jumps back to a tooltip control', async () => {
    const { page, problems } = await b.open();
    // radix's chunk is held back until the visitor has tabbed past the social links.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let radixRequested = false;
    await page.route('**/assets/chunk-*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('data-radix-popper-content-wrapper')) {
        radixRequested = true;
        await held;
      }
      await route.fulfill({ response, body });
    });
    await page.goto(b.url('/about'));
    const links = page.locator('.site-footer [data-island="social-links"] a');
    // The first focus starts the island; the next asks for radix.
    await links.first().focus();
    await page
      .locator('.site-footer [data-island="social-links"][data-island-state="live"]')
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    await expect.poll(() => radixRequested).toBe(true);
    const count = await links.count();
    for (let i = 1; i < count + 2; i++) await page.keyboard.press('Tab');
    const where = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(where).toMatch(/^\//);
    release();
    // radix is in: the links focused since the island started are its triggers now, and the focus is where the visitor left it.
    await expect
      .poll(() => page.locator('.site-footer [data-island="social-links"] a[data-state]').count())
      .toBe(count - 1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(where);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('desktop dropdowns open on hover, from the keyboard, and close on Escape with focus returned', async () => {
    const { page, problems } = await b.open();
    await page.goto(b.url('/about'));
    const trigger = page.getByRole('button', { name: 'Core Security' });
    await trigger.hover();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#nav-panel-0').isVisible()).toBe(true);
    await page.mouse.move(700, 600);
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.locator('#nav-panel-0').isVisible()).toBe(false);
    const academy = page.getByRole('button', { name: 'Academy' });
    await academy.focus();
    await expect.poll(() => academy.getAttribute('aria-expanded')).not.toBeNull();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('View All Academy');
    await page.keyboard.press('Escape');
    await expect.poll(() => academy.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Academy');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the mobile menu opens, keeps one group open, and closes when a link is chosen', async () => {
    const { page, problems } = await b.open({ viewport: { width: 390, height: 844 } });
    await page.goto(b.url('/academy'));
    await page.click('summary.nav-toggle');
    await expect.poll(() => page.locator('details.nav-mobile').getAttribute('open')).not.toBeNull();
    // That tap hydrated the header; from here each step acts on the live island.
    await page.locator('[data-island="navigation"][data-island-state="live"]').waitFor({ state: 'attached' });
    const group = (name: string) =>
      page.locator('details.accordion', { has: page.locator(`summary:text-is("${name}")`) });
    await group('Core Security').locator('summary').click();
    await expect.poll(() => group('Core Security').getAttribute('open')).not.toBeNull();
    await group('Identity & Access').locator('summary').click();
    await expect.poll(() => group('Identity & Access').getAttribute('open')).not.toBeNull();
    await expect.poll(() => group('Core Security').getAttribute('open')).toBeNull();
    await group('Identity & Access').locator('summary').click();
    await expect.poll(() => group('Identity & Access').getAttribute('open')).toBeNull();
    await group('Academy').locator('summary').click();
    await group('Academy').getByRole('link', { name: 'Certification' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#certification');
    await expect.poll(() => page.locator('details.nav-mobile').getAttribute('open')).toBeNull();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a form validates beside its fields, then raises a toast; Alt+T expands the toaster and Escape collapses it', async () => {
    const { page, problems } = await b.open();
    await page.goto(b.url('/contact'));
    await hydrateAll(page);
    await page.click('#contact-form button[type="submit"]');
    await expect.poll(() => page.locator('#contact-form .field-error:not([hidden])').count()).toBe(5);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-form-firstName');
    // A fixed field loses its message while the visitor types, not only once they leave it.
    await page.locator('#contact-form-firstName').pressSequentially('Ada');
    await expect.poll(() => page.getAttribute('#contact-form-firstName', 'aria-invalid')).toBeNull();
    expect(await page.locator('#contact-form .field-error:not([hidden])').count()).toBe(4);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-form-firstName');
    await page.fill('#contact-form-firstName', 'Ada');
    await page.fill('#contact-form-lastName', 'Okafor');
    await page.fill('#contact-form-email', 'ada@bank.example');
    await page.fill('#contact-form-message', 'We would like a penetration test.');
    await page.check('#contact-form-privacy');
    await page.click('#contact-form button[type="submit"]');
    const toast = page.locator('[data-sonner-toast]');
    await expect.poll(() => toast.first().textContent()).toContain('Your email is ready');
    // Styled by sonner's stylesheet, which the toaster linked as it started (the CSP allows no injected <style>).
    expect(await page.locator('head link[rel="stylesheet"][href*="/assets/toaster-"]').count()).toBe(1);
    expect(await page.locator('[data-sonner-toaster]').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await page.getByRole('button', { name: 'Open email' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Close toast' }).count()).toBe(1);
    expect(await page.locator('section[aria-label^="Notifications"]').count()).toBe(1);
    await page.keyboard.press('Alt+KeyT');
    await expect.poll(() => toast.first().getAttribute('data-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => toast.first().getAttribute('data-expanded')).toBe('false');
    expect(await page.inputValue('#contact-form-message')).toBe('We would like a penetration test.');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the not-found page logs the attempted path', async () => {
    const { page } = await b.open();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    const response = await page.goto(b.url('/press'));
    expect(response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Oops! Page not found');
    await expect.poll(() => messages.join('\n')).toContain('/press');
    await page.context().close();
  });
});

describe.skipIf(!available)('every route', () => {
  // Every route loaded in turn: more than the default minute on a busy 2-core machine, and well under a CI run. (Every
  // route hydrated, with no console error, failed request or CSP violation, is checked by route-suite.ts.)
  const EVERY_ROUTE_TIMEOUT = 150_000;

  it(
    'shows every page complete with JavaScript disabled',
    async () => {
      const { page } = await b.open({ javaScriptEnabled: false });
      for (const route of b.site.routes) {
        await page.goto(b.url(route));
        expect(await page.locator('h1').isVisible(), route).toBe(true);
        // Every heading and paragraph the server wrote is rendered and visible; nothing waits for a script.
        const hidden = await page.locator('main :is(h2, h3, p, li):visible').count();
        const all = await page.locator('main :is(h2, h3, p, li)').count();
        expect(all, route).toBeGreaterThan(5);
        const invisible = await page.locator('main :is(h2, h3, p, li):not(:visible)').allTextContents();
        // Only the carousel's later slides wait for their dot (a link that shows them); the counter and empty
        // field-error holders have nothing to say without a script.
        const allowed = await page
          .locator('main :is(.hero-slide:not(.is-active) *, .field-error, .hero-counter)')
          .allTextContents();
        expect(
          invisible.filter((t) => !allowed.includes(t)),
          route,
        ).toEqual([]);
        expect(hidden, route).toBeGreaterThan(0);
        // Every call to action a visitor can see goes somewhere: a link with a destination, or a form's submit button.
        const nowhere = await page
          .locator('.btn:visible')
          .evaluateAll((buttons) =>
            buttons
              .filter((el) =>
                el instanceof HTMLAnchorElement
                  ? !/^(\/|#[A-Za-z]|https:|mailto:[^?]|tel:\+?\d)/.test(el.getAttribute('href') ?? '')
                  : !(el instanceof HTMLButtonElement && el.type === 'submit' && el.form),
              )
              .map((el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim()}" ${el.getAttribute('href') ?? ''}`),
          );
        expect(nowhere, `${route}: calls to action that go nowhere`).toEqual([]);
      }
      // The carousel's controls that need its script are not offered without one.
      await page.goto(b.url('/'));
      expect(await page.locator('.hero-arrow, .hero-pause, .hero-counter').count()).toBe(4);
      expect(await page.locator('.hero-arrow:visible, .hero-pause:visible, .hero-counter:visible').count()).toBe(0);
      await page.context().close();
    },
    EVERY_ROUTE_TIMEOUT,
  );

  it('without JavaScript, a contact form opens the mail app with an email that reads as a letter', async () => {
    const { page } = await b.open({ javaScriptEnabled: false });
    /** Fills a form as a visitor would, sends it, and reads the mailto: the browser hands the mail app. */
    const send = async (route: string, form: string, fill: Record<string, string>, check: string[]) => {
      await page.goto(b.url(route));
      for (const [field, value] of Object.entries(fill)) {
        const control = page.locator(`#${form}-${field}`);
        if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
        else await control.fill(value);
      }
      for (const box of check) await page.check(`#${form}-${box}`);
      const [request] = await Promise.all([
        page.waitForEvent('request', { predicate: (r) => r.url().startsWith('mailto:'), timeout: STATE_TIMEOUT }),
        page.click(`#${form} button[type="submit"]`),
      ]);
      const url = new URL(request.url());
      const param = (name: string) => {
        const raw = url.search
          .slice(1)
          .split('&')
          .find((p) => p.startsWith(`${name}=`));
        return raw === undefined ? null : decodeURIComponent(raw.slice(name.length + 1));
      };
      return {
        to: url.pathname,
        subject: param('subject'),
        lines: param('body')!.replace(/\r\n/g, '\n').trimEnd().split('\n'),
      };
    };

    expect(
      await send(
        '/contact',
        'contact-form',
        {
          firstName: 'Ada',
          lastName: 'Okafor',
          email: 'ada@bank.example',
          company: 'Bank of Lagos',
          service: 'Compliance Audit',
          message: 'We would like a penetration test.\nThree branches, one data centre.',
        },
        ['privacy'],
      ),
    ).toEqual({
      to: 'support@example.com',
      subject: 'Website enquiry',
      lines: [
        'First Name=Ada',
        'Last Name=Okafor',
        'Email Address=ada@bank.example',
        'Phone Number=',
        'Company=Bank of Lagos',
        'Service of Interest=Compliance Audit',
        'Message=We would like a penetration test.',
        'Three branches, one data centre.',
        'Agreed to the Privacy Policy=yes',
      ],
    });
    expect(
      await send(
        '/',
        'home-contact',
        { firstName: 'Ada', email: 'ada@bank.example', message: 'A pen test, please.' },
        [],
      ),
    ).toEqual({
      to: 'support@example.com',
      subject: 'Free security assessment request',
      lines: [
        'First Name=Ada',
        'Last Name=',
        'Email Address=ada@bank.example',
        'Company=',
        'Phone Number=',
        'How can we help you=A pen test, please.',
      ],
    });
    // What the visitor is told before they press the button.
    expect(await page.locator('#home-contact .form-note').first().textContent()).toMatch(/in your own email app/);
    await page.context().close();
  });

  it('offers the carousel controls once its script has taken over (until then they would ignore a tap)', async () => {
    const { page } = await b.open();
    await page.goto(b.url('/'));
    await page.locator('.hero.is-live').waitFor();
    expect(await page.locator('.hero-arrow:visible, .hero-pause:visible, .hero-counter:visible').count()).toBe(4);
    await page.context().close();
  });
});
