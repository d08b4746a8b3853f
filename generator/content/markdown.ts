/**
 * Markdown to safe HTML with markdown-it (CommonMark, plus GFM tables and
 * strikethrough).
 *
 * Why markdown-it: markdown is most of a large build's work. Measured on this
 * benchmark's 1.5 KB pages, remark + remark-html costs about 1.8 ms a page,
 * micromark alone (remark's parser, straight to HTML) 1.0–1.4 ms, and
 * markdown-it 0.2 ms, with less garbage for the collector to chase.
 *
 * Safety: raw HTML in markdown is dropped (not escaped into visible text), and
 * link and image URLs keep only safe protocols (the list micromark and
 * remark-html allow); any other URL becomes an empty one. Table alignment is
 * written as `align` attributes: the site's Content-Security-Policy forbids
 * `style` attributes. Headings h2–h4 get stable, unique ids (unprefixed, so
 * tables of contents can link to them) and are returned for templates.
 */
import MarkdownIt from 'markdown-it';
import type { Heading } from '../core/types';

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'section';

/** A URL with a scheme (text before a colon, no `/`, `?` or `#` first) must use one of these; relative URLs pass. */
const SCHEME = /^([^:/?#]*):/;
const SAFE_SCHEME = /^(https?|ircs?|mailto|xmpp)$/i;

// `html: true` so raw HTML is recognised as HTML (and dropped below) rather than shown as escaped text.
const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false });
md.renderer.rules.html_block = () => '';
md.renderer.rules.html_inline = () => '';
// GFM (and GitHub) write strikethrough as <del>; markdown-it writes <s>.
md.renderer.rules.s_open = () => '<del>';
md.renderer.rules.s_close = () => '</del>';
md.validateLink = () => true; // every URL becomes a link; unsafe ones are emptied below
const normalizeLink = md.normalizeLink.bind(md);
md.normalizeLink = (url: string) => {
  const scheme = SCHEME.exec(url.trim())?.[1];
  return scheme !== undefined && !SAFE_SCHEME.test(scheme) ? '' : normalizeLink(url);
};
md.core.ruler.push('align_attributes', (state) => {
  for (const token of state.tokens) {
    const style = token.type === 'th_open' || token.type === 'td_open' ? token.attrGet('style') : null;
    if (style) token.attrs = [['align', String(style).replace('text-align:', '')]];
  }
});

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
/** The text of rendered heading HTML: tags removed, the four entities markdown-it writes decoded. */
const textOfHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]!);

/**
 * Gives h2–h4 ids. markdown-it writes headings as bare `<hN>` tags and raw
 * HTML is dropped, so every `<hN>` in its output is a markdown heading.
 */
function withHeadingIds(html: string): { html: string; headings: Heading[] } {
  const seen = new Map<string, number>();
  const headings: Heading[] = [];
  const out = html.replace(/<h([2-4])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const text = textOfHtml(inner).trim();
    const base = slugify(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count}`;
    headings.push({ depth: Number(level), text, id });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, headings };
}

/** Rendered bodies by source text: watch mode re-validates every page on a template edit, but re-renders no unchanged body. */
export type MarkdownCache = Map<string, { html: string; headings: Heading[] }>;
const CACHE_LIMIT = 10_000;

export function renderMarkdown(source: string, cache?: MarkdownCache): { html: string; headings: Heading[] } {
  const hit = cache?.get(source);
  if (hit) return hit;
  const result = withHeadingIds(md.render(source));
  if (cache) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(source, result);
  }
  return result;
}
