/**
 * Markdown written for other tools, made as they make it: GitHub's alerts and emoji shortcodes, the fenced containers
 * of VitePress and Docusaurus, and MkDocs's admonitions (markdown/github-alerts.ts, emoji.ts, containers.ts,
 * admonitions.ts).
 */
import type { Code, Construct, Extension, State } from 'micromark-util-types';
import { remark } from 'remark';
import type { Processor } from 'unified';
import { describe, expect, it } from 'vitest';
import { containerSyntax } from '../../generator/markdown/containers';
import { withEmoji } from '../../generator/markdown/emoji';
import { md } from '../support/markdown';

describe("markdown: GitHub's alerts", () => {
  it('makes a quote that starts with [!NOTE] and the four other kinds an alert, with the markup GitHub writes', () => {
    const { html } = md('> [!NOTE]\n> Read this **first**.\n>\n> And this.\n\n> [!caution]\n> Irreversible.\n');
    expect(html).toBe(
      '<div class="markdown-alert markdown-alert-note">\n<p class="markdown-alert-title">Note</p>\n' +
        '<p>Read this <strong>first</strong>.</p>\n<p>And this.</p>\n</div>\n' +
        '<div class="markdown-alert markdown-alert-caution">\n<p class="markdown-alert-title">Caution</p>\n' +
        '<p>Irreversible.</p>\n</div>\n',
    );
    for (const kind of ['TIP', 'IMPORTANT', 'WARNING'])
      expect(md(`> [!${kind}]\n> Text.\n`).html).toContain(
        `<div class="markdown-alert markdown-alert-${kind.toLowerCase()}">`,
      );
  });

  it('leaves any other quote as written: another word, text after the marker, the marker alone, a quote in a list', () => {
    for (const source of [
      '> [!DANGER]\n> Text.\n',
      '> [!NOTE] Text on the same line.\n',
      '> [!NOTE]\n',
      '- A list item\n\n  > [!NOTE]\n  > Text.\n',
      '> Text first.\n> [!NOTE]\n',
    ]) {
      const { html } = md(source);
      expect(html, source).toContain('<blockquote>');
      expect(html, source).toContain('[!');
      expect(html, source).not.toContain('markdown-alert');
    }
  });

  it('lets no other class through, in markdown or in raw HTML', () => {
    const { html } = md('<div class="markdown-alert evil"><p class="markdown-alert-title other">x</p></div>\n');
    expect(html).toBe('<div class="markdown-alert"><p class="markdown-alert-title">x</p></div>\n');
  });
});

