/** Size budgets on the built site: a page over budget fails, naming the page and the assets. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_NAMES, BUDGETS, checkBudget, overBudget } from '../../scripts/lib/budgets';
import { createWeigher, HERO_DIR, type PageWeight, type Weight } from '../../scripts/lib/page-weight';
import { builtRealSite, fileOf, type BuiltSite } from '../support/built-site';

let site: BuiltSite;
let weights: Map<string, PageWeight>;
beforeAll(async () => {
  site = await builtRealSite();
  const weigh = createWeigher(site.outDir);
  weights = new Map();
  for (const route of [...site.routes, '/404']) weights.set(route, await weigh(fileOf(route)));
});

describe('budgets', () => {
  for (const name of BUDGET_NAMES) {
    const { label, limit, counted } = BUDGETS[name];
    it(`${label}: every page within ${limit / 1024} kB (${counted})`, () => {
      const problems = [...weights].flatMap(([route, w]) => checkBudget(name, fileOf(route), w) ?? []);
      expect(problems).toEqual([]);
    });
  }

  it('weighs what every page really ships: its HTML, CSS, the island loader, the islands, the font', () => {
    for (const [route, w] of weights) {
      expect(w.html.files, route).toEqual([fileOf(route)]);
      // The site's stylesheet, and sonner's: the toaster, on every page, links it when it starts.
      expect(w.css.files, route).toEqual([
        expect.stringMatching(/^assets\/site-.*\.css$/),
        expect.stringMatching(/^assets\/toaster-.*\.css$/),
      ]);
      expect(
        w.jsUpFront.files.some((f) => /loader-/.test(f)),
        route,
      ).toBe(true);
      // React, sonner and radix wait for an island: far more than the loader.
      expect(w.jsTotal.bytes, route).toBeGreaterThan(w.jsUpFront.bytes * 10);
      // The preloaded variable font is the one the stylesheet uses.
      expect(w.fonts.files, route).toEqual([expect.stringMatching(/^assets\/inter-.*\.woff2$/)]);
      for (const weight of Object.values(w) as Weight[])
        expect(
          weight.files.every((f) => weight.sizes[f]! > 0),
          route,
        ).toBe(true);
    }
  });

  it(`counts every image of the home page's carousel as a hero image, shown yet or not (they live in ${HERO_DIR})`, async () => {
    const carousel = (await site.doc('/')).querySelector('[data-island="carousel"] > script[type="application/json"]')!;
    const heroImages = JSON.parse(carousel.textContent!).slides.map((slide: { image: string }) => slide.image.slice(1));
    expect(heroImages.length).toBe(6);
    expect(weights.get('/')!.heroImages.files).toEqual([...heroImages].sort());
    expect(weights.get('/about')!.heroImages.files).toEqual([]);
  });
});

describe('overBudget', () => {
  const weight = (sizes: Record<string, number>): Weight => ({
    files: Object.keys(sizes).sort(),
    sizes,
    bytes: Object.values(sizes).reduce((a, b) => a + b, 0),
  });
  const light: PageWeight = {
    html: weight({ 'about.html': 8000 }),
    css: weight({ 'assets/site-A.css': 7000 }),
    jsUpFront: weight({ 'assets/loader-X.js': 1000 }),
    jsTotal: weight({ 'assets/loader-X.js': 1000, 'assets/chunk-R.js': 40_000 }),
    fonts: weight({ 'assets/inter-F.woff2': 48_000 }),
    heroImages: weight({}),
  };

  it('passes a page within every budget, up to the limit itself', () => {
    expect(overBudget('about.html', light)).toEqual([]);
    const atLimits = Object.fromEntries(
      BUDGET_NAMES.map((name) => [name, weight({ [`assets/${name}.bin`]: BUDGETS[name].limit })]),
    ) as unknown as PageWeight;
    expect(overBudget('about.html', atLimits)).toEqual([]);
  });

  it('names the page, the budget and the assets (largest first) when a page is over', () => {
    const heavy = { ...light, jsUpFront: weight({ 'assets/loader-X.js': 5000, 'assets/chunk-Y.js': 4000 }) };
    expect(overBudget('about.html', heavy)).toEqual([
      'about.html: JavaScript before interaction 9000 B > 3072 B gzip (assets/loader-X.js 5000 B, assets/chunk-Y.js 4000 B)',
    ]);
  });

  it('flags each budget one byte over, with the page and the asset', () => {
    for (const name of BUDGET_NAMES) {
      const file = `assets/${name}-over.bin`;
      const over = { ...light, [name]: weight({ [file]: BUDGETS[name].limit + 1 }) };
      const problems = overBudget('index.html', over);
      expect(problems, name).toHaveLength(1);
      expect(problems[0], name).toMatch(new RegExp(`^index\\.html: ${BUDGETS[name].label} `));
      expect(problems[0], name).toContain(file);
    }
  });
});

describe('createWeigher', () => {
  it('finds preloaded fonts, fonts in the CSS, hero images (in the markup and in island props) and JavaScript imported statically and lazily', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'site-weigh-'));
    const files: Record<string, string> = {
      'page.html': `<!doctype html><html><head>
        <link rel="stylesheet" href="/assets/site.css"/>
        <link rel="preload" href="/assets/a.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>
        <link rel="preload" as="image" href="/images/hero/one.svg"/>
        <script type="module" src="/assets/loader.js"></script></head><body>
        <div data-island="x" data-src="/assets/island.js"><script type="application/json">{"slides":[{"image":"/images/hero/four.svg","link":"/contact"}],"n":4}</script></div>
        <img src="/images/hero/one.svg" alt=""/><img src="/images/hero/two.svg" alt=""/><img src="/logo.svg" alt=""/>
        <picture><source srcset="/images/hero/three.avif 1x, /images/hero/three@2x.avif 2x"/></picture></body></html>`,
      'assets/site.css':
        '@font-face{src:url("./a.woff2") format("woff2")}@font-face{src:url(b.woff)}body{background:url(/images/bg.png)}',
      'assets/a.woff2': 'A'.repeat(100),
      'assets/b.woff': 'B'.repeat(50),
      'assets/loader.js': 'import"./chunk-1.js";console.log(1)',
      'assets/chunk-1.js': 'export const one=1',
      'assets/island.js': 'import{one}from"./chunk-1.js";import("./lazy.js")',
      'assets/lazy.js': 'export default 2',
      'images/hero/one.svg': '<svg/>'.repeat(10),
      'images/hero/two.svg': '<svg/>',
      'images/hero/three.avif': 'x'.repeat(30),
      'images/hero/three@2x.avif': 'x'.repeat(60),
      'images/hero/four.svg': '<svg/>'.repeat(2),
      'images/bg.png': 'p',
      'logo.svg': '<svg/>',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
      await writeFile(path.join(dist, file), text);
    }
    const w = await createWeigher(dist)('page.html');
    expect(w.css.files).toEqual(['assets/site.css']);
    expect(w.jsUpFront.files).toEqual(['assets/chunk-1.js', 'assets/loader.js']);
    expect(w.jsTotal.files).toEqual(['assets/chunk-1.js', 'assets/island.js', 'assets/lazy.js', 'assets/loader.js']);
    expect(w.fonts).toEqual({
      files: ['assets/a.woff2', 'assets/b.woff'],
      sizes: { 'assets/a.woff2': 100, 'assets/b.woff': 50 },
      bytes: 150,
    });
    expect(w.heroImages.files).toEqual([
      'images/hero/four.svg',
      'images/hero/one.svg',
      'images/hero/three.avif',
      'images/hero/three@2x.avif',
      'images/hero/two.svg',
    ]);
    expect(w.heroImages.bytes).toBe(12 + 60 + 6 + 30 + 60);
  });
});
