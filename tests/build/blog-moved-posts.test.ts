/**
 * A blog brought from Jekyll: its posts keep their dated addresses (site.yml `permalinks`, or a post's `permalink:`),
 * outside the blog's folder, and are still the blog's posts: listed, in the feed and with their neighbours.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';
import { blogProject, postText, type BlogProject } from './blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');

let project: BlogProject;
const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');

beforeAll(async () => {
  project = await blogProject({ keptPosts: false });
  const config = await project.read('pages/site.yml');
  await writeFile(project.file('pages/site.yml'), `${config}permalinks:\n  blog: /:year/:month/:day/:title\n`);
  await project.writePost('2025-03-01-first', { title: 'First', date: '2025-03-01' });
  await project.writePost('2025-03-02-second', { title: 'Second', date: '2025-03-02' });
  await writeFile(
    project.file('pages/blog/third.md'),
    postText({ title: 'Third', date: '2025-03-03' }).replace(
      'template: post',
      'template: post\npermalink: /notes/third/',
    ),
  );
  await buildOnce({ root: project.root, now: NOW, logger: silentLogger });
}, 60_000);
afterAll(() => project?.cleanup());

describe('posts whose address is outside the blog folder', () => {
  it('are listed by the folder their files are in, newest first', async () => {
    const list = await out('blog.html');
    const listed = [...list.matchAll(/<h2><a href="([^"]+)">/g)].map((m) => m[1]);
    expect(listed).toEqual(['/notes/third', '/2025/03/02/second', '/2025/03/01/first']);
  });

  it('are in the feed and have their neighbours', async () => {
    const feed = await out('blog/feed.xml');
    expect(feed).toContain('<id>https://blog.example.org/2025/03/01/first</id>');
    expect(feed).toContain('<id>https://blog.example.org/notes/third</id>');
    const second = await out('2025/03/02/second.html');
    expect(second).toContain('<a href="/notes/third">← Third</a>');
    expect(second).toContain('<a href="/2025/03/01/first">First →</a>');
  });
});
