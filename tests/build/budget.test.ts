/** Size budgets on the built site: a page over budget fails, naming the page and the assets. */
import { beforeAll, describe, expect, it } from 'vitest';
import { overBudget } from '../../scripts/lib/budgets';
import { createWeigher, type PageWeight } from '../../scripts/lib/page-weight';
import { buildRealSite, fileOf, type BuiltSite } from '../support/built-site';

let site: BuiltSite;
let weights: Map<string, PageWeight>;
beforeAll(async () => {
  site = await buildRealSite();
  const weigh = createWeigher(site.outDir);
  weights = new Map();
  for (const route of [...site.routes, '/404']) weights.set(route, await weigh(fileOf(route)));
});

describe('budgets', () => {
  it('every page is within its budgets', () => {
    const problems = [...weights].flatMap(([route, w]) => overBudget(fileOf(route), w));
    expect(problems).toEqual([]);
  });

  it('loads only the small island loader up front; React, sonner and radix wait for an island', () => {
    for (const [route, w] of weights) {
      expect(w.jsUpFront.files.some((f) => /loader-/.test(f)), route).toBe(true);
      expect(w.jsTotal.gzip, route).toBeGreaterThan(w.jsUpFront.gzip * 10);
    }
  });

  it('names the page and the assets when a page is over budget', () => {
    const heavy: PageWeight = { html: 1, css: { files: [], gzip: 0 }, jsUpFront: { files: ['assets/loader-X.js', 'assets/chunk-Y.js'], gzip: 9000 }, jsTotal: { files: [], gzip: 9000 } };
    expect(overBudget('about.html', heavy)).toEqual(['about.html: JavaScript before interaction 9000 B > 3072 B (assets/loader-X.js, assets/chunk-Y.js)']);
  });
});
