/** Moving a built site under its base URL's path (generator/render/base-path.ts): markup moves, text never does. */
import { describe, expect, it } from 'vitest';
import { basePathOf, cssUnderBase, htmlUnderBase } from '../../generator/render/base-path';

describe('basePathOf', () => {
  it("is the base URL's path without its trailing slash, or '' at the root of a host", () => {
    expect(basePathOf('https://example.github.io/notes')).toBe('/notes');
    expect(basePathOf('https://example.github.io/notes/')).toBe('/notes');
    expect(basePathOf('https://example.org/a/b')).toBe('/a/b');
    expect(basePathOf('https://example.org')).toBe('');
    expect(basePathOf('https://example.org/')).toBe('');
  });
});

describe('htmlUnderBase', () => {
  it("moves every root-relative URL of a tag's URL attributes, and nothing else", () => {
    const html =
      '<link rel="stylesheet" href="/assets/site-A.css"/><link rel="preload" href="/assets/f.woff2" as="font"/><script type="module" src="/assets/loader-B.js"></script>' +
      '<a href="/">Home</a><a href="/about#team">About</a><a href="#top">Top</a><a href="https://example.org/x">Out</a><a href="//cdn.example/x">CDN</a><a href="mailto:a@b.c">Mail</a>' +
      '<img src="/i.png" srcset="/i.png 1x, /i@2.png 2x" alt="/not-a-url"/><form action="/search"><button formaction="/go">Go</button></form><video poster="/p.png"></video>';
    expect(htmlUnderBase(html, '/notes')).toBe(
      '<link rel="stylesheet" href="/notes/assets/site-A.css"/><link rel="preload" href="/notes/assets/f.woff2" as="font"/><script type="module" src="/notes/assets/loader-B.js"></script>' +
        '<a href="/notes/">Home</a><a href="/notes/about#team">About</a><a href="#top">Top</a><a href="https://example.org/x">Out</a><a href="//cdn.example/x">CDN</a><a href="mailto:a@b.c">Mail</a>' +
        '<img src="/notes/i.png" srcset="/notes/i.png 1x, /notes/i@2.png 2x" alt="/not-a-url"/><form action="/notes/search"><button formaction="/notes/go">Go</button></form><video poster="/notes/p.png"></video>',
    );
  });

  it("moves an island's module, its stylesheet and the site paths in its JSON props", () => {
    const island =
      '<div class="island" data-island="nav" data-src="/assets/nav-C.js" data-styles="/assets/nav-D.css" data-trigger="interaction" data-id="nav-1"><div data-island-root=""><a href="/contact">Contact</a></div>' +
      '<script type="application/json">{"route":"/contact","items":[{"href":"/"},{"href":"https://example.org/"},{"href":"//x"}],"label":"a / b","note":"/x y"}</script></div>';
    expect(htmlUnderBase(island, '/notes')).toBe(
      '<div class="island" data-island="nav" data-src="/notes/assets/nav-C.js" data-styles="/notes/assets/nav-D.css" data-trigger="interaction" data-id="nav-1"><div data-island-root=""><a href="/notes/contact">Contact</a></div>' +
        '<script type="application/json">{"route":"/notes/contact","items":[{"href":"/notes/"},{"href":"https://example.org/"},{"href":"//x"}],"label":"a / b","note":"/notes/x y"}</script></div>',
    );
  });

  it('leaves text and code samples byte for byte, and JSON-LD (absolute URLs only) as it is', () => {
    const code =
      '<pre><code class="language-html">&lt;a href="/about">{{ link }}&lt;/a> src="/x"\n</code></pre><p>Write href="/about" in the tag.</p>';
    const jsonLd = '<script type="application/ld+json">{"url":"/not-moved"}</script>';
    expect(htmlUnderBase(code + jsonLd, '/notes')).toBe(code + jsonLd);
  });

  it('is the identity without a base path: the same string', () => {
    const html = '<a href="/about">About</a>';
    expect(htmlUnderBase(html, '')).toBe(html);
  });
});

describe('cssUnderBase', () => {
  it("moves root-relative url()s, quoted or not, and leaves relative and other hosts' ones", () => {
    expect(
      cssUnderBase('a{background:url(/i.png)}b{src:url("./f.woff2")}c{x:url( \'/y.svg\')}d{x:url(//cdn/x)}', '/notes'),
    ).toBe('a{background:url(/notes/i.png)}b{src:url("./f.woff2")}c{x:url( \'/notes/y.svg\')}d{x:url(//cdn/x)}');
    expect(cssUnderBase('a{background:url(/i.png)}', '')).toBe('a{background:url(/i.png)}');
  });
});
