/**
 * The suite of routes-1.test.ts and routes-2.test.ts, each of which runs it for half the routes (two files, so the
 * runner's two workers share the sweep). Every route of the website (and the not-found page), loaded once on phones and tablets and once in a desktop
 * browser (./route-sweep.ts), with every check that looks at a whole route asserted on its own:
 * - no horizontal overflow at 320, 390, 768, 1024 and 1440 px (./overflow.ts), against the device width;
 * - every link and button's text at 4.5:1 or more against the pixels behind it, photographed at those widths
 *   (./contrast.ts);
 * - a layout that looks designed from 320 to 1440 px, at each edge of the stylesheet's breakpoints (./breakpoints.ts):
 *   no squeezed text or narrow column, no button label on two lines, no card grid ending with a hole, nothing past
 *   the screen's edges (./layout-quality.ts), and at the five screens no text covered by another element;
 * - no WCAG 2.0/2.1/2.2 A or AA violation axe finds, hydrated, at 390 and 1440 px;
 * - hydrated, no console error or warning, failed request, HTTP error or CSP violation.
 *
 * One test per route, each within a few minutes; every wait inside is for a state, under a limit that names what it
 * waited for (./stall.ts).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { builtRealSite } from '../support/built-site';
import { chromiumAvailable } from '../support/chromium';
import { startBrowserSite, type BrowserSite } from '../support/browser-site';
import { sweepWidths } from './breakpoints';
import { NOT_FOUND, RouteSweep } from './route-sweep';

/** Two tabs, each within its limit and retried once in a fresh tab when it stalls (./route-sweep.ts). */
const ROUTE_TIMEOUT = 200_000;

/** The suite for the `part`th of `parts` shares of the routes (every route whose index gives that remainder). */
export async function routeSuite(part: number, parts: number): Promise<void> {
  const available = chromiumAvailable();
  const all = available ? [...(await builtRealSite()).routes, NOT_FOUND] : [];
  const routes = all.filter((_, i) => i % parts === part);
  let b: BrowserSite;
  let sweep: RouteSweep;
  beforeAll(async () => {
    if (!available) return;
    b = await startBrowserSite();
    sweep = new RouteSweep(b, await sweepWidths(b.site.outDir, 320, 1440));
  });
  afterAll(async () => {
    await sweep?.close();
    await b?.close();
  });

  describe.skipIf(!available)('every route, loaded once per kind of screen', () => {
    it.for(routes)(
      '%s: no overflow, contrast at 4.5:1, a designed layout at every breakpoint, no axe violation, nothing reported',
      { timeout: ROUTE_TIMEOUT },
      async (route, { expect }) => {
        const found = await sweep.check(route);
        expect.soft(found.stalls, 'tabs that stalled twice').toEqual([]);
        expect.soft(found.overflow, 'horizontal overflow').toEqual([]);
        expect.soft(found.contrast, 'text contrast').toEqual([]);
        expect.soft(found.layout, 'layout at the breakpoints and covered text').toEqual([]);
        expect.soft(found.axe, 'axe').toEqual([]);
        expect(found.reported, 'console errors, failed requests and CSP violations').toEqual([]);
      },
    );
  });
}
