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
 */

/** Which extensions the page may need. */
export interface SyntaxMarkers {
  containers: boolean;
  alerts: boolean;
  emoji: boolean;
  customIds: boolean;
}

/** Every extension runs: for pipelines with site plugins. */
export const EVERY_EXTENSION: SyntaxMarkers = { containers: true, alerts: true, emoji: true, customIds: true };

const SHORTCODE = /:(?:\+1|[\w-]+):/;

export function syntaxMarkers(text: string): SyntaxMarkers {
  const references = text.includes('&');
  return {
    containers: text.includes(':::') || text.includes('!!!') || text.includes('???'),
    alerts: text.includes('>') && (references || text.includes('[!') || text.includes('[\\!')),
    emoji: references || SHORTCODE.test(text.includes('\\') ? text.replace(/\\(?=[:+_-])/g, '') : text),
    customIds: text.includes('{'),
  };
}

/** vfile data the extensions read: the markers of the page being made (all true when absent). */
export interface SyntaxData {
  syntax?: SyntaxMarkers;
}
