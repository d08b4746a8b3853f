/**
 * What the build keeps of each page is built so that pages share V8's hidden classes: Node 20's V8 gives each object
 * made by a literal that starts with a spread and adds keys after it (`{ ...head, html }`) a hidden class of its own,
 * a few hundred bytes kept with every page of the site.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withBody, type PageHead } from '../../generator/pages/page';

/** Whether two objects have the same hidden class (V8's %HaveSameMap, allowed for functions compiled from here on). */
function sameShape(): (a: object, b: object) => boolean {
  v8.setFlagsFromString('--allow-natives-syntax');
  return vm.runInThisContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
}

const head = (n: number): PageHead => ({
  file: `pages/blog/post-${n}.md`,
  source: `blog/post-${n}.md`,
  route: `/blog/post-${n}`,
  url: `https://example.org/blog/post-${n}`,
  title: `Post ${n}`,
  description: `About post ${n}.`,
  template: 'post',
  data: { title: `Post ${n}` },
  breadcrumbs: [],
  isNotFound: false,
});

describe('a page with its body', () => {
  it('shares one hidden class with every page of the same fields, however many are made', () => {
    const same = sameShape();
    const pages = Array.from({ length: 200 }, (_, n) =>
      withBody(head(n), { html: `<p>${n}</p>`, headings: [], markdownLinks: [] }),
    );
    const last = pages.at(-1)!;
    expect(pages.slice(100).filter((page) => !same(page, last))).toEqual([]);
    expect(Object.keys(last)).toEqual([...Object.keys(head(0)), 'html', 'headings', 'markdownLinks']);
  });
});
