/**
 * The specification (section 1): every call-to-action button has no action attached, except buttons and links that
 * navigate to a route it lists. So a call to action on any page goes to a route of the site (or a part of one), never
 * to a mail app, a phone call or another site; the site's contact details (an email or phone link) are not calls to
 * action and may.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, text, type BuiltSite } from '../support/built-site';

const CALLS_TO_ACTION =
  /^(Request Demo|Request Assessment|Apply Now|Learn More|Schedule Consultation|Get Free Assessment|Report Security Incident|Enrol Now|Get Started)\b/;

let site: BuiltSite;
beforeAll(async () => {
  site = await builtRealSite();
}, 120_000);

describe('calls to action', () => {
  it('navigate to a route of the site, on every page', async () => {
    const found: string[] = [];
    const elsewhere: string[] = [];
    for (const route of site.routes) {
      for (const link of (await site.doc(route)).querySelectorAll('a')) {
        const label = text(link);
        if (!CALLS_TO_ACTION.test(label)) continue;
        const href = link.getAttribute('href') ?? '';
        found.push(`${route}: ${label}`);
        if (!/^(\/(?!\/)|#)/.test(href)) elsewhere.push(`${route}: ${label} → ${href}`);
      }
    }
    expect(found.length).toBeGreaterThan(20);
    expect(elsewhere).toEqual([]);
  });
});
