import { describe, expect, it } from 'vitest';
import { loadMarkdown, type MarkdownSettings } from '../../generator/markdown/markdown';
import type { RenderedMarkdown as PageBody } from '../../generator/markdown/markdown';
import { ids, md, page, place, plain } from '../support/markdown';
describe('markdown: CommonMark and GFM', () => {
  it('renders markdown with GFM tables', () => {
    const { html } = md('Some **bold** text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<td>1</td>');
  });

  it('writes table alignment as align attributes, never style attributes (the CSP forbids them)', () => {
    const { html } = md('| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n');
    expect(html).toContain('<th align="left">l</th>');
    expect(html).toContain('<td align="center">2</td>');
    expect(html).toContain('<td align="right">3</td>');
    expect(html).not.toContain('style=');
  });

  it('renders strikethrough, task lists, autolinks and fenced code with its language', () => {
    const { html } = md(
      '~~gone~~ www.example.org and https://example.com/x\n\n- [x] done\n- [ ] todo\n\n```ts\nconst a = 1 < 2 && "b";\n```\n',
    );
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<a href="http://www.example.org">www.example.org</a>');
    expect(html).toContain('<a href="https://example.com/x">https://example.com/x</a>');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> done</li>');
    // Highlighted (highlight.ts), its text as written.
    expect(html).toContain(
      '<pre tabindex="0"><code class="language-ts"><span class="hl-cf222e hd-ff7b72">const</span>',
    );
    expect(html.slice(html.indexOf('<pre')).replace(/<[^>]+>/g, '')).toBe('const a = 1 &lt; 2 &amp;&amp; "b";\n\n');
  });

  it('renders footnotes whose links all reach their targets (ids prefixed once, as the links name them)', () => {
    const { html } = md('Claim[^src] and again[^src], then[^2].\n\n[^src]: The source.\n[^2]: Another.\n');
    const targets = new Set(ids(html));
    const anchors = [...html.matchAll(/href="#([^"]*)"/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThanOrEqual(6);
    for (const anchor of anchors) expect(targets, anchor).toContain(anchor);
    expect(html).toContain('id="user-content-fn-src"');
    const described = [...html.matchAll(/aria-describedby="([^"]*)"/g)].map((m) => m[1]!);
    expect(described.length).toBe(3);
    for (const id of described) expect(targets).toContain(id);
  });
});

describe('markdown: safety', () => {
  it('keeps raw HTML as GitHub does: the tags its schema allows, without the attributes it does not', () => {
    expect(md('Before <span class="x" style="color:red">inline</span> after.\n\n<div>\nblock\n</div>\n').html).toBe(
      '<p>Before <span>inline</span> after.</p>\n<div>\nblock\n</div>\n',
    );
  });

  it('parses raw HTML with the markdown around and inside it, as a browser would', () => {
    const { html } = md(
      [
        'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; H<sub>2</sub>O<br>',
        '',
        '<a id="old-name"></a>',
        '## New name',
        '',
        '<details>',
        '<summary>More</summary>',
        '',
        'Hidden **markdown**.',
        '',
        '</details>',
        '',
        '<p align="center"><img src="/logo.svg" alt="Logo" width="120"></p>',
        '',
        '<!-- a comment -->',
        '<style>p { color: red }</style>',
        '<iframe src="https://example.org"></iframe>',
      ].join('\n'),
    );
    expect(html).toContain('<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd>; H<sub>2</sub>O<br></p>');
    expect(html).toContain('<p><a id="old-name"></a></p>\n<h2 id="new-name">New name</h2>');
    expect(html).toContain('<details>\n<summary>More</summary>\n<p>Hidden <strong>markdown</strong>.</p>\n</details>');
    expect(html).toContain('<p align="center"><img src="/logo.svg" alt="Logo" width="120"></p>');
    expect(html).not.toMatch(/comment|<style|color: red|<iframe|example\.org/);
  });

  it('keeps raw HTML in a footnote, with its links read and the way back after it', () => {
    const body = plain.render(
      'Copy it[^k], then read on[^d].\n\n[^k]: Press <kbd>Ctrl</kbd>+<kbd>C</kbd> (<a href="guide.md#keys">keys</a>).\n[^d]: <details><summary>More</summary>\n\n    Hidden **markdown**.<script>alert(1)</script>\n\n    </details>\n',
      { ...page, relativeFile: 'about.md' },
    ) as PageBody;
    expect(body.html).toContain(
      '<p>Press <kbd>Ctrl</kbd>+<kbd>C</kbd> (<a href="/guide#keys">keys</a>). <a href="#user-content-fnref-k" data-footnote-backref="" aria-label="Back to reference 1" class="data-footnote-backref">↩</a></p>',
    );
    expect(body.html).toContain(
      '<details><summary>More</summary><p>Hidden <strong>markdown</strong>.</p></details>\n<a href="#user-content-fnref-d"',
    );
    expect(body.html).not.toContain('alert');
    expect(body.markdownLinks).toEqual([
      expect.objectContaining({ href: 'guide.md#keys', url: '/guide#keys', line: 3 }),
    ]);
  });

  it('lets no script through: raw tags, event handlers, script URLs', () => {
    const { html } = md(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))\n\n<a href="#" onclick="x()">y</a>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });

  it('removes link and image URLs with unsafe schemes and keeps safe and relative ones', () => {
    const { html } = md(
      '[a](javascript:alert(1)) [b](VBScript:x) [c](data:text/html,x) ![d](data:image/png;base64,AAAA) ![e](file:///etc/passwd)\n\n[f](/about#team) [g](https://example.org/x?y=1&z=2) [h](mailto:hi@example.org)',
    );
    expect(html).toContain('<a>a</a>');
    expect(html).toContain('<a>b</a>');
    expect(html).toContain('<a>c</a>');
    expect(html).toContain('<img alt="d">');
    expect(html).toContain('<img alt="e">');
    expect(html).not.toMatch(/javascript:|vbscript:|data:|file:/i);
    expect(html).toContain('<a href="/about#team">f</a>');
    expect(html).toContain('<a href="https://example.org/x?y=1&amp;z=2">g</a>');
    expect(html).toContain('<a href="mailto:hi@example.org">h</a>');
  });
});

