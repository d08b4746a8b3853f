/**
 * Posts named with their date, as Jekyll, Eleventy and Docusaurus name them (`2024-05-06-title.md`): without a
 * `date:` they have that date (the example blog's `post` template requires one); a title made from the name keeps
 * the date (the built-in theme shows none).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';
import { blogProject, type BlogProject } from './blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');

let project: BlogProject;
const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');
const post = (frontmatter: string[], body: string) => ['---', 'template: post', ...frontmatter, '---', '', body, ''];

beforeAll(async () => {
  project = await blogProject({ keptPosts: false });
  const write = (name: string, lines: string[]) => writeFile(project.file(`pages/blog/${name}`), lines.join('\n'));
  await write('2024-05-06-moving-house.md', post(['description: We moved.'], 'We moved house.'));
  await write(
    '2024-05-07-frontmatter-wins.md',
    post(['title: Frontmatter wins', 'date: 2024-06-01', 'description: Later.'], 'Later.'),
  );
  await write(
    '2024-02-30-no-such-day.md',
    post(['title: No such day', 'date: 2024-01-01', 'description: Earliest.'], 'Earliest.'),
  );
  await buildOnce({ root: project.root, now: NOW, logger: silentLogger });
}, 60_000);
afterAll(() => project?.cleanup());

describe('a post named with its date', () => {
  it('has that date, and a title made from its whole name', async () => {
    const moved = await out('blog/2024-05-06-moving-house.html');
    expect(moved).toContain('<h1 id="page-title">2024 05 06 moving house</h1>');
    expect(moved).toContain('<time dateTime="2024-05-06">6 May 2024</time>');
    const feed = await out('blog/feed.xml');
    expect(feed).toContain('<title>2024 05 06 moving house</title>');
    expect(feed).toContain('<published>2024-05-06T00:00:00Z</published>');
  });

  it('keeps the date its frontmatter gives, and reads no date where the name holds none a calendar has', async () => {
    const list = await out('blog.html');
    const listed = [...list.matchAll(/<h2><a href="\/blog\/([^"]+)">/g)].map((m) => m[1]);
    expect(listed).toEqual(['2024-05-07-frontmatter-wins', '2024-05-06-moving-house', '2024-02-30-no-such-day']);
    expect(await out('blog/2024-05-07-frontmatter-wins.html')).toContain('<time dateTime="2024-06-01">');
  });
});
