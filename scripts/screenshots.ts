/**
 * Screenshots of every route at each width, and one contact sheet per width
 * (every route side by side), for people to look at.
 * Usage: npm run screenshots [-- --dir dist --out screenshots --only /,/about --widths 320,768 --fold --no-js --no-sheets]
 * (--fold: the first screen only, not the full page)
 * Builds nothing: run `npm run build` first. Writes PNGs to a folder git ignores,
 * named after the route and width (home-390.png, about-1440.png), plus
 * home-menu-390.png (the small-screen menu open, as a visitor first sees it)
 * and sheet-390.png (every route at 390 px, in sitemap order, captioned).
 * The sheets are composed in Chromium itself, so no image library is needed.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { serve } from '../generator/dev/serve';
import { chromiumAvailable, launchChromium } from '../tests/support/chromium';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    out: { type: 'string', default: 'screenshots' },
    only: { type: 'string' },
    widths: { type: 'string', default: '320,390,768,1024,1440' },
    'no-js': { type: 'boolean', default: false },
    'no-sheets': { type: 'boolean', default: false },
    fold: { type: 'boolean', default: false },
  },
});
if (!chromiumAvailable()) process.exit(1);

const widths = values.widths!.split(',').map((w) => Number(w.trim()));
if (widths.some((w) => !Number.isInteger(w) || w < 200 || w > 4000)) {
  console.error(
    `--widths: expected whole pixel widths between 200 and 4000, separated by commas (got "${values.widths}")`,
  );
  process.exit(2);
}

const sitemap = await readFile(path.join(values.dir!, 'sitemap.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
routes.push('/404-example');
const wanted = values.only ? routes.filter((r) => values.only!.split(',').includes(r)) : routes;

/** One route's picture at one width, kept for the sheet. */
interface Shot {
  route: string;
  png: Buffer;
}

/** Column width of a sheet, in CSS pixels: wide enough to read a heading, narrow enough for a screen of routes. */
const SHEET_COLUMN = 260;
/** Routes per row of a sheet. */
const SHEET_ROW = 8;

function fileName(route: string): string {
  return route === '/' ? 'home' : route.slice(1).replace(/\//g, '_');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Lays the shots out in a plain page (no network, no script) and screenshots it whole. */
async function contactSheet(browser: Browser, width: number, shots: Shot[]): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width: SHEET_ROW * (SHEET_COLUMN + 16) + 16, height: 800 },
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    const figures = shots
      .map(
        ({ route, png }) =>
          `<figure><figcaption>${escapeHtml(route)}</figcaption><img alt="" width="${SHEET_COLUMN}" src="data:image/png;base64,${png.toString('base64')}"></figure>`,
      )
      .join('');
    await page.setContent(
      `<!doctype html><html><head><style>
        body { margin: 0; padding: 16px; background: #8a8f98; font: 600 14px system-ui, sans-serif; }
        h1 { margin: 0 0 12px; font-size: 18px; color: #fff; }
        main { display: grid; grid-template-columns: repeat(${SHEET_ROW}, ${SHEET_COLUMN}px); gap: 16px; align-items: start; }
        figure { margin: 0; background: #fff; }
        figcaption { padding: 4px 6px; background: #111; color: #fff; }
        img { display: block; height: auto; }
      </style></head><body><h1>${width} px: ${shots.length} routes</h1><main>${figures}</main></body></html>`,
      // Every picture decoded is the state waited for, however long a busy machine takes over dozens of them.
      { waitUntil: 'load', timeout: 0 },
    );
    return await page.screenshot({ fullPage: true, timeout: 0 });
  } finally {
    await context.close();
  }
}

await mkdir(values.out!, { recursive: true });
const server = await serve({ dir: values.dir!, port: 0 });
const chrome = await launchChromium();
try {
  for (const width of widths) {
    const context = await chrome.browser.newContext({
      viewport: { width, height: width < 800 ? 844 : 900 },
      javaScriptEnabled: !values['no-js'],
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const shots: Shot[] = [];
    for (const route of wanted) {
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const name = `${fileName(route)}-${width}.png`;
      const png = await page.screenshot({ path: path.join(values.out!, name), fullPage: !values.fold });
      shots.push({ route, png });
      console.log(`${values.out}/${name}`);
    }
    if (width < 1080 && wanted.includes('/') && !values['no-js']) {
      // The menu the header offers below the desktop breakpoint, opened: the screen as it shows, no scrolling.
      await page.goto(server.url + '/', { waitUntil: 'networkidle' });
      const toggle = page.locator('summary.nav-toggle');
      if (await toggle.isVisible()) {
        await toggle.click();
        await page.locator('details.nav-mobile[open] .nav-mobile-panel').waitFor();
        const name = `home-menu-${width}.png`;
        await page.screenshot({ path: path.join(values.out!, name) });
        console.log(`${values.out}/${name}`);
      }
    }
    await context.close();
    if (!values['no-sheets'] && shots.length > 0) {
      const name = `sheet-${width}.png`;
      await writeFile(path.join(values.out!, name), await contactSheet(chrome.browser, width, shots));
      console.log(`${values.out}/${name}`);
    }
  }
} finally {
  await chrome.close();
  await server.close();
}
