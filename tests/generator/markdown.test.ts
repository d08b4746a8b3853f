import { describe, expect, it } from 'vitest';
import { renderMarkdown, slugify } from '../../generator/content/markdown';

describe('renderMarkdown', () => {
  it('renders markdown with GFM tables', () => {
    const { html } = renderMarkdown('Some **bold** text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
  });

  it('drops raw HTML and script URLs, so content cannot inject scripts', () => {
    const { html } = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))\n\n<a href="#" onclick="x()">y</a>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });

  it('gives h2–h4 unique ids and lists them', () => {
    const { html, headings } = renderMarkdown('## Who we are\n\n### Data we hold\n\n## Who we are\n\n##### Deep');
    expect(headings).toEqual([
      { depth: 2, text: 'Who we are', id: 'who-we-are' },
      { depth: 3, text: 'Data we hold', id: 'data-we-hold' },
      { depth: 2, text: 'Who we are', id: 'who-we-are-1' },
    ]);
    expect(html).toContain('<h2 id="who-we-are">');
    expect(html).toContain('<h2 id="who-we-are-1">');
  });

  it('slugifies accents and punctuation', () => {
    expect(slugify('Ọ̀ṣun & Co: Rights!')).toBe('osun-co-rights');
    expect(slugify('!!!')).toBe('section');
  });
});

describe('renderMarkdown safety and output details', () => {
  it('drops raw HTML rather than showing it as escaped text', () => {
    const { html } = renderMarkdown('Before <span class="x">inline</span> after.\n\n<div>\nblock\n</div>\n');
    expect(html).toBe('<p>Before inline after.</p>\n');
  });

  it('empties link and image URLs with unsafe schemes and keeps safe and relative ones', () => {
    const { html } = renderMarkdown('[a](javascript:alert(1)) [b](VBScript:x) [c](data:text/html,x) ![d](file:///etc/passwd)\n\n[e](/about#team) [f](https://example.org/x?y=1) [g](mailto:hi@example.org) [h](tel:+2348000000000)');
    expect(html).toContain('<a href="">a</a>');
    expect(html).toContain('<a href="">b</a>');
    expect(html).toContain('<a href="">c</a>');
    expect(html).toContain('<img src="" alt="d">');
    expect(html).toContain('<a href="/about#team">e</a>');
    expect(html).toContain('<a href="https://example.org/x?y=1">f</a>');
    expect(html).toContain('<a href="mailto:hi@example.org">g</a>');
  });

  it('writes table alignment as align attributes, never style attributes (the CSP forbids them)', () => {
    const { html } = renderMarkdown('| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n');
    expect(html).toContain('<th align="left">l</th>');
    expect(html).toContain('<td align="center">2</td>');
    expect(html).toContain('<td align="right">3</td>');
    expect(html).not.toContain('style=');
  });

  it('renders GFM strikethrough and fenced code with its language', () => {
    const { html } = renderMarkdown('~~gone~~\n\n```ts\nconst a = 1 < 2;\n```\n');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>');
  });
});
