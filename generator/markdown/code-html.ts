/**
 * A highlighted block's HTML made once, as a string, where remark-html would make thousands of token spans into hast,
 * sanitise each and serialise each again: the block's `<code>` holds a marker through the sanitiser and the
 * serialiser, and the page's HTML gets the block's HTML in its place (remarkHtml, markdown-html.ts).
 *
 * What the string holds is what the sanitiser and hast-util-to-html make of the same spans: a span per run with its
 * classes, every class one the schema allows on spans (TOKEN_CLASSES; a block with any other is made as hast, and
 * sanitised as such), its text with `&` and `<` escaped as the serialiser escapes text (`&amp;`, `&lt;`), lines joined
 * by newlines. Only the engine writes these: a run's text is the page's code, escaped; its classes come from the
 * theme. The marker is 128 random bits made with the pipeline, which no page sees (every marker is replaced before a
 * page's HTML leaves the pipeline), so no page can write it; each must be found once in the page's HTML, or the page
 * fails. A page with raw HTML is made as before (code-blocks.ts): hast-util-raw parses the
 * whole tree again as a browser would, which the string would skip.
 */
import { TOKEN_CLASSES } from './highlight';
import type { Run } from './token-lines';

/** vfile data: the HTML of the page's highlighted blocks, by the number its marker holds. */
export interface CodeHtmlData {
  codeHtml?: { marker: string; blocks: string[] };
}

/** Whether the schema allows a class on a span (hast-util-sanitize's test of a property's allowed values). */
const allowed = (name: string) =>
  TOKEN_CLASSES.some((value) => (typeof value === 'string' ? value === name : value.test(name)));

const escapeText = (text: string) => text.replace(/[&<]/g, (c) => (c === '&' ? '&amp;' : '&lt;'));

/** A line's HTML as the sanitiser and serialiser make its runs; undefined when a class is not the schema's. */
function lineHtml(line: readonly Run[]): string | undefined {
  let html = '';
  for (const { text, classes } of line) {
    if (classes.length === 0) html += escapeText(text);
    else if (classes.every(allowed)) html += `<span class="${classes.join(' ')}">${escapeText(text)}</span>`;
    else return undefined;
  }
  return html;
}

/**
 * Makes blocks' HTML from their lines of runs: each line's once (lines met again are the same arrays,
 * token-lines.ts). One per pipeline.
 */
export function codeHtmlMaker(): (lines: readonly (readonly Run[])[]) => string | undefined {
  const made = new WeakMap<readonly Run[], string | null>();
  return (lines) => {
    const parts: string[] = [];
    for (const line of lines) {
      if (line.length === 0) {
        parts.push('');
        continue;
      }
      let html = made.get(line);
      if (html === undefined) made.set(line, (html = lineHtml(line) ?? null));
      if (html === null) return undefined;
      parts.push(html);
    }
    // mdast-util-to-hast's newline after the block's last line.
    return `${parts.join('\n')}\n`;
  };
}

/**
 * Keeps a block's HTML for the page, and gives the text its `<code>` holds until the page's HTML is made: `marker`
 * (random, made once per pipeline: no page sees it, since every marker is replaced before a page's HTML leaves the
 * pipeline), then the block's number on the page.
 */
export function placeCodeHtml(data: CodeHtmlData, marker: string, html: string): string {
  data.codeHtml ??= { marker, blocks: [] };
  const { blocks } = data.codeHtml;
  blocks.push(html);
  return `${marker}-${blocks.length - 1}-`;
}

/** A marker for placeCodeHtml: 128 random bits, as hex. */
export const codeMarker = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The page's HTML with each block's HTML in its marker's place; throws when a marker is not found once. */
export function withCodeHtml(html: string, data: CodeHtmlData): string {
  const code = data.codeHtml;
  if (!code) return html;
  delete data.codeHtml;
  const { marker, blocks } = code;
  const parts: string[] = [];
  const found = new Set<number>();
  let from = 0;
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, from)) {
    const end = html.indexOf('-', at + marker.length + 1);
    const n = Number(html.slice(at + marker.length + 1, end));
    if (html[at + marker.length] !== '-' || end === -1 || !(n in blocks) || found.has(n))
      throw new Error(`a highlighted block's place is not as it was made (block ${n})`);
    found.add(n);
    parts.push(html.slice(from, at), blocks[n]!);
    from = end + 1;
  }
  if (found.size !== blocks.length)
    throw new Error(`${blocks.length - found.size} highlighted blocks were not in the page's HTML`);
  parts.push(html.slice(from));
  return parts.join('');
}
