/**
 * A folder's README.md is the folder's page where no index.md is beside it, as GitHub shows a repository and GitHub
 * Pages, MkDocs, VuePress and Docusaurus build it: a book written for GitHub (a README at its root and one per part)
 * has a home page and a page per part, and its links to the READMEs lead there. An index.md beside a README is the
 * folder's page instead, and the README keeps /readme. A watch update that adds or removes that index.md writes what
 * a full build writes.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { snapshotDir } from '../support/fixture';

/** The files of an output folder, by path, as text. */
async function textsOf(dir: string): Promise<Record<string, string>> {
  const files = await snapshotDir(dir);
  return Object.fromEntries(
    Object.entries(files).map(([file, bytes]) => [file, Buffer.from(bytes, 'base64').toString()]),
  );
}

const BOOK: Record<string, string> = {
  'site.yml': 'name: The Book\nbaseUrl: https://book.example.org\n',
  'README.md':
    '# The Book\n\nA book in two parts: [the first](part-one/README.md) and [the second](part-two/README.md#start).\n',
  'part-one/README.md': '# Part one\n\n* [Chapter 1](ch1.md)\n* [Back to the book](../README.md)\n',
  'part-one/ch1.md': '# Chapter 1\n\nBack to [the contents](README.md), or on to [part two](../part-two/).\n',
  'part-two/README.md': '# Part two\n\n## Start\n\nSee [the first part](../part-one/README.md).\n',
  // A folder with both: its index.md is its page, and the README, for the folder's readers on GitHub, keeps /readme.
  'notes/index.md': '# Notes\n\nWhat this folder is: [its readme](README.md).\n',
  'notes/README.md': '# About these notes\n\nKept for readers of the repository.\n',
};

let root: string;
const write = (file: string, text: string) => writeFile(path.join(root, 'pages', file), text);
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-readme-pages-'));
  for (const [file, text] of Object.entries(BOOK)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await write(file, text);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A full build of the pages as they are now, into `out`: its files by path, and its warnings' kinds. */
async function fullBuild(out: string): Promise<{ files: Record<string, string>; warnings: string[] }> {
  const site = new Site({ root, outDir: path.join(root, out) });
  try {
    const result = await site.update('all');
    await site.commit();
    return { files: await textsOf(path.join(root, out)), warnings: result.warnings.map((w) => w.kind) };
  } finally {
    await site.dispose();
  }
}

describe("a folder's README.md", () => {
  it("is the home page and each part's page, and links to the READMEs lead there", async () => {
    const { files, warnings } = await fullBuild('dist');
    expect(warnings).not.toContain('NoHomePage');
    expect(Object.keys(files).filter((file) => file.endsWith('.html'))).toEqual(
      expect.arrayContaining(['index.html', 'part-one.html', 'part-one/ch1.html', 'part-two.html', 'notes.html']),
    );
    expect(files).not.toHaveProperty('readme.html');
    expect(files).not.toHaveProperty('part-one/readme.html');
    expect(files['index.html']).toContain('<title>The Book</title>');
    expect(files['index.html']).toContain('href="/part-one"');
    expect(files['index.html']).toContain('href="/part-two#start"');
    expect(files['part-one.html']).toContain('href="/part-one/ch1"');
    expect(files['part-one.html']).toContain('<a href="/">Back to the book</a>');
    expect(files['part-one/ch1.html']).toContain('<a href="/part-one">the contents</a>');
    expect(files['sitemap.xml']).toContain('<loc>https://book.example.org/part-two</loc>');
    // With an index.md beside it, the README is a page of its own.
    expect(files['notes.html']).toContain('<a href="/notes/readme">its readme</a>');
    expect(files['notes/readme.html']).toContain('About these notes');
  });

  it('moves when a watch update adds an index.md beside it, and back when that goes, as a full build writes', async () => {
    const site = new Site({ root, outDir: path.join(root, 'watched'), incremental: true });
    try {
      await site.update('all');
      await site.commit();
      const watched = () => textsOf(path.join(root, 'watched'));

      await write(
        'part-one/index.md',
        '# Part one, the contents\n\n[Chapter 1](ch1.md), and [the readme](README.md).\n',
      );
      await site.update([path.join(root, 'pages/part-one/index.md')]);
      const added = await watched();
      expect(added['part-one/readme.html']).toContain('Part one');
      expect(added['index.html']).toContain('href="/part-one/readme"');
      expect(added['part-one/ch1.html']).toContain('<a href="/part-one/readme">the contents</a>');
      expect(added).toEqual((await fullBuild('full')).files);

      await rm(path.join(root, 'pages/part-one/index.md'));
      await site.update([path.join(root, 'pages/part-one/index.md')]);
      const removed = await watched();
      expect(removed).not.toHaveProperty('part-one/readme.html');
      expect(removed['index.html']).toContain('href="/part-one"');
      expect(removed).toEqual((await fullBuild('full')).files);
    } finally {
      await site.dispose();
    }
  }, 60_000);
});
