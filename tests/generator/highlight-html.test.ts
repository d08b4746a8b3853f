/**
 * A highlighted block's HTML made once, as a string (markdown/code-html.ts): the sanitiser and serialiser are handed
 * one marker per block, not its spans, and the page's HTML is the bytes they would have made of the spans; a page
 * cannot pose as a block's place; a block whose classes the schema would change is made as hast.
 */
import type { Element, Root as HastRoot } from 'hast';
import type { Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { remark } from 'remark';
import type { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../../generator/markdown/code-blocks';
import {
  codeHtmlMaker,
  codeMarker,
  placeCodeHtml,
  withCodeHtml,
  type CodeHtmlData,
} from '../../generator/markdown/code-html';
import { htmlOptions } from '../../generator/markdown/markdown-html';
import { remarkKeepFile } from '../../generator/markdown/raw-html';
import { md } from '../support/markdown';

const PAGE = [
  '# Code',
  '',
  '```ts',
  'const a: Array<string> = ["<b>", \'&amp;\', `${x} && y`]; // </code> é 🙂',
  '',
  '\tif (a < b && c > d) return "\\"";',
  '```',
  '',
  '```sh',
  'echo "$HOME" > out.txt 2>&1 # <script>',
  '```',
  '',
  '```rust,ignore',
  '# fn hidden() {}',
  'fn main() { println!("{}", 1 << 2); }',
  '```',
  '',
  '- a list',
  '',
  '  ```yaml',
  '  key: "<value>" # &',
  '  ```',
  '',
  '```json',
  '{ "a": [1, 2, "&lt;"] }',
  '```',
  '',
].join('\n');

/** The code blocks of a page's HTML. */
const blocksOf = (html: string) => [...html.matchAll(/<pre[\s\S]*?<\/pre>/g)].map((m) => m[0]);

describe('a highlighted block made once as a string', () => {
  it('gives the bytes the sanitiser and serialiser make of its spans', () => {
    const asString = md(PAGE).html;
    // A page with raw HTML has its blocks made as hast, sanitised and serialised span by span.
    const asHast = md(`${PAGE}\n<kbd>K</kbd>\n`).html;
    expect(asHast).toContain('<kbd>K</kbd>');
    const blocks = blocksOf(asString);
    expect(blocks).toHaveLength(5);
    expect(blocks).toEqual(blocksOf(asHast));
    expect(asString).toBe(asHast.replace(/\n<p><kbd>K<\/kbd><\/p>/, ''));
    expect(blocks[0]).toContain('<span class="hl-0a3069 hd-a5d6ff">"&lt;b>"</span>');
    expect(blocks[0]).toContain('&amp;amp;');
  });

  it('hands the sanitiser one text a block, which the page HTML replaces with the block', async () => {
    const code = codeBlocks();
    const source = '```ts\nconst a = 1;\n```\n\n```ts\nlet b = 2;\n```\n';
    const made = async () => {
      const tree = remark().parse(source) as Root;
      const file = { data: {} } as VFile;
      remarkKeepFile()(tree, file);
      await code.remarkCodeLanguages()(tree, file);
      const hast = toHast(tree, { handlers: htmlOptions(code.code).handlers }) as HastRoot;
      const codes = hast.children.flatMap((node) =>
        node.type === 'element' && node.tagName === 'pre' ? [node.children[0] as Element] : [],
      );
      return { codes, data: file.data as CodeHtmlData };
    };
    const first = await made();
    expect(first.codes).toHaveLength(2);
    for (const [n, element] of first.codes.entries())
      expect(element.children).toEqual([{ type: 'text', value: `${first.data.codeHtml!.marker}-${n}-` }]);
    expect(first.data.codeHtml!.blocks[1]).toMatch(/^<span class="hl-cf222e hd-ff7b72">let<\/span> b /);
    // The marker is the pipeline's, random: another pipeline's differs.
    expect((await made()).data.codeHtml!.marker).toBe(first.data.codeHtml!.marker);
    expect(codeMarker()).not.toBe(first.data.codeHtml!.marker);
  });

  it('lets no page pose as a block, and finds each block once or fails', () => {
    const posing = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-0-';
    const body = md(`Text ${posing}\n\n\`\`\`ts\n// ${posing}\nconst a = 1;\n\`\`\`\n`).html;
    expect(body).toContain(`<p>Text ${posing}</p>`);
    expect(body).toContain(`// ${posing}</span>`);

    const data: CodeHtmlData = {};
    const marker = codeMarker();
    const place = placeCodeHtml(data, marker, '<span>x</span>\n');
    const second = placeCodeHtml(data, marker, 'y\n');
    expect(withCodeHtml(`<code>${second}</code> & <code>${place}</code>`, { ...data })).toBe(
      '<code>y\n</code> & <code><span>x</span>\n</code>',
    );
    expect(() => withCodeHtml(`<code>${place}</code>`, { ...data })).toThrow(/1 highlighted blocks were not/);
    expect(() => withCodeHtml(`${place}${place}${second}`, { ...data })).toThrow(/not as it was made/);
    expect(() => withCodeHtml(`${place}${marker}-2-`, { ...data })).toThrow(/not as it was made/);
  });

  it('makes a block whose classes the schema would change as hast', () => {
    const make = codeHtmlMaker();
    const line = [
      { text: 'a<&', classes: ['hl-cf222e', 'hd-ff7b72'] },
      { text: ' b', classes: [] },
    ];
    expect(make([line, [], line])).toBe(
      '<span class="hl-cf222e hd-ff7b72">a&lt;&amp;</span> b\n\n<span class="hl-cf222e hd-ff7b72">a&lt;&amp;</span> b\n',
    );
    expect(make([line, [{ text: 'c', classes: ['hl-red'] }]])).toBeUndefined();
  });
});
