/**
 * Text contrast of links and buttons as a visitor sees it: at least 4.5:1
 * (WCAG 1.4.3; applied to large text too) against the pixels actually behind
 * the text, so gradients, translucent layers and images count. axe cannot
 * judge text on a gradient or an image and leaves it out; this does not.
 *
 * Method, for a page as it is:
 * 1. Every visible link, button and summary (aria-hidden and inert subtrees
 *    and invisible elements aside) is split into its text nodes; each gives the
 *    boxes of its lines (Range.getClientRects) and its computed colour, with the
 *    opacity of its ancestors folded into the colour's alpha.
 * 2. A stylesheet adopted into the document (through the CSS object model:
 *    the page's CSP forbids <style> elements) makes all text transparent:
 *    colour, fill colour, shadows and decorations. Nothing moves. The page (or
 *    the screen, or the area around the controls) is then photographed as a
 *    PNG: the background each glyph is drawn on, and nothing else.
 *    The page is photographed settled (fonts loaded, every image decoded, no
 *    animation running), and the text boxes are measured again once the
 *    photograph is taken, before the text comes back: a page that moved in
 *    between is measured and photographed again, so a photograph is only
 *    read against the boxes it was taken with, however busy the machine.
 * 3. The PNG (taken below CSS size: see SCALES) is decoded in Node (./png.ts)
 *    and, for every pixel of every line box, the text colour is composited
 *    over that pixel and the WCAG contrast ratio computed. A text passes when
 *    98% of its background pixels give 4.5:1 or more: a gradient or image too
 *    light under any real part of the text fails, a hairline (a border
 *    crossing the line box) does not.
 */
import type { CDPSession, Page } from 'playwright-core';
import { decodePng, type Pixels } from './png';
import { STALL_LIMIT, Stalled, within } from './stall';

export const MIN_RATIO = 4.5;
/** Share of a text's background pixels that must reach MIN_RATIO. */
const COVERAGE = 0.98;
/**
 * Photographs are taken below the CSS size, as backgrounds are smooth (gradients, translucent layers) and a
 * photograph's cost grows with its pixels, which matters for 31 routes at five widths on a busy machine: whole pages
 * at a quarter, screens and single areas (the menus, the hero and its images) at half their size. Each text line still
 * gets a few rows of pixels, and the hero art, the one detailed background, is looked at more closely.
 */
const SCALES: Record<Area, number> = { page: 0.25, screen: 0.5, scope: 0.5 };

interface TextRun {
  /** The control and, when it has several, which of its texts: for the failure message. */
  label: string;
  /** [r, g, b, a], a in 0–1 with the ancestors' opacity folded in. */
  color: [number, number, number, number];
  /** Line boxes in document pixels. */
  boxes: { x: number; y: number; w: number; h: number }[];
}

/** Makes every glyph transparent without moving anything, so a screenshot shows only what is behind the text. */
const HIDE_TEXT = `*, *::before, *::after {
  color: transparent !important;
  -webkit-text-fill-color: transparent !important;
  text-shadow: none !important;
  text-decoration-color: transparent !important;
  caret-color: transparent !important;
}`;

/** What to photograph: the whole page, the screen (the page being at its top), or the box around `scope`. */
export type Area = 'page' | 'screen' | 'scope';

interface Clip {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How many times a page that moved while photographed is photographed again before that counts as a failure. */
const ATTEMPTS = 5;

/** How long a page may take to settle before what it still waits for is named as a stall. */
const SETTLE_LIMIT = 30_000;

/**
 * Waits until nothing on the page is still changing by itself: fonts loaded, every image (lazy ones too: the
 * photograph of a whole page shows them) decoded, every finite animation or transition finished, and a frame painted.
 * A page that has not settled within `limit` ms is a `Stalled` naming what it still waits for.
 */
async function settled(page: Page, limit: number): Promise<void> {
  const pending = await within(
    page.evaluate(async (limit) => {
      const waiting = new Set<string>();
      const track = (what: string, promise: Promise<unknown>) => {
        waiting.add(what);
        return promise.catch(() => undefined).finally(() => waiting.delete(what));
      };
      const nameOf = (el: Element | null | undefined) =>
        el ? `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}` : 'nothing';
      const work = (async () => {
        await track('the fonts', document.fonts.ready);
        for (const img of document.images) if (img.loading === 'lazy') img.loading = 'eager';
        await Promise.all(
          [...document.images].map((img) => track(`the image ${img.currentSrc || img.src}`, img.decode())),
        );
        await Promise.all(
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
            .map((a) => track(`an animation on ${nameOf((a.effect as KeyframeEffect | null)?.target)}`, a.finished)),
        );
        await track(
          'a painted frame',
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      })();
      const timedOut = await Promise.race([
        work.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), limit)),
      ]);
      return timedOut ? [...waiting] : [];
    }, limit),
    'waiting for the page to settle',
    limit + STALL_LIMIT,
  );
  if (pending.length > 0)
    throw new Stalled(`the page did not settle within ${limit / 1000} s, still waiting for ${pending.join(', ')}`);
}