describe('markdown: heading ids', () => {
  it('gives every heading a unique id, as GitHub does, and lists the h2–h4', () => {
    const { html, headings } = md('# Title\n\n## Who we are\n\n### Data we hold\n\n## Who we are\n\n##### Deep');
    expect(headings).toEqual([
      { depth: 2, text: 'Who we are', id: 'who-we-are' },
      { depth: 3, text: 'Data we hold', id: 'data-we-hold' },
      { depth: 2, text: 'Who we are', id: 'who-we-are-1' },
    ]);
    expect(html).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(html).toContain('<h2 id="who-we-are-1">');
    // Markdown written for GitHub links to headings of every depth (`##### Disadvantages` in a long README).
    expect(html).toContain('<h1 id="title">Title</h1>');
    expect(html).toContain('<h5 id="deep">Deep</h5>');
  });

  it('keeps non-Latin text and lists the text as shown', () => {
    const { headings } = md('## Безопасность\n\n## 安全\n\n## Ọ̀ṣun & *Co*: `rights`!\n\n## !!!\n\n## ???');
    expect(headings.map((h) => h.id)).toEqual(['безопасность', '安全', 'ọ̀ṣun--co-rights', 'section', 'section-1']);
    expect(headings[2]!.text).toBe('Ọ̀ṣun & Co: rights!');
  });

  it('never gives a heading an id the page uses elsewhere: reserved ids and patterns, and the footnotes', () => {
    const { headings } = md(
      '## Main\n\n## Main\n\n## Nav panel 0\n\n## Footnote label\n\n## User content fn 1\n\n## Page title',
      ['main', 'page-title', /^nav-panel-\d+$/],
    );
    expect(headings.map((h) => h.id)).toEqual([
      'main-1',
      'main-2',
      'nav-panel-0-1',
      'footnote-label-1',
      'section-user-content-fn-1',
      'page-title-1',
    ]);
  });

  it('numbers headings on to stay unique per page, and starts afresh on the next page', () => {
    expect(md('## A\n\n## A-1\n\n## A').headings.map((h) => h.id)).toEqual(['a', 'a-1', 'a-2']);
    expect(md('## A').headings.map((h) => h.id)).toEqual(['a']);
  });

  // free-programming-books writes `### <a id="c"></a>C`: the anchor keeps its id, the heading's slug steps around it.
  it('never gives a heading the id raw HTML gives an element of the page', () => {
    const { html, headings } = md(
      '### <a id="c"></a>C\n\n## Intro\n\n<div id=\'intro\'></div>\n\n<!-- <a id="notes"></a> -->\n\n## Notes\n',
    );
    expect(headings.map((h) => h.id)).toEqual(['c-1', 'intro-1', 'notes']);
    expect(html).toContain('<h3 id="c-1"><a id="c"></a>C</h3>');
    expect(new Set(ids(html)).size).toBe(ids(html).length);
  });

  it('takes the id a heading names for itself, {#id}, with the braces left out of the heading and the outline', () => {
    const { html, headings } = md(
      '## Options {#opts}\n\n## Opts\n\n### *Build* `target` { #build.target }\n\n##### Deep {#deep}\n\n## Fixed{#fixed}',
    );
    expect(headings).toEqual([
      { depth: 2, text: 'Options', id: 'opts' },
      // A slug steps around an id named further down the page, as around one named before it.
      { depth: 2, text: 'Opts', id: 'opts-1' },
      { depth: 3, text: 'Build target', id: 'build.target' },
      { depth: 2, text: 'Fixed', id: 'fixed' },
    ]);
    expect(html).toContain('<h2 id="opts">Options</h2>');
    expect(html).toContain('<h3 id="build.target"><em>Build</em> <code>target</code></h3>');
    // At a depth the outline leaves out, the id is still the heading's: a link to it works.
    expect(html).toContain('<h5 id="deep">Deep</h5>');
    expect(html).not.toContain('{#');
  });

  it("reads the id in Python-Markdown's and kramdown's attribute lists, and beside classes and attributes", () => {
    const { html, headings } = md(
      '## Options {: #opts }\n\n## Wide {#wide .full data-x="a b"}\n\n## Classes first {.full #classes}\n\n## Two {#a #b}\n\n## Empty {:}',
    );
    expect(headings.map((h) => [h.text, h.id])).toEqual([
      ['Options', 'opts'],
      ['Wide', 'wide'],
      ['Classes first', 'classes'],
      ['Two {#a #b}', 'two-a-b'],
      ['Empty {:}', 'empty-'],
    ]);
    expect(html).toContain('<h2 id="wide">Wide</h2>');
  });

  it("reads Docsify's :id= at the end of a heading, after a space, as its id", () => {
    const { html, headings } = md(
      '## themeColor ⚠️ :id=themecolor\n\n### Hello, world! :id=hello-world\n\n## Key:id=no\n',
    );
    expect(headings.map((h) => [h.text, h.id])).toEqual([
      ['themeColor ⚠️', 'themecolor'],
      ['Hello, world!', 'hello-world'],
      ['Key:id=no', 'keyidno'],
    ]);
    expect(html).toContain('<h2 id="themecolor">themeColor ⚠️</h2>');
  });

  it('shows braces as written when they are escaped, in code, or name no id', () => {
    const { html, headings } = md(
      '## Literal \\{#not-an-id}\n\n## Code `{#x}`\n\n## Spaced {#two words}\n\n## Class {.wide}',
    );
    expect(headings.map((h) => [h.text, h.id])).toEqual([
      ['Literal {#not-an-id}', 'literal-not-an-id'],
      ['Code {#x}', 'code-x'],
      ['Spaced {#two words}', 'spaced-two-words'],
      ['Class {.wide}', 'class-wide'],
    ]);
    expect(html).toContain('<h2 id="literal-not-an-id">Literal {#not-an-id}</h2>');
  });

  it("makes VitePress's slugs when the config asks for them, GitHub's otherwise", async () => {
    const vitepress = await loadMarkdown({ headingIds: 'vitepress' }, place);
    const source = '## build.target\n\n## build.target\n\n## Ọ̀ṣun & Co: `rights`!\n\n## 2024 plans\n\n## Own {#own}';
    const body = vitepress.render(`# Configuring Vite\n\n${source}\n\n##### Deep`, page) as PageBody;
    expect(body.headings.map((h) => h.id)).toEqual([
      'build-target',
      'build-target-1',
      'osun-co-rights',
      '_2024-plans',
      'own',
    ]);
    // VitePress gives every heading an id, and its links name them: h1 and h5 too (the outline stays h2–h4).
    expect(ids(body.html)).toEqual([
      'configuring-vite',
      'build-target',
      'build-target-1',
      'osun-co-rights',
      '_2024-plans',
      'own',
      'deep',
    ]);
    expect(md(source).headings.map((h) => h.id)).toEqual([
      'buildtarget',
      'buildtarget-1',
      'ọ̀ṣun--co-rights',
      '2024-plans',
      'own',
    ]);
    // The ids are part of what a rendering depends on: a cached body of the other style is never reused.
    expect(vitepress.recipe).not.toBe(plain.recipe);
    expect(await loadMarkdown({ headingIds: 'github' }, place)).not.toBe(vitepress);
  });

  it("makes MkDocs's slugs when the config asks for them (Python-Markdown's, unique with _1)", async () => {
    const mkdocs = await loadMarkdown({ headingIds: 'mkdocs' }, place);
    const source =
      '## build.target\n\n## build.target\n\n## Ọ̀ṣun & Co: `rights`!\n\n## Caret, Mark & Tilde\n\n## Own {#own}\n\n## !!';
    const body = mkdocs.render(source, page) as PageBody;
    expect(body.headings.map((h) => h.id)).toEqual([
      'buildtarget',
      'buildtarget_1',
      'osun-co-rights',
      'caret-mark-tilde',
      'own',
      // A heading whose text makes no slug is "section", whatever the style.
      'section',
    ]);
    expect(mkdocs.recipe).not.toBe(plain.recipe);
  });
});

