/**
 * A list's summary of a page: its first paragraph, as rendered, cut from the page's HTML and never rewritten. The
 * HTML is remark-html's (hast-util-to-html's serialisation): in text and attribute values alike `<` is always escaped
 * and every attribute value is in double quotes with `"` escaped, so each `<` starts a tag and a tag ends at the first
 * `>` outside quotes. The summary is read as that sequence of tags and text: only tags are changed, text (prose and
 * code, `<main id="content">` or `aria-labelledby="title"` written in it) is kept as written, character for character.
 */

/** A start or end tag: its name, and its attributes (each `name` or `name="value"`). */
const TAG = /<(\/?)([a-zA-Z][^\s/>]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*(\/?)>/y;
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:="([^"]*)")?/g;

/** Attributes that name ids of the page the paragraph comes from: unique there, repeated or dangling on a list. */
const OWN_IDS = new Set(['id', 'aria-describedby', 'aria-labelledby']);

type Token =
  { text: string } | { tag: string; end: boolean; attributes: [string, string | undefined][]; self: boolean };

function tokens(html: string): Token[] {
  const found: Token[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) break;
    if (open > at) found.push({ text: html.slice(at, open) });
    TAG.lastIndex = open;
    const tag = TAG.exec(html);
    // Not a tag remark-html writes: kept as text (it never happens with its output; nothing is dropped if it does).
    if (!tag) {
      found.push({ text: '<' });
      at = open + 1;
      continue;
    }
    const attributes = [...tag[3]!.matchAll(ATTRIBUTE)].map((m): [string, string | undefined] => [m[1]!, m[2]]);
    found.push({ tag: tag[2]!.toLowerCase(), end: tag[1] === '/', attributes, self: tag[4] === '/' });
    at = TAG.lastIndex;
  }
  if (at < html.length) found.push({ text: html.slice(at) });
  return found;
}

const written = (token: Token): string =>
  'text' in token
    ? token.text
    : token.end
      ? `</${token.tag}>`
      : `<${token.tag}${token.attributes.map(([name, value]) => (value === undefined ? ` ${name}` : ` ${name}="${value}"`)).join('')}${token.self ? ' /' : ''}>`;

type Tag = Extract<Token, { tag: string }>;
const isTag = (token: Token | undefined, name: string, end?: boolean): token is Tag =>
  token !== undefined && 'tag' in token && token.tag === name && (end === undefined || token.end === end);
const isFootnoteRef = (token: Token | undefined) =>
  isTag(token, 'a', false) && token.attributes.some(([name]) => name === 'data-footnote-ref');

/**
 * The page's first paragraph, as rendered: a list's summary of it. Shown on another page, its fragment links name
 * their page (`#setup` → `/blog/post#setup`), or they would point into the list; it carries no id of its page (two
 * summaries with a footnote would give a list two elements of one id), and no footnote mark.
 */
export function paragraphSummary(html: string, route: string): string {
  const start = /<p[\s>]/.exec(html);
  if (!start) return '';
  const end = html.indexOf('</p>', start.index);
  if (end === -1) return '';
  const all = tokens(html.slice(start.index, end + '</p>'.length));
  const kept: string[] = [];
  // Inside an anchor that was only a target (<a id="x">text</a>, <a name>): its tags are left out, its text kept.
  let target = false;
  for (let i = 0; i < all.length; i++) {
    const token = all[i]!;
    if (isTag(token, 'sup') && !token.end && isFootnoteRef(all[i + 1])) {
      // The mark's <sup><a …>n</a></sup>: its note is on its own page.
      while (i < all.length && !isTag(all[i], 'sup', true)) i++;
      continue;
    }
    if ('tag' in token && !token.end)
      token.attributes = token.attributes
        .filter(([name]) => !OWN_IDS.has(name.toLowerCase()))
        .map(([name, value]) => [name, name === 'href' && value?.startsWith('#') ? `${route}${value}` : value]);
    // Without its id, such an anchor is no target and no link, yet drawn as one: text a reader would click in vain.
    if (isTag(token, 'a', false) && !token.attributes.some(([name]) => name.toLowerCase() === 'href')) {
      target = !token.self;
      continue;
    }
    if (target && isTag(token, 'a', true)) {
      target = false;
      continue;
    }
    kept.push(written(token));
  }
  return kept.join('');
}