/**
 * Steps 1 and 2, in the page (one round trip, which counts on a busy machine): the page scrolled to its top, the text
 * runs of every visible link and button inside `scope`, then (with `hide`) all text hidden, and the area to photograph
 * measured. Without `hide` it measures the page as it is, to compare with what was measured before the photograph.
 */
function prepare(page: Page, scope: string, area: Area, hide: boolean): Promise<{ runs: TextRun[]; clip: Clip }> {
  return within(prepareIn(page, scope, area, hide), 'measuring the text on the page');
}

/** `prepare`'s work, in the page. */
function prepareIn(page: Page, scope: string, area: Area, hide: boolean): Promise<{ runs: TextRun[]; clip: Clip }> {
  return page.evaluate(
    ({ scope, area, css, hide }) => {
      window.scrollTo(0, 0);
      const parse = (value: string): [number, number, number, number] => {
        const parts = (value.match(/rgba?\(([^)]+)\)/)?.[1] ?? '0 0 0')
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
      };
      const opacityOf = (el: Element) => {
        let opacity = 1;
        for (let a: Element | null = el; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
        return opacity;
      };
      const size = { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight };
      const runs: TextRun[] = [];
      const range = document.createRange();
      const roots = [...document.querySelectorAll(scope)];
      for (const root of roots) {
        for (const control of root.querySelectorAll<HTMLElement>(
          'a[href], button, summary, [role="button"], input[type="submit"], input[type="button"]',
        )) {
          if (control.closest('[aria-hidden="true"], [inert]')) continue;
          if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          const name =
            (control.textContent ?? '').replace(/\s+/g, ' ').trim() ||
            control.getAttribute('aria-label') ||
            control.tagName;
          const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement!;
            if (
              !node.textContent?.trim() ||
              !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })
            )
              continue;
            // Screen-reader-only text sits in a 1 px box.
            const box = parent.getBoundingClientRect();
            if (box.width <= 1 || box.height <= 1) continue;
            range.selectNodeContents(node);
            // Lines off the page (a skip link waiting above the top until it is focused) are not seen.
            const boxes = [...range.getClientRects()]
              .map((r) => ({
                x: Math.round(r.left + scrollX),
                y: Math.round(r.top + scrollY),
                w: Math.round(r.width),
                h: Math.round(r.height),
              }))
              .filter(
                (r) =>
                  r.w >= 1 && r.h >= 1 && r.x >= 0 && r.y >= 0 && r.x + r.w <= size.width && r.y + r.h <= size.height,
              );
            if (boxes.length === 0) continue;
            const style = getComputedStyle(parent);
            const [r, g, b, a] = parse(style.webkitTextFillColor || style.color);
            const words = node.textContent.replace(/\s+/g, ' ').trim();
            runs.push({
              label: words === name ? `"${name}"` : `"${name}" ("${words.slice(0, 30)}")`,
              color: [r, g, b, a * opacityOf(parent)],
              boxes,
            });
          }
        }
      }
      if (hide) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      const width = document.documentElement.clientWidth;
      let clip = { x: 0, y: 0, width, height: area === 'page' ? size.height : innerHeight };
      if (area === 'scope') {
        const rects = roots.map((el) => el.getBoundingClientRect());
        const top = Math.max(0, Math.floor(Math.min(...rects.map((r) => r.top))));
        const bottom = Math.ceil(Math.max(...rects.map((r) => r.bottom)));
        clip = { x: 0, y: top, width, height: Math.max(1, bottom - top) };
      }
      return { runs, clip };
    },
    { scope, area, css: HIDE_TEXT, hide },
  );
}

