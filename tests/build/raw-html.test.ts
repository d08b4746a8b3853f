/**
 * Raw HTML in markdown, as READMEs write it (`<p align="center"><img src="docs/logo.png"></p>`, `<picture>` with a
 * dark-mode `<source>`, `<a href="guide.md">`): kept, sanitised, and its links read as the markdown's are: rewritten
 * to the routes and files they name, the files beside the page published, and a broken one a BrokenLink on its line.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { PNG, tempSite, type TempSite } from '../support/fixture';

const README = [
  '---',
  'title: Read me',
  'description: A page written as a README is, with raw HTML around its markdown.',
  '---',
  '',
  '<p align="center">',
  '  <picture>',
  '    <source media="(prefers-color-scheme: dark)" srcset="img/dark.png 2x">',
  '    <img src="img/light.png" alt="The logo" width="120">',
  '  </picture>',
  '</p>',
  '',
  'Read <a href="../about.md#who-we-are">about us</a> or [the same in markdown](../about.md).',
  '',
].join('\n');

let site: TempSite;
beforeAll(async () => {
  site = await tempSite('basic');
  await mkdir(path.join(site.pagesDir, 'readme/img'), { recursive: true });
  await writeFile(path.join(site.pagesDir, 'readme/index.md'), README);
  await writeFile(path.join(site.pagesDir, 'readme/img/dark.png'), PNG);
  await writeFile(path.join(site.pagesDir, 'readme/img/light.png'), PNG);
});
afterAll(() => site.cleanup());

describe('links in raw HTML', () => {
  it('are rewritten as the markdown’s are, and the files they name are published', async () => {
    await site.build();
    const html = await readFile(path.join(site.outDir, 'readme.html'), 'utf8');
    expect(html).toContain('<source media="(prefers-color-scheme: dark)" srcset="/readme/img/dark.png 2x">');
    expect(html).toContain('<img src="/readme/img/light.png" alt="The logo" width="120">');
    expect(html).toContain(
      'Read <a href="/about#who-we-are">about us</a> or <a href="/about">the same in markdown</a>.',
    );
    expect(await readFile(path.join(site.outDir, 'readme/img/dark.png'))).toEqual(PNG);
    expect(await readFile(path.join(site.outDir, 'readme/img/light.png'))).toEqual(PNG);
  });

  it('fail the build on their line when they name nothing', async () => {
    await site.edit('readme/index.md', 'srcset="img/dark.png 2x"', 'srcset="img/night.png 2x"');
    await site.edit('readme/index.md', '<a href="../about.md#who-we-are">', '<a href="../abuot.md">');
    const error = await site.build().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(siteErrorsOf(error).map((e) => ({ kind: e.kind, line: e.line, field: e.field }))).toEqual([
      { kind: 'BrokenLink', line: 8, field: 'img/night.png' },
      { kind: 'BrokenLink', line: 13, field: '../abuot.md' },
    ]);
  });
});
