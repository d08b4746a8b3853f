/**
 * Where a body's code is (body-outline.ts, inCode): code blocks and spans, raw HTML, and the inside of an HTML code
 * element, which may hold code spans of its own; looked up by binary search over the ranges merged into one list.
 */
import { describe, expect, it } from 'vitest';
import { outlineBody } from '../../generator/markdown/body-outline';

describe('inCode', () => {
  it('is true exactly on code, HTML and inside HTML code elements, nested or not', () => {
    const body = 'a <code>b `c` d</code> e `f` g <kbd>h</kbd> i\n\n```\nj\n```\n\nk <em>l</em> m\n';
    const outline = outlineBody(body);
    const shown = [...body].map((_, offset) => (outline.inCode(offset) ? 'x' : '.')).join('');
    const expected = [...body]
      .map((_, offset) => {
        const ranges = [
          [body.indexOf('<code>'), body.indexOf('</code>') + '</code>'.length],
          [body.indexOf('`f`'), body.indexOf('`f`') + 3],
          [body.indexOf('<kbd>'), body.indexOf('</kbd>') + '</kbd>'.length],
          [body.indexOf('```'), body.lastIndexOf('```') + 3],
          [body.indexOf('<em>'), body.indexOf('<em>') + 4],
          [body.indexOf('</em>'), body.indexOf('</em>') + 5],
        ];
        return ranges.some(([start, end]) => offset >= start! && offset < end!) ? 'x' : '.';
      })
      .join('');
    expect(shown).toBe(expected);
  });
});
