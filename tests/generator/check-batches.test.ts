/**
 * `site check` reads every page and stylesheet of the output folder once, in crawls of at most PAGES_PER_CRAWL
 * starts that follow no link: linkinator looks each link it has fetched up in every result it holds, so one crawl of
 * a whole site grew with the square of its pages. What a batch links to in another batch is still checked, a
 * #fragment included.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LinkChecker } from 'linkinator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSite, PAGES_PER_CRAWL, type CheckReport } from '../../generator/dev/crawl-site';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';

const PAGES = 450;
let root: string;
let report: CheckReport;
const crawls: { starts: string[]; recurse: boolean | undefined }[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'check-batches-'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(
    path.join(root, 'pages/site.yml'),
    'name: Many\nbaseUrl: https://many.example.org\nbrokenLinks: warn\n',
  );
  for (let i = 1; i <= PAGES; i++)
    await writeFile(
      path.join(root, `pages/p${i}.md`),
      `# Page ${i}\n\n## Part\n\nSee [the next](/p${(i % PAGES) + 1}#part).\n`,
    );
  // Broken on the first page read, towards a page of the last batch, and on a page of the last batch.
  await writeFile(path.join(root, 'pages/p1.md'), `# Page 1\n\n## Part\n\nSee [a part](/p${PAGES}#no-such-part).\n`);
  await writeFile(path.join(root, `pages/p${PAGES - 1}.md`), '# Late\n\nSee [nothing](/nowhere).\n');
  const { config } = await build({ root, pagesDir: 'pages', outDir: 'dist', logger: silentLogger });
  // A spy calls through: what each crawl was asked is read from its calls.
  const spy = vi.spyOn(LinkChecker.prototype, 'check');
  try {
    report = await checkSite(path.join(root, 'dist'), config);
    for (const [options] of spy.mock.calls) crawls.push({ starts: [options.path].flat(), recurse: options.recurse });
  } finally {
    spy.mockRestore();
  }
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('site check of many pages', () => {
  it(`starts each crawl from at most ${PAGES_PER_CRAWL} pages and follows no link from them`, () => {
    expect(crawls.length).toBeGreaterThan(1);
    for (const crawl of crawls) {
      expect(crawl.starts.length).toBeLessThanOrEqual(PAGES_PER_CRAWL);
      expect(crawl.recurse).toBe(false);
    }
  });

  it('reads every page and every stylesheet exactly once', () => {
    const starts = crawls.flatMap((c) => c.starts).map((url) => new URL(url).pathname);
    expect(new Set(starts).size).toBe(starts.length);
    for (let i = 1; i <= PAGES; i++) expect(starts).toContain(`/p${i}`);
    expect(starts.filter((s) => s.endsWith('.css')).length).toBeGreaterThan(0);
    // The pages and the home page the build made for them.
    expect(report.pages).toBe(PAGES + 1);
  });

  it('still finds what a page links to in another crawl: a missing #fragment, and a missing page', () => {
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ page: '/p1', link: `/p${PAGES}#no-such-part` }),
        expect.objectContaining({ page: `/p${PAGES - 1}`, link: '/nowhere', problem: 'HTTP 404' }),
      ]),
    );
    expect(report.problems).toHaveLength(2);
  });
});
