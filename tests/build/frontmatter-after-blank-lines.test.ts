/**
 * Frontmatter after blank lines, as Hugo reads it (137 of the 172 posts of Hugo's news start with a blank line): its
 * fields are the page's, its errors name the file's own lines, its tokens are replaced; and a page whose blank lines
 * lead to a thematic break with no closing line is markdown, as before. And Hugo's TOML frontmatter (+++), which
 * showed as a paragraph with its fields lost, is TomlFrontmatter at its line.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';

const CONFIG = 'name: Hugo News\nbaseUrl: https://news.example.org\n';

async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-frontmatter-blank-'));
  for (const [file, text] of Object.entries({ 'site.yml': CONFIG, 'index.md': '# Home\n', ...files })) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
  return root;
}

const build = (root: string) => buildOnce({ root, outDir: path.join(root, 'dist'), logger: silentLogger });

/** The errors a build that must fail gives. */
const errorsOf = async (root: string) =>
  siteErrorsOf(
    await build(root).then(
      () => undefined,
      (error: unknown) => error,
    ),
  );

let root: string;
let result: Awaited<ReturnType<typeof build>>;
const out = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');

beforeAll(async () => {
  root = await project({
    'news/0.26-relnotes/index.md': [
      '',
      '---',
      'date: 2017-08-07',
      'title: "Hugo 0.26: Language Style Edition"',
      'description: "{{ name }} on 0.26."',
      'categories: ["Releases"]',
      '---',
      '',
      'This release brings a choice of **AP Style or Chicago Style Title Case**.',
      '',
    ].join('\n'),
    'rule.md': '\n\n---\n\nA page that opens with a thematic break, and no frontmatter.\n',
    // A paragraph between two rules, after a blank line: markdown, as every tool but Hugo reads it.
    'rules.md': '\n---\n\nA paragraph between two rules.\nNote: it goes on.\n\n---\n\nMore text.\n',
  });
  result = await build(root);
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('frontmatter after blank lines', () => {
  it("is the page's frontmatter, its tokens replaced", async () => {
    const page = result.pages.find((p) => p.route === '/news/0.26-relnotes');
    expect(page?.title).toBe('Hugo 0.26: Language Style Edition');
    const html = await out('news/0.26-relnotes.html');
    expect(html).toContain('<meta name="description" content="Hugo News on 0.26."/>');
    expect(html).not.toContain('categories:');
    expect(html).toContain('<strong>AP Style or Chicago Style Title Case</strong>');
  });

  it('is not read where no closing line follows: the blank lines lead to a thematic break', async () => {
    const html = await out('rule.html');
    expect(html).toContain('<hr>');
    expect(html).toContain('A page that opens with a thematic break, and no frontmatter.');
  });

  it('is not read where what the two lines hold is not fields: a paragraph between two rules', async () => {
    const html = await out('rules.html');
    expect(html.match(/<hr>/g)).toHaveLength(2);
    expect(html).toContain('A paragraph between two rules.\nNote: it goes on.');
    expect(html).toContain('More text.');
  });

  it("names its mistakes at the file's own lines", async () => {
    const bad = await project({
      'bad.md': '\n\n---\ntitle: Fine\ndate: 2017-02-30\n---\nBody.\n',
      'worse.md': '\n---\ntitle: [unclosed, list\n---\nBody.\n',
    });
    try {
      const errors = await errorsOf(bad);
      expect(errors.map((e) => [e.kind, e.file, e.line, e.field])).toEqual([
        ['InvalidFrontmatter', 'pages/bad.md', 5, 'date'],
        ['MalformedYaml', 'pages/worse.md', 3, 'title'],
      ]);
    } finally {
      await rm(bad, { recursive: true, force: true });
    }
  });

  it('in TOML, between +++ lines, is named at its opening line', async () => {
    const toml = await project({
      'toml.md': '+++\ntitle = "Hugo 0.50"\ndate = 2018-10-29\n+++\n\nBody.\n',
      'later.md': '\n+++\ntitle = "After a blank line"\n+++\nBody.\n',
      'plus.md': '+++\n\nA line of pluses, never closed, is text.\n',
    });
    try {
      const errors = await errorsOf(toml);
      expect(errors.map((e) => [e.kind, e.file, e.line])).toEqual([
        ['TomlFrontmatter', 'pages/later.md', 2],
        ['TomlFrontmatter', 'pages/toml.md', 1],
      ]);
      expect(errors[0]!.hint).toContain('hugo convert toYAML');
    } finally {
      await rm(toml, { recursive: true, force: true });
    }
  });
});