describe('markdown: fenced containers (VitePress, Docusaurus)', () => {
  const alert = (kind: string, title: string, body: string) =>
    `<div class="markdown-alert markdown-alert-${kind}"><p class="markdown-alert-title">${title}</p>${body}</div>`;

  it('makes the callouts alerts, titled by the rest of the opening line, in brackets or not', () => {
    expect(md('::: tip\nThis is a tip.\n:::\n').html).toBe(`${alert('tip', 'Tip', '<p>This is a tip.</p>')}\n`);
    expect(md('::: warning Custom *title*\nText\n:::\n').html).toContain(
      alert('warning', 'Custom <em>title</em>', '<p>Text</p>'),
    );
    expect(md(':::danger[Irreversible]\nText\n:::\n').html).toContain(alert('caution', 'Irreversible', '<p>Text</p>'));
    expect(md('::: info\nText\n:::\n').html).toContain(alert('note', 'Info', '<p>Text</p>'));
  });

  it('holds markdown of its own, closed by its fence even after a list or a table', () => {
    const { html } = md('::: tip\n- a\n- b\n:::\n\n:::note\n| a |\n| - |\n| 1 |\n:::\n\nAfter.\n');
    expect(html).toContain('<ul>\n<li>a</li>\n<li>b</li>\n</ul></div>');
    expect(html).toContain('<td>1</td>\n</tr>\n</tbody>\n</table></div>\n<p>After.</p>');
    expect(html).not.toContain(':::');
  });

  it('makes details a disclosure and any other name a plain block', () => {
    expect(md('::: details Click me\n```text\nconst x = 1\n```\n:::\n').html).toBe(
      '<details><summary>Click me</summary><pre tabindex="0"><code class="language-text">const x = 1\n</code></pre></details>\n',
    );
    expect(md('::: code-group\n```text\nnpm i\n```\n:::\n').html).toBe(
      '<div><pre tabindex="0"><code class="language-text">npm i\n</code></pre></div>\n',
    );
  });

  it("takes VitePress's attributes in braces off the title: {open} opens a disclosure, {no-title} leaves no title", () => {
    expect(md('::: details Click me to toggle {open}\nx\n:::\n').html).toBe(
      '<details open><summary>Click me to toggle</summary><p>x</p></details>\n',
    );
    expect(md('::: tip {no-title}\nJust try it.\n:::\n').html).toBe(
      `${alert('tip', 'Tip', '<p>Just try it.</p>').replace('<p class="markdown-alert-title">Tip</p>', '')}\n`,
    );
    // Others (a class, an id) are not kept; a title of only attributes is the container's name.
    expect(md('::: warning Careful *now* {.big #w}\nx\n:::\n').html).toContain(
      alert('warning', 'Careful <em>now</em>', '<p>x</p>'),
    );
    expect(md('::: info {.big}\nx\n:::\n').html).toContain(alert('note', 'Info', '<p>x</p>'));
    expect(md('::: details {open}\nx\n:::\n').html).toContain('<details open><summary>Details</summary>');
  });

  it('nests with more colons outside, interrupts a paragraph, and sits in lists and quotes', () => {
    expect(md(':::: info Outer\n::: tip Inner\nx\n:::\n::::\n').html).toContain(
      alert('note', 'Outer', alert('tip', 'Inner', '<p>x</p>')),
    );
    expect(md('Para\n::: tip\nx\n:::\n').html).toContain(`<p>Para</p>\n${alert('tip', 'Tip', '<p>x</p>')}`);
    expect(md('- item\n  ::: tip\n  in a list\n  :::\n- next\n').html).toContain(
      `<li>item\n${alert('tip', 'Tip', '<p>in a list</p>')}\n</li>\n<li>next</li>`,
    );
    expect(md('> ::: tip\n> x\n> :::\n').html).toContain(`<blockquote>\n${alert('tip', 'Tip', '<p>x</p>')}`);
  });

  it('lets a site plugin that reads `:::` itself go first', () => {
    // A stand-in for remark-directive: a construct of its own at a colon, which takes `:::own` lines.
    const own: Construct = {
      tokenize(effects, ok, nok) {
        let size = 0;
        const rest = (code: Code): State | undefined => {
          if (code === null || code < 0) {
            effects.exit('data');
            return ok(code);
          }
          effects.consume(code);
          return rest;
        };
        const colons = (code: Code): State | undefined => {
          if (code === 58) {
            if (size++ === 0) effects.enter('data');
            effects.consume(code);
            return colons;
          }
          return size >= 3 && code === 111 ? rest(code) : nok(code);
        };
        return colons;
      },
    };
    function ownSyntax(this: Processor) {
      ((this.data() as { micromarkExtensions?: Extension[] }).micromarkExtensions ??= []).push({ flow: { 58: own } });
    }
    const parse = (source: string) =>
      remark()
        .use(ownSyntax)
        .use(containerSyntax)
        .parse(source)
        .children.map((node) => node.type);
    expect(parse('::: tip\nx\n:::\n')).toEqual(['fencedContainer']);
    expect(parse(':::own\n')).not.toContain('fencedContainer');
  });

  it('leaves colons as written without a name, and in code; an unclosed container runs to the end', () => {
    expect(md(':::\nnot a container\n:::\n').html).toBe('<p>:::\nnot a container\n:::</p>\n');
    expect(md('```text\n::: tip\nshown\n:::\n```\n').html).toContain('::: tip\nshown\n:::');
    expect(md('::: tip\nunclosed\n\n## Heading\n').html).toBe(
      `${alert('tip', 'Tip', '<p>unclosed</p><h2 id="heading">Heading</h2>')}\n`,
    );
  });
});

