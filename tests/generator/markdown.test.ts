import { describe, expect, it } from 'vitest';
import { renderMarkdown, slugify } from '../../generator/markdown';

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
