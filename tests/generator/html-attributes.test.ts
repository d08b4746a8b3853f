import { describe, expect, it } from 'vitest';
import { forEachAttribute, idsIn } from '../../generator/render/html-attributes';

const LINK = / (href|src)="([^"]*)"/g;

const attributes = (html: string, pattern = LINK) => {
  const found: string[] = [];
  forEachAttribute(html, pattern, (name, value) => found.push(`${name}=${value}`));
  return found;
};

describe('forEachAttribute', () => {
  it('reads every matching attribute of every start tag, in order, and nothing from text', () => {
    const html =
      '<p class="x">Write <code>&lt;a href="/not-a-link"&gt;</code> for <a href="/one" title="a > b">one</a>' +
      '<img alt="" src="/two.png"> and href="/text" too. <a  href="/three" id="t">three</a></p><br/>';
    expect(attributes(html)).toEqual(['href=/one', 'src=/two.png', 'href=/three']);
    expect(idsIn(html)).toEqual(['t']);
  });

  it('gives a call made from inside another its own place in its page (the same pattern twice)', () => {
    const outer = '<a href="/a">a</a><a href="/b">b</a>';
    const inner = '<img src="/x.png"><img src="/y.png">';
    const found: string[] = [];
    forEachAttribute(outer, LINK, (_, value) => {
      if (found.length > 12) throw new Error(`read again and again: ${found.join(' ')}`);
      found.push(value);
      forEachAttribute(inner, LINK, (__, nested) => found.push(nested));
    });
    expect(found).toEqual(['/a', '/x.png', '/y.png', '/b', '/x.png', '/y.png']);
    // The pattern given is left as it was.
    expect(LINK.lastIndex).toBe(0);
  });
});
