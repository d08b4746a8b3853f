/**
 * A list page shows each post's first paragraph as its summary. Posts with a footnote in it, as real writing has,
 * still build: a summary carries no id of its post (two would give the list one id twice: DuplicateId, and every
 * build failed) and no footnote mark, whose note is on the post's own page; the post keeps its footnote whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { silentLogger } from '../../generator/base/logger';
import { build } from '../../generator/core/build';
import { blogProject, type BlogProject } from './blog-project';

let project: BlogProject;

beforeAll(async () => {
  project = await blogProject({ keptPosts: false });
  for (const n of [1, 2])
    await project.writePost(`noted-${n}`, {
      title: `Noted ${n}`,
      date: `2026-01-0${n}`,
      tags: ['Identity'],
      body: `The claim of post ${n}, with its source.[^1] See [below](#more).\n\n## More\n\nText.\n\n[^1]: The source of post ${n}.`,
    });
  await build({ root: project.root, logger: silentLogger });
}, 120_000);
afterAll(() => project?.cleanup());

const documentOf = async (file: string) => new JSDOM(await project.read(`dist/${file}`)).window.document;

describe('summaries of posts with footnotes', () => {
  it('list each post on the list and tag pages, with no id twice, no footnote mark, and links to the post', async () => {
    for (const file of ['blog.html', 'blog/tags/identity.html']) {
      const doc = await documentOf(file);
      const ids = [...doc.querySelectorAll('[id]')].map((el) => el.id);
      expect(ids.length, file).toBe(new Set(ids).size);
      for (const n of [1, 2]) {
        const summary = [...doc.querySelectorAll('main p')].find((p) => p.textContent?.includes(`claim of post ${n}`));
        expect(summary?.textContent, file).toBe(`The claim of post ${n}, with its source. See below.`);
        expect(summary?.querySelector('a')?.getAttribute('href')).toBe(`/blog/noted-${n}#more`);
      }
    }
  });

  it('keep the footnote on the post itself, its mark linked to its note', async () => {
    const doc = await documentOf('blog/noted-1.html');
    const mark = doc.querySelector('sup a[data-footnote-ref]');
    expect(mark?.getAttribute('href')).toBe('#user-content-fn-1');
    expect(doc.getElementById('user-content-fn-1')?.textContent).toContain('The source of post 1.');
  });
});
