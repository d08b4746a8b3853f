/**
 * The contrast measure reads a photograph only against the text boxes it was taken with: it waits for the page to
 * settle (animations finished, images decoded) and photographs again when the page moved in between, so a page still
 * arriving never reads as low contrast, and one that never stops moving is named as such.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromium } from '../support/chromium';
import { lowContrastControls } from './contrast';
import { Stalled } from './stall';

const available = chromiumAvailable();
let chrome: Awaited<ReturnType<typeof launchChromium>>;
beforeAll(async () => {
  if (available) chrome = await launchChromium();
});
afterAll(() => chrome?.close());

/** White link text on a navy band; `band` styles the band (its movement), `script` runs in the page. */
const pageWith = (band: string, script = '') => `<!doctype html><html><head><style>
  body { margin: 0; background: #fff; font: 16px sans-serif; }
  .band { background: #0b1630; padding: 40px; ${band} }
  .band a { color: #fff; }
  @keyframes arrive { from { background: #fff; } to { background: #0b1630; } }
</style></head><body><div class="band"><a href="#x">Request Assessment</a></div><div style="height:1200px"></div>
<script>${script}</script></body></html>`;

describe.skipIf(!available)('the contrast measure', () => {
  it('waits for an animation to finish before it photographs (white text on a band fading in from white)', async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.setContent(pageWith('animation: arrive 2s linear both;'));
    const cdp = await page.context().newCDPSession(page);
    expect(await lowContrastControls(page, cdp)).toEqual([]);
    await page.context().close();
  });

  it('names a page that keeps moving, rather than reading its photograph against boxes that have moved', async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 800, height: 600 } });
    // Moved by a script every frame: no animation to wait for, the layout never the same twice.
    await page.setContent(
      pageWith(
        'position: relative;',
        `let y = 0; const band = document.querySelector('.band');
         const move = () => { y = (y + 7) % 400; band.style.top = y + 'px'; requestAnimationFrame(move); };
         requestAnimationFrame(move);`,
      ),
    );
    const cdp = await page.context().newCDPSession(page);
    expect(await lowContrastControls(page, cdp)).toEqual([
      'the page kept moving while it was photographed (5 times): its text boxes cannot be read',
    ]);
    await page.context().close();
  });

  it('names what a page that never settles is still waiting for, instead of waiting without end', async () => {
    const page = await chrome.browser.newPage({ viewport: { width: 800, height: 600 } });
    // An animation with an end, a long way off: the wait for it is given up and named.
    await page.setContent(pageWith('animation: arrive 1000s linear both;'));
    const cdp = await page.context().newCDPSession(page);
    await expect(lowContrastControls(page, cdp, 'body', 'page', 1_000)).rejects.toThrow(
      new Stalled('the page did not settle within 1 s, still waiting for an animation on div.band'),
    );
    await page.context().close();
  });
});
