/**
 * GitHub's alerts, as READMEs and docs written for GitHub use them (and VitePress reads them):
 *
 *   > [!WARNING]
 *   > Back up the database first.
 *
 * becomes `<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p><p>Back up
 * the database first.</p></div>`, the markup GitHub writes (without its icon), for the theme to style. As on GitHub:
 * one of five kinds, in any case, alone on the quote's first line, in a quote at the top level of the page (not in a
 * list or another quote); anything else stays a quote as written. A remark plugin, run after the site's own plugins,
 * so a site that renders alerts with a plugin of its own gets that plugin's markup.
 */
import type { Blockquote, Paragraph, Root, RootContent, Text } from 'mdast';
import type { SyntaxData } from './syntax-markers';

const KINDS = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } as const;
type Kind = keyof typeof KINDS;

/** The class names an alert's markup carries: what the sanitising schema lets through (markdown.ts). */
export const ALERT_CLASSES = {
  div: ['markdown-alert', ...Object.keys(KINDS).map((kind) => `markdown-alert-${kind}`)],
  p: ['markdown-alert-title'],
};

/** `[!NOTE]` and the line break after it, at the start of a quote's first paragraph. */
const MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\r?\n|$)/i;

/** The alert a quote is, with its marker taken out of it; undefined for any other quote. */
function alertOf(quote: Blockquote): Kind | undefined {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return undefined;
  const text = first.children[0];
  if (text?.type !== 'text') return undefined;
  const found = MARKER.exec(text.value);
  // The marker alone, with nothing after it in the quote, is a quote as written (GitHub shows it so).
  if (!found || (found[0].length === text.value.length && first.children.length === 1 && quote.children.length === 1))
    return undefined;
  const rest = text.value.slice(found[0].length);
  if (rest) text.value = rest;
  else first.children.shift();
  // A line break written as trailing spaces or a backslash after the marker would start the text.
  if (first.children[0]?.type === 'break') first.children.shift();
  if (first.children.length === 0) quote.children.shift();
  return found[1]!.toLowerCase() as Kind;
}

export function remarkGithubAlerts() {
  return (tree: Root, file: { data: SyntaxData }) => {
    if (file.data.syntax?.alerts === false) return;
    tree.children = tree.children.map((node): RootContent => {
      if (node.type !== 'blockquote') return node;
      const kind = alertOf(node);
      if (!kind) return node;
      const title: Paragraph = {
        type: 'paragraph',
        children: [{ type: 'text', value: KINDS[kind] } satisfies Text],
        data: { hProperties: { className: ['markdown-alert-title'] } },
      };
      return {
        ...node,
        children: [title, ...node.children],
        data: { hName: 'div', hProperties: { className: ['markdown-alert', `markdown-alert-${kind}`] } },
      };
    });
  };
}
