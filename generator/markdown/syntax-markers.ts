/**
 * Which of the pipeline's syntax extensions can change a page, told from its text before it is parsed: a page that
 * holds no marker of an extension is made without it. Each test is a necessary condition (never a guess): when it
 * is false, the extension would change nothing, so skipping it leaves the page byte for byte as it was.
 *
 * The tests read the markdown's text, so they hold only for trees made from that text alone: with site plugins
 * (which may add nodes of their own) every extension runs on every page (markdown.ts).
 *
 * - Fenced containers (containers.ts) open with a line of three colons and admonitions (admonitions.ts) with `!!!`
 *   or `???`: syntax, read from the text's own characters.
 * - GitHub's alerts (github-alerts.ts) start a quote's first text with `[!`: a text node's value is the text's
 *   characters, less the backslash of an escape (`[\!NOTE]`) and with character references (`&#91;`) decoded.
 * - Emoji shortcodes (emoji.ts) are `:name:` in a text node's value: the same, with `\:`, `\+`, `\-` and `\_` as
 *   the escapes that can stand in one.
 * - Ids a heading names for itself (`{#id}`, `{: #id}`, heading-ids.ts) are read from the text as written (an
 *   escaped or referenced brace names none): a `{` in it.
 * - GFM's tables (micromark-extension-gfm-table) need a delimiter row, which holds a `|`, or a `:` beside a `-`
 *   (`a\n:-` is a table of one column): one of `|`, `:-`, `-:` in the text. A table's attempts on other lines
 *   fail, and micromark undoes a failed attempt.
 * - GFM's literal autolinks (micromark-extension-gfm-autolink-literal, mdast-util-gfm-autolink-literal) are made in
 *   two places: the parser's constructs read the text's own characters (`www.`, `http://`, `https://`, an `@`), and
 *   a pass after the parse finds the same in text nodes' values, where escapes are undone and references decoded.
 *   So: one of those, in any case, in the text with its backslashes taken out, or a character reference.
 *
 * A character reference is `&#…;` or `&name;` (a name starts with a letter): `&&` and `Q&A` are none.
 */

/** Which extensions the page may need. */
export interface SyntaxMarkers {
  containers: boolean;
  alerts: boolean;
  emoji: boolean;
  customIds: boolean;
  tables: boolean;
  autolinks: boolean;
}

/** Every extension runs: for pipelines with site plugins. */
export const EVERY_EXTENSION: SyntaxMarkers = {
  containers: true,
  alerts: true,
  emoji: true,
  customIds: true,
  tables: true,
  autolinks: true,
};

const SHORTCODE = /:(?:\+1|[\w-]+):/;
const REFERENCE = /&(?:#|[A-Za-z][A-Za-z\d]*;)/;
const AUTOLINK = /www\.|https?:\/\/|@/i;

export function syntaxMarkers(text: string): SyntaxMarkers {
  const references = text.includes('&') && REFERENCE.test(text);
  const escapes = text.includes('\\');
  return {
    containers: text.includes(':::') || text.includes('!!!') || text.includes('???'),
    alerts: text.includes('>') && (references || text.includes('[!') || text.includes('[\\!')),
    emoji: references || SHORTCODE.test(escapes ? text.replace(/\\(?=[:+_-])/g, '') : text),
    customIds: text.includes('{') || text.includes(':id='),
    tables: text.includes('|') || text.includes(':-') || text.includes('-:'),
    autolinks: references || AUTOLINK.test(escapes ? text.replaceAll('\\', '') : text),
  };
}

/** vfile data the extensions read: the markers of the page being made (all true when absent). */
export interface SyntaxData {
  syntax?: SyntaxMarkers;
}
