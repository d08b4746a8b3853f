/**
 * Screenshots of every route at 390 px and 1440 px wide, for people to look at.
 * Usage: npm run screenshots [-- --dir dist --out screenshots --only /,/about --fold --no-js]
 * (--fold: the first screen only, not the full page)
 * Builds nothing: run `npm run build` first. Writes PNGs to a folder git ignores,
 * named after the route and width (home-390.png, about-1440.png), plus
 * home-menu-390.png: the small-screen menu open, as a visitor first sees it.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '../generator/dev/serve';
import { chromiumAvailable, launchChromium } from '../tests/support/chromium';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' }, out: { type: 'string', default: 'screenshots' }, only: { type: 'string' }, 'no-js': { type: 'boolean', default: false }, fold: { type: 'boolean', default: false } } });
if (!chromiumAvailable()) process.exit(1);

const sitemap = await readFile(path.join(values.dir!, 'sitemap.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
routes.push('/404-example');
const wanted = values.only ? routes.filter((r) => values.only!.split(',').includes(r)) : routes;

await mkdir(values.out!, { recursive: true });
const server = await serve({ dir: values.dir!, port: 0 });
const chrome = await launchChromium();
try {
  for (const width of [390, 1440]) {
    const context = await chrome.browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, javaScriptEnabled: !values['no-js'], reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const route of wanted) {
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}.png`;
      await page.screenshot({ path: path.join(values.out!, name), fullPage: !values.fold });
      console.log(`${values.out}/${name}`);
    }
    if (width < 1200 && wanted.includes('/')) {
      // The menu the header offers below the desktop breakpoint, opened: the screen as it shows, no scrolling.
      await page.goto(server.url + '/', { waitUntil: 'networkidle' });
      await page.click('summary.nav-toggle');
      await page.locator('details.nav-mobile[open] .nav-mobile-panel').waitFor();
      const name = `home-menu-${width}.png`;
      await page.screenshot({ path: path.join(values.out!, name) });
      console.log(`${values.out}/${name}`);
    }
    await context.close();
  }
} finally {
  await chrome.close();
  await server.close();
}
