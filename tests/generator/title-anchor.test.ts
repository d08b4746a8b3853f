/**
 * A page's `#` title heading is shown as its title, not in its body: the id the heading would have had is an anchor
 * at the body's start, so links written for GitHub or Docsify to the title (`#embed-files`) land there, checked as
 * any anchor; the body's headings step around it as GitHub's do, and it steps around the theme's ids.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce } from '../support/full-build';

const PAGES: Record<string, string> = {
  'site.yml': 'name: Notes\nbaseUrl: https://notes.example.org\n',
  'index.md': '# Notes\n\nSee [embedding](embed-files.md#embed-files) and [main](main.md#main-1).\n',
  'embed-files.md': '# Embed files\n\nAs [the start](#embed-files) says.\n\n## Embed files\n\nAgain.\n',
  'main.md': '# Main\n\nText.\n',
  'titled.md': '---\ntitle: Titled\n---\n\n# Titled\n\nText.\n',
  'own-id.md': '# Own {#top}\n\nBack to [the top](#top).\n',
};

let root: string;
const html: Record<string, string> = {};
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-title-anchor-'));
  await mkdir(path.join(root, 'pages'));
  for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(root, 'pages', file), text);
  await buildOnce({ root, outDir: path.join(root, 'dist') });
  for (const name of ['embed-files', 'main', 'titled', 'own-id'])
    html[name] = await readFile(path.join(root, `dist/${name}.html`), 'utf8');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const prose = (page: string) => /<div class="prose">([\s\S]*?)<\/div>/.exec(page)?.[1] ?? '';

describe("the title heading's own id", () => {
  it('anchors the start of the body, and a heading of the same text further down takes the next one', () => {
    expect(prose(html['embed-files']!)).toMatch(
      /^<a id="embed-files"><\/a>\n<p>As <a href="#embed-files">the start<\/a>/,
    );
    expect(html['embed-files']).toContain('<h2 id="embed-files-1">Embed files</h2>');
  });

  it("steps around the theme's ids, and is not made where the heading stays in the body or names its own", () => {
    expect(prose(html.main!)).toMatch(/^<a id="main-1"><\/a>/);
    expect(html.titled).toContain('<h1 id="titled">Titled</h1>');
    expect(html.titled).not.toContain('<a id="titled">');
    expect(prose(html['own-id']!)).toMatch(/^<a id="top"><\/a><p>/);
  });
});