describe('markdown: one pipeline per plugin list', () => {
  it('reuses the pipeline for equal settings and makes another for other options', async () => {
    const smarty: MarkdownSettings = { plugins: [{ name: 'remark-smartypants' }] };
    const first = await loadMarkdown(smarty, place);
    expect(await loadMarkdown({ plugins: [{ name: 'remark-smartypants' }] }, place)).toBe(first);
    // Not `plain` (tests/support/markdown.ts): made when the first test file of this worker loaded it, and dropped since
    // when the files before this one made more pipelines than are kept (each temporary project is a key of its own).
    const none = await loadMarkdown(undefined, place);
    expect(await loadMarkdown(undefined, place)).toBe(none);
    expect(none).not.toBe(first);
    expect(
      await loadMarkdown({ plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool' } }] }, place),
    ).not.toBe(first);
  });

  it('keeps the pipelines used last: one in use is not dropped for eight made after it was first made', async () => {
    const other = (n: number): MarkdownSettings => ({
      plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool', n } }],
    });
    const kept = await loadMarkdown(other(100), place);
    for (let n = 0; n < 7; n++) await loadMarkdown(other(n), place);
    expect(await loadMarkdown(other(100), place)).toBe(kept);
    await loadMarkdown(other(7), place);
    expect(await loadMarkdown(other(100), place)).toBe(kept);
  });

  it('runs a real plugin from npm with its options', async () => {
    const markdown = await loadMarkdown(
      { plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool' } }] },
      place,
    );
    const body = (await markdown.render('"Quoted" -- and --- it\'s\n\n## "Quoted" heading', page)) as PageBody;
    expect(body.html).toContain('<p>“Quoted” – and — it’s</p>');
    expect(body.headings).toEqual([{ depth: 2, text: '“Quoted” heading', id: 'quoted-heading' }]);
  });
});

describe('the recipe', () => {
  it('names the pipeline packages, and each plugin with its version and options', async () => {
    const smarty = await loadMarkdown(
      { plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool' } }] },
      place,
    );
    const other = await loadMarkdown(
      { plugins: [{ name: 'remark-smartypants', options: { dashes: 'inverted' } }] },
      place,
    );
    expect(plain.recipe).toMatch(/remark-parse@\d+\.\d+\.\d+/);
    // What tokenizes code and converts its grammars' regular expressions decides its colours as much as Shiki does.
    expect(plain.recipe).toMatch(/@shikijs\/vscode-textmate@\d+\.\d+\.\d+/);
    expect(plain.recipe).toMatch(/oniguruma-to-es@\d+\.\d+\.\d+/);
    // GFM's parts, which the pipeline adds itself (gfm-parts.ts), each with its version.
    for (const part of ['micromark-extension-gfm-table', 'mdast-util-gfm-autolink-literal'])
      expect(plain.recipe).toMatch(new RegExp(`${part}@\\d+\\.\\d+\\.\\d+`));
    expect(smarty.recipe).toMatch(/remark-smartypants.*3\.0\.3.*oldschool/);
    expect(other.recipe).not.toBe(smarty.recipe);
    expect(plain.recipe).not.toBe(smarty.recipe);
  });
});
