/**
 * The example blog's dates as a reader and a search engine get them: the day the writer wrote (a Jekyll time late in
 * the evening west of UTC is still that day), `<time datetime>` in a form HTML takes, and each post a BlogPosting
 * whose datePublished is the instant, in RFC 3339.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';
import { blogProject, type BlogProject } from './blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');

let project: BlogProject;
const out = (file: string) => readFile(path.join(project.outDir, file), 'utf8');

beforeAll(async () => {
  project = await blogProject({ keptPosts: false });
  await project.writePost('late', { title: 'Late', date: '2025-02-15 23:30:00 -0500', tags: ['Ops', 'Night'] });
  await project.writePost('plain', { title: 'Plain', date: '2025-02-10' });
  await buildOnce({ root: project.root, now: NOW, logger: silentLogger });
}, 60_000);
afterAll(() => project?.cleanup());

const graphOf = (html: string) =>
  (JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as { '@graph': object[] })[
    '@graph'
  ];

describe("the example blog's dates", () => {
  it('shows the day as written, with a datetime HTML takes', async () => {
    const late = await out('blog/late.html');
    expect(late).toContain('<time dateTime="2025-02-15T23:30:00-05:00">15 February 2025</time>');
    const list = await out('blog.html');
    expect(list).toContain('<time dateTime="2025-02-15T23:30:00-05:00">15 February 2025</time>');
    expect(list).toContain('<time dateTime="2025-02-10">10 February 2025</time>');
  });

  it('describes each post as a BlogPosting published at its instant', async () => {
    expect(graphOf(await out('blog/late.html'))).toContainEqual({
      '@type': 'BlogPosting',
      '@id': 'https://blog.example.org/blog/late#post',
      headline: 'Late',
      description: 'About late.',
      url: 'https://blog.example.org/blog/late',
      datePublished: '2025-02-15T23:30:00-05:00',
      mainEntityOfPage: { '@id': 'https://blog.example.org/blog/late#webpage' },
      author: { '@id': 'https://blog.example.org/#organization' },
      publisher: { '@id': 'https://blog.example.org/#organization' },
      keywords: 'Ops, Night',
    });
    expect(graphOf(await out('blog/plain.html'))).toContainEqual(
      expect.objectContaining({ '@type': 'BlogPosting', datePublished: '2025-02-10T00:00:00Z' }),
    );
  });
});
