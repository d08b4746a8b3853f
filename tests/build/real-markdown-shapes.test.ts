/**
 * What a real collection of markdown brought from another tool holds that a made-up one does not (found building
 * tldr-pages' 4,612 pages and Vite's docs with the built-in theme): no home page; file names as their subjects are
 * named (c++, [, wpa_supplicant, gst-launch-1.0, README); a summary as a quote under the title; command lines as
 * paragraphs of code; links to folders with a trailing slash. Every page builds, and `site check` visits every page,
 * not only what a home page links to.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { checkSite } from '../../generator/dev/crawl-site';

const PAGES: Record<string, string> = {
  'site.yml': 'name: Sheets\nbaseUrl: https://sheets.example.org\n',
  'c++.md': '# c++\n\n> This command is an alias of [g++](./g++.md).\n',
  'g++.md':
    '# g++\n\n> Compiles C++ source files.\n\n- Compile a file:\n\n`g++ {{path/to/source.cpp}} -o {{path/to/output}}`\n',
  '[.md':
    '# [\n\n> Check file types and compare values.\n\n- Test if a variable is empty:\n\n`[ -z "${{variable}}" ]`\n',
  'wpa_supplicant.md': '# wpa_supplicant\n\n> Manage protected wireless networks. See also: [the guide](/guide/).\n',
  'gst-launch-1.0.md': '# gst-launch-1.0\n\n> Build and run a GStreamer pipeline.\n',
  // An address written for the reader, not a URL (tldr-pages' etcd page): another host's, not checked.
  'etcd.md': '# etcd\n\n> A key-value store. Its web UI is at <http://localhost:port>.\n',
  'guide/README.md': '# Guide\n\nHow these pages are written. Back to [c++](../c++.md) and [\\[](../[.md).\n',
  'guide/index.md': '# Guides\n\nSee [the readme](./README.md).\n',
};

let root: string;
let result: BuildResult;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-real-shapes-'));
  for (const [file, text] of Object.entries(PAGES)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
  result = await build({ root, logger: silentLogger });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const html = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');

describe('markdown as a real collection holds it', () => {
  it('builds every page under its own name, its summary as the description and its code as written', async () => {
    // Its eight pages, and the home page the built-in theme makes for a collection with none (GeneratedHomePage).
    expect(result.pages.length).toBe(9);
    expect(result.pages.map((page) => page.route)).toContain('/');
    expect(await html('[.html')).toContain('<code>[ -z "${{variable}}" ]</code>');
    expect(await html('g++.html')).toContain('<meta name="description" content="Compiles C++ source files."');
    expect(await html('c++.html')).toContain('href="/g++"');
    expect(await html('guide/readme.html')).toContain('href="/%5B"');
    expect(await html('wpa_supplicant.html')).toContain('href="/guide/"');
    expect(await readFile(path.join(root, 'dist/sitemap.xml'), 'utf8')).toContain(
      '<loc>https://sheets.example.org/%5B</loc>',
    );
  });

  it('is checked page by page by site check, with no home page to start from', async () => {
    const clean = await checkSite(path.join(root, 'dist'), result.config);
    expect(clean.problems).toEqual([]);
    expect(clean.checked).toBeGreaterThanOrEqual(8);
    // A page nothing links to, broken after the build: found only by a check that starts from every page.
    const orphan = path.join(root, 'dist/gst-launch-1.0.html');
    await writeFile(orphan, (await readFile(orphan, 'utf8')).replace('</main>', '<a href="/nowhere">x</a></main>'));
    const broken = await checkSite(path.join(root, 'dist'), result.config);
    expect(broken.problems).toEqual([expect.objectContaining({ page: '/gst-launch-1.0', link: '/nowhere' })]);
  }, 120_000);
});
