/**
 * Accessibility in Chromium: axe-core (WCAG 2.0/2.1/2.2 A and AA, ./axe.ts) with a dropdown open, the mobile menu
 * open and a toast shown; keyboard reachability of every header and footer link with visible focus never hidden under
 * the fixed header. axe on every route at 390 and 1440 px, hydrated, with no console error, failed request or CSP
 * violation, is route-suite.ts's (one load of each route serves it and the other checks of a whole route).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { hydrateAll, startBrowserSite, STATE_TIMEOUT, type BrowserSite } from '../support/browser-site';
import { axe } from './axe';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });

let b: BrowserSite;
beforeAll(async () => {
  if (!available) return;
  b = await startBrowserSite();
});
afterAll(() => b?.close());

describe.skipIf(!available)('axe-core', () => {
  it('finds none with a desktop dropdown open', async () => {
    const { page } = await b.open();
    await page.goto(b.url('/'));
    await page.getByRole('button', { name: 'Identity & Access' }).hover();
    await expect.poll(() => page.locator('#nav-panel-2').isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });

  it('finds none with the mobile menu open', async () => {
    const { page } = await b.open({ viewport: { width: 390, height: 844 } });
    await page.goto(b.url('/cyber-security'));
    await page.click('summary.nav-toggle');
    await page.locator('details.accordion summary', { hasText: 'Development' }).click();
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });

  it('finds none with a toast shown', async () => {
    // Reduced motion: the hero carousel holds still, so axe never measures a slide mid-change (it was flaky).
    const { page } = await b.open({ reducedMotion: 'reduce' });
    await page.goto(b.url('/'));
    await hydrateAll(page);
    await page.fill('#home-contact-firstName', 'Ada');
    await page.fill('#home-contact-email', 'ada@bank.example');
    await page.click('#home-contact button[type="submit"]');
    await page.locator('[data-sonner-toast]').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.context().close();
  });
});

describe.skipIf(!available)('keyboard', () => {
  it('reaches every header and footer link with Tab, in order, with visible focus never under the fixed header', async () => {
    // Reduced motion turns smooth scrolling off, so each focused element is measured where it comes to rest.
    const { page } = await b.open({ reducedMotion: 'reduce' });
    await page.goto(b.url('/about'));
    // Hydrate the header first, so its dropdowns behave as for any visitor who moved the mouse.
    await page.hover('.site-header .brand');
    await expect.poll(() => page.locator('.nav-desktop[data-enhanced]').count()).toBe(1);
    await page.mouse.move(700, 600);

    const expected = await page.evaluate(() => {
      const hrefs = (selector: string) =>
        [...document.querySelectorAll<HTMLAnchorElement>(selector)].map((a) => a.getAttribute('href')!);
      return {
        header: [...hrefs('.site-header .brand'), ...hrefs('.nav-desktop a'), ...hrefs('.header-cta')],
        footer: hrefs('.site-footer a'),
      };
    });
    const visited: string[] = [];
    let footerLinks = 0;
    const problems: string[] = [];
    for (let i = 0; i < 400; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        const atCentre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return {
          href: el.getAttribute('href'),
          trigger: el.matches('.nav-trigger') ? el.getAttribute('aria-expanded') : null,
          visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          // Covered (by the fixed header or anything else) when the element is not what sits at its centre.
          hidden: !(atCentre && (atCentre === el || el.contains(atCentre))),
          inFooter: Boolean(el.closest('.site-footer')),
          text: el.textContent?.trim().slice(0, 40),
        };
      });
      if (!focus) break;
      if (!focus.visible) problems.push(`focus not visible on ${focus.text}`);
      if (focus.hidden) problems.push(`focus hidden under the header: ${focus.text}`);
      if (focus.trigger === 'false') {
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded')))
          .toBe('true');
      }
      if (focus.href) visited.push(focus.href);
      if (focus.inFooter && focus.href && ++footerLinks >= expected.footer.length) break;
    }
    const inOrder = (list: string[]) => visited.filter((h) => list.includes(h));
    expect(problems, visited.join(' ')).toEqual([]);
    expect(inOrder(expected.header).slice(0, expected.header.length), visited.join(' ')).toEqual(expected.header);
    expect(visited.slice(-expected.footer.length)).toEqual(expected.footer);
    await page.context().close();
  });

  it('opens the mobile menu and its groups from the keyboard', async () => {
    const { page } = await b.open({ viewport: { width: 390, height: 844 } });
    await page.goto(b.url('/about'));
    await page.focus('summary.nav-toggle');
    await expect.poll(() => page.locator('.nav-desktop[data-enhanced]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('details.nav-mobile').getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        page.evaluate(
          () => document.activeElement?.closest('details.accordion')?.querySelector('summary')?.textContent,
        ),
      )
      .toBe('Core Security');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('details.accordion')?.hasAttribute('open')))
      .toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('View All Core Security');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('details.nav-mobile').getAttribute('open')).toBeNull();
    await page.context().close();
  });
});