/** A photograph of the background behind all text, where it was taken from (document pixels), and at what scale. */
interface Shot {
  pixels: Pixels;
  x: number;
  y: number;
  scale: number;
}

/**
 * Step 2, the photograph, and what the page measures once it is taken (the text still hidden): then the text is shown
 * again.
 */
async function backgroundShot(
  page: Page,
  cdp: CDPSession,
  scope: string,
  area: Area,
  clip: Clip,
): Promise<{ shot: Shot; after: { runs: TextRun[]; clip: Clip } }> {
  try {
    const scale = SCALES[area];
    const { data } = await within(
      cdp.send('Page.captureScreenshot', {
        format: 'png',
        optimizeForSpeed: true,
        captureBeyondViewport: area !== 'screen',
        clip: { ...clip, scale },
      }),
      'photographing the page',
    );
    const after = await prepare(page, scope, area, false);
    return { shot: { pixels: decodePng(Buffer.from(data, 'base64')), x: clip.x, y: clip.y, scale }, after };
  } finally {
    await within(
      page.evaluate(() => {
        document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
      }),
      'showing the text again',
    );
  }
}

/** Where the text runs and the photographed area lay: equal before and after the photograph when nothing moved. */
const layoutOf = ({ runs, clip }: { runs: TextRun[]; clip: Clip }) =>
  JSON.stringify([clip, runs.map((r) => [r.label, r.boxes])]);

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** Step 3: the runs whose text falls short of MIN_RATIO against the pixels behind them. */
function lowContrast(shot: Shot, runs: TextRun[]): string[] {
  const { width, height, channels, data } = shot.pixels;
  const { scale } = shot;
  const failures: string[] = [];
  for (const run of runs) {
    const [fr, fg, fb, fa] = run.color;
    const ratios: number[] = [];
    let worst = { ratio: Infinity, rgb: '' };
    for (const box of run.boxes) {
      // The box in the photograph's pixels: at least one pixel each way.
      const [left, top] = [box.x - shot.x, box.y - shot.y];
      const [x0, y0] = [Math.floor(left * scale), Math.floor(top * scale)];
      const [x1, y1] = [
        Math.max(x0 + 1, Math.round((left + box.w) * scale)),
        Math.max(y0 + 1, Math.round((top + box.h) * scale)),
      ];
      for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) {
          const i = (y * width + x) * channels;
          const [br, bg, bb] = [data[i]!, data[i + 1]!, data[i + 2]!];
          const text = luminance(fa * fr + (1 - fa) * br, fa * fg + (1 - fa) * bg, fa * fb + (1 - fa) * bb);
          const back = luminance(br, bg, bb);
          const ratio = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
          ratios.push(ratio);
          if (ratio < worst.ratio) worst = { ratio, rgb: `rgb(${br} ${bg} ${bb})` };
        }
      }
    }
    if (ratios.length === 0) continue;
    ratios.sort((a, b) => a - b);
    const ratio = ratios[Math.floor(ratios.length * (1 - COVERAGE))]!;
    if (ratio < MIN_RATIO)
      failures.push(
        `${run.label}: ${ratio.toFixed(2)}:1 (text rgb(${fr} ${fg} ${fb}${fa < 1 ? ` / ${fa.toFixed(2)}` : ''}) against ${worst.rgb} at worst)`,
      );
  }
  return failures;
}

/**
 * The links and buttons inside `scope` whose text falls short of MIN_RATIO, on the page as it is now, scrolled to its
 * top, with the background photographed over `area`.
 */
export async function lowContrastControls(
  page: Page,
  cdp: CDPSession,
  scope = 'body',
  area: Area = 'page',
  settleLimit = SETTLE_LIMIT,
): Promise<string[]> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    await settled(page, settleLimit);
    const before = await prepare(page, scope, area, true);
    const { shot, after } = await backgroundShot(page, cdp, scope, area, before.clip);
    if (layoutOf(after) === layoutOf(before)) return lowContrast(shot, before.runs);
  }
  return [`the page kept moving while it was photographed (${ATTEMPTS} times): its text boxes cannot be read`];
}
