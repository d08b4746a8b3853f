/**
 * `site check` leaves unfetched the links to pages and stylesheets it found to answer 200 before the crawl
 * (answered-urls.ts), where linkinator fetched each with a HEAD request on a connection of its own: the report must be
 * the one linkinator's own fetching gives, the same links counted and every broken one named, on a site of more pages
 * than one crawl is given (links to another crawl's pages are the ones skipped).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../generator/dev/crawl-site';
import type { SiteConfig } from '../../generator/config/config';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;

/** A report with its problems in one order: the crawl finds them in the order its requests come back. */
const sorted = (report: Awaited<ReturnType<typeof checkSite>>) => ({
  ...report,
  problems: [...report.problems].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
});
let config: SiteConfig;

/** More pages than a crawl is given (200), each linking the next, the first, a page by its absolute URL, and about. */
const EXTRA = 260;

beforeAll(async () => {
  site = await tempSite('basic');
  config = (await site.build()).config;
  const about = path.join(site.outDir, 'about.html');
  const html = await readFile(about, 'utf8');
  // A broken link, a missing fragment and a missing stylesheet, on a page the other pages link to.
  await writeFile(
    about,
    html.replace(
      '</body>',
      '<a href="/nope">gone</a><a href="/p-3#nowhere">anchor</a><link rel="stylesheet" href="/assets/missing.css"></body>',
    ),
  );
  for (let i = 0; i < EXTRA; i++)
    await writeFile(
      path.join(site.outDir, `p-${i}.html`),
      `<!doctype html><html lang="en"><head><title>p ${i}</title></head><body><main id="main">` +
        `<a href="/p-${(i + 1) % EXTRA}">next</a><a href="/p-0">first</a>` +
        `<a href="${config.baseUrl}/p-${(i * 7) % EXTRA}">far</a><a href="/about">about</a>` +
        `${i % 50 === 0 ? `<a href="/p-missing-${i}">broken</a>` : ''}</main></body></html>`,
    );
});
afterAll(() => site.cleanup());

describe('site check leaving the links it found answered to linkinator unfetched', () => {
  it('reports what linkinator fetching every link reports: the same links counted, the same broken ones', async () => {
    const fetched = await checkSite(site.outDir, config, { skipAnswered: false });
    const skipped = await checkSite(site.outDir, config);
    expect(sorted(skipped)).toEqual(sorted(fetched));
    expect(skipped.problems).toEqual(
      expect.arrayContaining([
        { page: '/about', link: '/nope', problem: 'HTTP 404' },
        { page: '/about', link: '/assets/missing.css', problem: 'HTTP 404' },
        { page: '/about', link: '/p-3#nowhere', problem: 'no element with id "nowhere"' },
        { page: '/p-0', link: '/p-missing-0', problem: 'HTTP 404' },
        { page: '/p-250', link: '/p-missing-250', problem: 'HTTP 404' },
      ]),
    );
  }, 120_000);

  it('still fetches a link to a page of the folder that does not answer 200 (a file name a host does not serve)', async () => {
    // sub/index.html is crawled from /sub/index, which answers 404 (`index` is no canonical URL): a link to it is broken,
    // from every page, in whichever crawl.
    const pages = Array.from({ length: EXTRA }, (_, i) => path.join(site.outDir, `p-${i}.html`));
    const before = await Promise.all(pages.map((file) => readFile(file, 'utf8')));
    await mkdir(path.join(site.outDir, 'sub'));
    await writeFile(path.join(site.outDir, 'sub/index.html'), '<!doctype html><title>sub</title>');
    for (const [at, file] of pages.entries())
      await writeFile(file, before[at]!.replace('</main>', '<a href="/sub/index">sub</a></main>'));
    try {
      const fetched = await checkSite(site.outDir, config, { skipAnswered: false });
      const skipped = await checkSite(site.outDir, config);
      expect(sorted(skipped)).toEqual(sorted(fetched));
      for (const page of ['/p-0', '/p-7', '/p-259'])
        expect(skipped.problems).toContainEqual({ page, link: '/sub/index', problem: 'HTTP 404' });
    } finally {
      for (const [at, file] of pages.entries()) await writeFile(file, before[at]!);
      await rm(path.join(site.outDir, 'sub'), { recursive: true, force: true });
    }
  }, 120_000);
});
