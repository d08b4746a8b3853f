/**
 * Instant navigation in Chromium: the Speculation-Rules header names the rule
 * set, the browser loads it without complaint (no CSP violation, no rule-set
 * error), prefetches a same-site page when its link is hovered, and answers
 * the click from that prefetch. What the rules leave out is read from the
 * browser's own list of candidates (DevTools protocol, Preload domain).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, STATE_TIMEOUT, type BrowserSite } from '../support/browser-site';

const available = chromiumAvailable();
vi.setConfig({ expect: { poll: { timeout: STATE_TIMEOUT } } });
let b: BrowserSite;
/** Paths the server was asked for as prefetches (Sec-Purpose: prefetch). */
const prefetched: string[] = [];
beforeAll(async () => {
  if (!available) return;
  b = await startBrowserSite();
  b.server.server.on('request', (req) => {
    if (/\bprefetch\b/.test(String(req.headers['sec-purpose'] ?? ''))) prefetched.push(req.url ?? '');
  });
});
afterAll(() => b?.close());

interface Speculation {
  page: Page;
  problems: string[];
  /** Rule sets the page loaded, with their errors. */
  ruleSets: { url?: string; errorType?: string; errorMessage?: string }[];
  /** The URLs the rules currently make candidates for a prefetch. */
  candidates: () => string[];
}

/** A page with the browser's speculation reports and CSP violations recorded. */
async function openWithSpeculation(): Promise<Speculation> {
  const { page, problems } = await b.open();
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: Speculation['ruleSets'] = [];
  let candidates: string[] = [];
  cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => ruleSets.push(ruleSet));
  cdp.on('Preload.preloadingAttemptSourcesUpdated', ({ preloadingAttemptSources }) => {
    candidates = preloadingAttemptSources.filter((s) => s.key.action === 'Prefetch').map((s) => s.key.url);
  });
  await cdp.send('Preload.enable');
  // Added by the DevTools protocol, so the page's CSP does not apply to this listener itself.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return { page, problems, ruleSets, candidates: () => candidates };
}

describe.skipIf(!available)('speculation rules in Chromium', () => {
  it('prefetch a same-site page when its link is hovered, and the click is answered from the prefetch, with no CSP violation', async () => {
    const { page, problems, ruleSets, candidates } = await openWithSpeculation();
    await page.goto(b.url('/about'));
    await expect.poll(() => ruleSets.length).toBe(1);
    expect(ruleSets[0]).toMatchObject({ url: b.url('/speculation-rules.json') });
    expect(ruleSets[0]!.errorType).toBeUndefined();
    await expect.poll(candidates).toContain(b.url('/contact'));
    // "moderate": nothing is fetched ahead until a visitor shows intent.
    expect(prefetched).toEqual([]);

    const link = page.locator('.site-footer a[href="/contact"]').first();
    await link.hover();
    await expect.poll(() => prefetched).toContain('/contact');
    await link.click();
    await page.waitForURL(b.url('/contact'));
    expect(
      await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string })
            .deliveryType,
      ),
    ).toBe('navigational-prefetch');
    expect(await page.locator('h1').isVisible()).toBe(true);
    // No CSP violation, console error or failed request, on either page.
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('leave out other origins, queries, files, the not-found page, planned routes and links marked not to follow', async () => {
    const { page, problems, candidates } = await openWithSpeculation();
    await page.goto(b.url('/about'));
    await expect.poll(candidates).toContain(b.url('/contact'));
    const planned = b.site.result.config.plannedRoutes[0]!;
    const left = [
      'https://example.org/elsewhere',
      '/contact?ref=newsletter',
      '/images/hero/network.svg',
      '/404',
      planned,
    ];
    const marked = {
      '/marked-nofollow': 'rel=nofollow',
      '/marked-download': 'download',
      '/marked-opt-out': 'data-no-prefetch',
    };
    // Test-only links, added to this page alone; one eligible link shows when the browser has taken them in.
    await page.evaluate(
      ({ left, marked }) => {
        const list = document.createElement('ul');
        const add = (href: string, attribute?: string) => {
          const a = document.createElement('a');
          a.href = href;
          a.textContent = href;
          if (attribute) {
            const [name, value = ''] = attribute.split('=');
            a.setAttribute(name!, value);
          }
          const item = document.createElement('li');
          item.append(a);
          list.append(item);
        };
        for (const href of left) add(href);
        for (const [href, attribute] of Object.entries(marked)) add(href, attribute);
        add('/eligible-control');
        document.querySelector('main')!.prepend(list);
      },
      { left, marked },
    );
    await expect.poll(candidates).toContain(b.url('/eligible-control'));
    const offered = candidates();
    for (const href of [...left, ...Object.keys(marked)])
      expect(offered, href).not.toContain(new URL(href, b.url('/')).href);
    // Planned routes and the not-found page are on the page's own links too (the footer), and still left out.
    expect(offered.filter((url) => !url.startsWith(b.url('/')))).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
