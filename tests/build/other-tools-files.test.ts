/**
 * Every markdown file of a folder written for another tool is accounted for (issue 42): Jekyll's `.markdown` posts are
 * pages, Hugo's `_index.md` is its folder's page (the home page at the root), and what the build passes over (files
 * in `_` folders, `.mdx`) is named in one warning with a count and the first few, in a build and in a watch update.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { buildOnce } from '../support/full-build';
import { snapshotDir } from '../support/fixture';

const SITE: Record<string, string> = {
  'site.yml': 'name: Mixed\nbaseUrl: https://mixed.example.org\n',
  '_index.md': '# Mixed\n\nRead [the first post](posts/2018-01-02-hello.markdown) or [the docs](docs/_index.md).\n',
  'docs/_index.md': '# Docs\n\nThe [guide](guide.md).\n',
  'docs/guide.md': '# Guide\n\nBack to [the docs](_index.md).\n',
  'posts/2018-01-02-hello.markdown': '---\ntitle: Hello\n---\n\nThe first post.\n',
  'posts/README.markdown': '# Posts\n\nSee [hello](2018-01-02-hello.markdown).\n',
  '_drafts/later.md': '# Later\n',
  '_includes/note.markdown': 'A partial.\n',
  'docs/_partial.md': 'A partial.\n',
  'docs/widget.mdx': "import X from './x'\n\n# Widget\n",
  '.github/CONTRIBUTING.md': '# Contributing\n',
  'public/notes.md': '# Published as a file\n',
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-other-tools-files-'));
  for (const [file, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('markdown written for Jekyll and Hugo', () => {
  it('builds .markdown files and _index.md as pages, and names what it passes over in one warning', async () => {
    const site = new Site({ root, outDir: path.join(root, 'dist') });
    try {
      const result = await site.update('all');
      await site.commit();
      const files = Object.keys(await snapshotDir(path.join(root, 'dist')));
      expect(files).toEqual(
        expect.arrayContaining([
          'index.html',
          'docs.html',
          'docs/guide.html',
          'posts.html',
          'posts/2018-01-02-hello.html',
          'notes.md',
        ]),
      );
      for (const skipped of ['drafts', '_drafts', 'later', 'widget', 'partial', 'contributing'])
        expect(
          files.some((file) => file.toLowerCase().includes(skipped) && file.endsWith('.html')),
          skipped,
        ).toBe(false);
      const passed = result.warnings.filter((w) => w.kind === 'MarkdownPassedOver');
      expect(passed).toHaveLength(1);
      expect(passed[0]!.message).toMatch(/^4 markdown files are not built: \S*pages\/_drafts\/later\.md, /);
      expect(passed[0]!.message).toContain('and 1 more');
      expect(result.warnings.map((w) => w.kind)).not.toContain('NoHomePage');

      // A watch update that moves a draft out of _drafts builds it, and the warning counts one fewer.
      await mkdir(path.join(root, 'pages/drafts'), { recursive: true });
      await rm(path.join(root, 'pages/_drafts/later.md'));
      await writeFile(path.join(root, 'pages/drafts/later.md'), '# Later\n');
      const update = await site.update([
        path.join(root, 'pages/_drafts/later.md'),
        path.join(root, 'pages/drafts/later.md'),
      ]);
      expect(update.warnings.find((w) => w.kind === 'MarkdownPassedOver')?.message).toMatch(/^3 markdown files/);
    } finally {
      await site.dispose();
    }
  });
});

describe('brokenLinks: warn (a site brought from another tool, its links still being mended)', () => {
  it('builds with its broken links and anchors, each a warning where it is, then their count; error by default', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-broken-links-warn-'));
    const write = async (file: string, text: string) => {
      await mkdir(path.dirname(path.join(dir, 'pages', file)), { recursive: true });
      await writeFile(path.join(dir, 'pages', file), text);
    };
    const build = () => buildOnce({ root: dir, outDir: path.join(dir, 'dist') });
    try {
      await write(
        'index.md',
        '# Home\n\nSee [the guide](guide.md#step1) and [the old page](old.md).\n\nThe [old page](old.md) again.\n',
      );
      await write('guide.md', '# Guide\n\n## Install\n');
      await write('site.yml', 'name: Moving\nbaseUrl: https://moving.example.org\n');
      await expect(build()).rejects.toThrow(/BrokenLink|broken/);

      await write('site.yml', 'name: Moving\nbaseUrl: https://moving.example.org\nbrokenLinks: warn\n');
      const result = await build();
      const allowed = result.warnings.filter((w) => w.kind === 'BrokenLinkAllowed').map((w) => w.message);
      expect(allowed).toHaveLength(3);
      for (const message of allowed) expect(message).toMatch(/^\S*pages\/index\.md:[35]/);
      expect(allowed.join('\n')).toContain('step1');
      expect(allowed.join('\n')).toContain('old.md');
      // The count names the link broken most often, and where first.
      expect(result.warnings.find((w) => w.kind === 'BrokenLinksAllowed')?.message).toMatch(
        /^3 broken links .*; the most repeated: "old\.md" 2 times in 1 file, the first at \S*pages\/index\.md:3$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("mdBook's SUMMARY.md beside a page about it", () => {
  it('reads SUMMARY.md as the table of contents, and format/summary.md (mdBook’s own guide) as a page', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-summary-page-'));
    const pages: Record<string, string> = {
      'site.yml': 'name: Book\nbaseUrl: https://book.example.org\n',
      'README.md': '# Book\n\nThe introduction.\n',
      'SUMMARY.md':
        '# Summary\n\n[Introduction](README.md)\n\n# Reference\n\n- [Format](format/README.md)\n  - [SUMMARY.md](format/summary.md)\n',
      'format/README.md': '# Format\n\nThe files of a book.\n',
      'format/summary.md':
        '# SUMMARY.md\n\n1. ***Title*** - While optional, begin with `# Summary`.\n2. ***Prefix Chapter*** - Before the main chapters.\n',
    };
    try {
      for (const [file, text] of Object.entries(pages)) {
        await mkdir(path.dirname(path.join(dir, 'pages', file)), { recursive: true });
        await writeFile(path.join(dir, 'pages', file), text);
      }
      await buildOnce({ root: dir, outDir: path.join(dir, 'dist') });
      const html = await readFile(path.join(dir, 'dist/format/summary.html'), 'utf8');
      const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
      expect(nav).toContain('href="/format/summary"');
      expect(nav).toContain('Reference');
      // The page's own list is its content, not a table of contents shown in the navigation.
      expect(nav).not.toContain('Prefix Chapter');
      expect(html).toContain('Prefix Chapter');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