describe("markdown: MyST's directives in braces", () => {
  const alert = (kind: string, title: string, body: string) =>
    `<div class="markdown-alert markdown-alert-${kind}"><p class="markdown-alert-title">${title}</p>${body}</div>`;

  it('makes the admonitions alerts, with their options left out, and a dropdown a disclosure', () => {
    expect(md(':::{note}\nA note.\n:::\n').html).toBe(`${alert('note', 'Note', '<p>A note.</p>')}\n`);
    expect(md(':::{admonition} My title\n:class: tip\n:name: mine\n\nText.\n:::\n').html).toBe(
      `${alert('note', 'My title', '<p>Text.</p>')}\n`,
    );
    expect(md(':::{seealso}\nx\n:::\n').html).toContain(alert('note', 'See also', '<p>x</p>'));
    expect(md(':::{attention}\nx\n:::\n').html).toContain(alert('warning', 'Attention', '<p>x</p>'));
    expect(md(':::{dropdown} Open me\nx\n:::\n').html).toBe('<details><summary>Open me</summary><p>x</p></details>\n');
  });

  it('makes other directives plain blocks, nested with more colons; a fence naming one is code, no language', () => {
    expect(md('::::{tab-set}\n:::{tab-item} One\nx\n:::\n::::\n').html).toBe(
      '<div><div><p>One</p><p>x</p></div></div>\n',
    );
    const fenced = md('```{note}\nx\n```\n');
    expect(fenced.html).toBe('<pre tabindex="0"><code class="language-{note}">x\n</code></pre>\n');
    expect(fenced.unknownCode).toBeUndefined();
    // Braces without a name, or left open, are text.
    expect(md(':::{}\nx\n:::\n').html).toContain('<p>:::{}');
    expect(md(':::{note\nx\n:::\n').html).toContain('<p>:::{note');
  });
});

describe('markdown: admonitions (MkDocs)', () => {
  const alert = (kind: string, title: string | undefined, body: string) =>
    `<div class="markdown-alert markdown-alert-${kind}">${title === undefined ? '' : `<p class="markdown-alert-title">${title}</p>`}${body}</div>`;

  it('makes !!! an alert of its type, titled by its quoted title or its type; ""  leaves it untitled', () => {
    expect(md('!!! note "Back up first"\n    Indented *content*.\n\n    - a\n\nAfter.\n').html).toBe(
      `${alert('note', 'Back up first', '<p>Indented <em>content</em>.</p><ul>\n<li>a</li>\n</ul>')}\n<p>After.</p>\n`,
    );
    expect(md('!!! warning\n    Text.\n').html).toContain(alert('warning', 'Warning', '<p>Text.</p>'));
    expect(md('!!! danger highlight blink "Do not"\n    Text.\n').html).toContain(
      alert('caution', 'Do not', '<p>Text.</p>'),
    );
    expect(md('!!! note ""\n    Text.\n').html).toContain(alert('note', undefined, '<p>Text.</p>'));
    expect(md('!!! custom "Own"\n    Text.\n').html).toContain(alert('note', 'Own', '<p>Text.</p>'));
  });

  it('makes ??? a closed disclosure and ???+ an open one', () => {
    expect(md('??? note "Collapsed"\n    Hidden.\n').html).toBe(
      '<details><summary>Collapsed</summary><p>Hidden.</p></details>\n',
    );
    expect(md('???+ tip\n    Open.\n').html).toBe('<details open><summary>Tip</summary><p>Open.</p></details>\n');
  });

  it('holds its indented lines and the blank lines between them, code indented further, and sits in a list', () => {
    expect(md('!!! note\n\n    First.\n\n        code\n\nAfter.\n').html).toBe(
      `${alert('note', 'Note', '<p>First.</p><pre tabindex="0"><code>code\n</code></pre>')}\n<p>After.</p>\n`,
    );
    expect(md('- item\n\n    !!! tip\n        in a list\n').html).toContain(alert('tip', 'Tip', '<p>in a list</p>'));
  });

  it('is text inside a paragraph, without a space after the marker, and in code', () => {
    expect(md('Para\n!!! note\n    more\n').html).toBe('<p>Para\n!!! note\nmore</p>\n');
    expect(md('!!!note\n').html).toBe('<p>!!!note</p>\n');
    expect(md('```\n!!! note\n    in code\n```\n').html).toContain('<code>!!! note\n    in code\n</code>');
  });
});

