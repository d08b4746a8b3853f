/**
 * What `site build` loads: the packages only a page's parse needs are loaded when a page is parsed, so a build whose
 * pages all come from the content store (a warm build) starts without them; no build loads a table of media types
 * for the two it writes; the markdown pipeline comes from lib/ in a few files, not from node_modules file by file.
 * Every module loaded is listed by a module hook (tests/support/module-loads.mjs).
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-project';
import { REPO } from '../support/fixture';

/** As a file URL: NODE_OPTIONS splits at spaces, which a URL has none of. */
const HOOK = pathToFileURL(path.join(REPO, 'tests/support/module-loads.mjs')).href;

describe('what a build loads', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'site-loads-'));
    await mkdir(path.join(dir, 'pages'));
    await writeFile(path.join(dir, 'pages/site.yml'), 'name: Loads\nbaseUrl: https://loads.example.org\n');
    await writeFile(path.join(dir, 'pages/index.md'), '---\ntitle: Home\n---\n\nA page with frontmatter.\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** The packages (folders of node_modules) a `site build` of the project loaded. */
  async function packagesLoaded(run: string): Promise<Set<string>> {
    const list = path.join(dir, `loads-${run}.txt`);
    await writeFile(list, '');
    const result = await runCli(['build', '--quiet', '--pages', 'pages', '--out', 'dist'], dir, {
      NODE_OPTIONS: `--import ${HOOK}`,
      SITE_TEST_LOADS: list,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const urls = (await readFile(list, 'utf8')).split('\n').filter(Boolean);
    return new Set(urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
  }

  /**
   * Packages the engine's markdown modules import, bundled into lib/ with remark (scripts/compile-engine.js, BUNDLED):
   * none is loaded from node_modules, where each was loaded file by file beside remark's bundled copy.
   */
  const BUNDLED_MARKDOWN = [
    'mdast-util-from-markdown',
    'mdast-util-to-hast',
    'micromark-core-commonmark',
    'micromark-factory-space',
    'micromark-util-character',
    'hast-util-raw',
    'parse5',
    'gemoji',
    'vfile',
  ];

  it('loads the frontmatter parsers to parse a page, and not for a build whose pages come from the store', async () => {
    const cold = await packagesLoaded('cold');
    // The list is complete: what a parse needs is in it when pages are parsed.
    expect(cold).toContain('gray-matter');
    expect(cold).toContain('js-yaml');
    expect(cold).toContain('react-dom');
    expect(cold).not.toContain('mime-types');
    expect(BUNDLED_MARKDOWN.filter((name) => cold.has(name))).toEqual([]);
    // A page without code loads no highlighter: Shiki loads with the first page that names a language.
    expect(['shiki', '@shikijs/core', '@shikijs/vscode-textmate'].filter((name) => cold.has(name))).toEqual([]);
    const warm = await packagesLoaded('warm');
    expect(warm).toContain('react-dom');
    expect(warm).not.toContain('gray-matter');
    expect(warm).not.toContain('js-yaml');
    expect(warm).not.toContain('mime-types');
  });
});
