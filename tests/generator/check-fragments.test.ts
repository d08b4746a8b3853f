/**
 * `site check` finds a link to a missing #fragment from the pages' HTML (dev/fragment-check.ts), whatever the page:
 * linkinator's own check passed a missing anchor on a page it took for a soft 404 (noindex with nofollow), one named
 * by `href="#x"` on an element with an id, and one on a page it had fetched before it read the link.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../generator/dev/crawl-site';
import type { SiteConfig } from '../../generator/config/config';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
let config: SiteConfig;

beforeAll(async () => {
  site = await tempSite('basic');
  config = (await site.build()).config;
});
afterAll(() => site.cleanup());

/** Puts `html` at the end of the main of the output page `file`. */
async function append(file: string, html: string): Promise<void> {
  const page = path.join(site.outDir, file);
  const text = await readFile(page, 'utf8');
  await writeFile(page, text.replace('</main>', `${html}</main>`));
}

describe('site check of #fragments', () => {
  it('passes every way a page can hold what a link names', async () => {
    await append(
      'services.html',
      '<h2 id="été">Été</h2><a name="legacy"></a><p id="here">x</p><a href="#here">same page</a><a href="#top">top</a>',
    );
    await append(
      'about.html',
      '<a href="/services#%C3%A9t%C3%A9">encoded</a><a href="/services#legacy">name</a>' +
        `<a href="${config.baseUrl}/services#here">absolute</a><a href="/services#">empty</a>`,
    );
    const report = await checkSite(site.outDir, config);
    expect(report.problems).toEqual([]);
  });

  it('names each missing one on the page that links to it, the soft-404 look and permalink pattern notwithstanding', async () => {
    await append('services.html', '<meta name="robots" content="noindex, nofollow"><a id="anchor" href="#ghost">¶</a>');
    await append(
      'about.html',
      '<a href="/services#gone">a</a><a href="/services#ghost">b</a><a href="/about#nowhere">c</a>',
    );
    const report = await checkSite(site.outDir, config);
    expect(report.problems.map((p) => `${p.page} → ${p.link}: ${p.problem}`).sort()).toEqual([
      '/about → /about#nowhere: no element with id "nowhere"',
      '/about → /services#ghost: no element with id "ghost"',
      '/about → /services#gone: no element with id "gone"',
      // The permalink's own link names no element either.
      '/services → /services#ghost: no element with id "ghost"',
    ]);
  });
});