describe("markdown: GitHub's emoji shortcodes", () => {
  it('shows the emoji a shortcode names, in prose, links and tables; code and unknown names stay as written', () => {
    const { html } = md(
      'Launch :rocket: :+1: [go :tada:](/x)\n\n| ok |\n| --- |\n| :white_check_mark: |\n\n`:rocket:` 10:30:45 :nothing_here:\n\n```\n:rocket:\n```\n',
    );
    expect(html).toContain('<p>Launch 🚀 👍 <a href="/x">go 🎉</a></p>');
    expect(html).toContain('<td>✅</td>');
    expect(html).toContain('<code>:rocket:</code> 10:30:45 :nothing_here:');
    expect(html).toContain('<pre tabindex="0"><code>:rocket:\n</code></pre>');
  });

  it("makes a heading's id from its shortcodes as written, as GitHub does, and lists its text with the emoji", () => {
    const { html, headings } = md('## :memo: License\n');
    expect(html).toBe('<h2 id="memo-license">📝 License</h2>\n');
    expect(headings).toEqual([{ depth: 2, text: '📝 License', id: 'memo-license' }]);
  });
});

// Issue 40: names written in the page were looked up in plain objects, which answer for the object prototype's names.
describe("markdown: names that are the object prototype's stay as written", () => {
  const PROTOTYPE = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

  it('an emoji shortcode of such a name stays as written, as on GitHub, in the body, title, description and headings', () => {
    const text = PROTOTYPE.map((name) => `:${name}:`).join(' ');
    const { html, headings } = md(`${text} :rocket:\n\n## Names ${text}\n`);
    const shown = text.replace(':__proto__:', ':<strong>proto</strong>:');
    expect(html).toContain(`<p>${shown} 🚀</p>`);
    expect(html).not.toMatch(/function|native code|\[object/);
    expect(headings[0]!.text).toBe(`Names ${text.replace(':__proto__:', ':proto:')}`);
    // The derived title and description, and the table of contents, read the text through withEmoji.
    expect(withEmoji(`${text} :rocket:`)).toBe(`${text} 🚀`);
  });

  it('a fenced container of such a name is a plain block, as any name it does not know', () => {
    for (const name of PROTOTYPE) {
      const { html } = md(`::: ${name}\nBody.\n:::\n`);
      expect(html, name).toBe('<div><p>Body.</p></div>\n');
    }
  });

  it('an admonition of such a type is a note, as any type it does not know', () => {
    for (const name of PROTOTYPE.filter((n) => /^\w+$/.test(n))) {
      const { html } = md(`!!! ${name} "Own"\n    Body.\n`);
      expect(html, name).toBe(
        '<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Own</p><p>Body.</p></div>\n',
      );
    }
  });

  it('a GitHub alert of such a kind is a quote as written', () => {
    expect(md('> [!constructor]\n> Body.\n').html).toBe('<blockquote>\n<p>[!constructor]\nBody.</p>\n</blockquote>\n');
  });
});
