import { describe, expect, it } from 'vitest';
import { createInterner, pageLinks } from '../../generator/render/html-links';

describe("a page's links and ids, as the build keeps them", () => {
  const post = (n: number) =>
    `<header id="top"><a href="/">Home</a></header><main id="main"><h1 id="page-title">Post ${n}</h1><a href="/blog/post-${n + 1}">Next</a></main>`;

  it('shares one array of ids between the pages of a render with the same ids, and one empty list of other hosts', () => {
    const intern = createInterner();
    const [a, b] = [1, 2].map((n) => pageLinks(`/blog/post-${n}`, `pages/blog/post-${n}.md`, post(n), intern));
    expect(a!.ids).toEqual(['top', 'main', 'page-title']);
    expect(b!.ids).toBe(a!.ids);
    expect(b!.offsite).toBe(a!.offsite);
    expect(a!.links).toEqual(['/', '/blog/post-2']);
    expect(b!.links).toEqual(['/', '/blog/post-3']);
    const other = pageLinks('/about', 'pages/about.md', '<h1 id="about">About</h1>', intern);
    expect(other.ids).toEqual(['about']);
    expect(other.ids).not.toBe(a!.ids);
  });

  it('tells lists apart whatever their ids hold', () => {
    const intern = createInterner();
    expect(intern.list(['a\nb'])).not.toBe(intern.list(['a', 'b']));
    expect(intern.list(['a', 'b'])).toEqual(['a', 'b']);
  });
});
