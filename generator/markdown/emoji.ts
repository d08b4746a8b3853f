/**
 * GitHub's emoji shortcodes (`:rocket:`, `:white_check_mark:`, `:+1:`) shown as the emoji they name, as GitHub shows
 * them, from gemoji (GitHub's own list); any other `:word:` stays as written, `:constructor:` too (a name is
 * looked up among gemoji's own, never the object prototype's). In prose only: code shows them as
 * written. A heading's id is made from its text as written, as GitHub makes it (`## :memo: License` is
 * `#memo-license`): the plugin runs after the heading ids are made, and the table of contents, the title and the
 * description show the emoji (withEmoji).
 */
import type { Nodes, Root } from 'mdast';
import { nameToEmoji } from 'gemoji';
import { ownValue } from '../base/own';
import type { HeadingData } from './heading-ids';
import type { SyntaxData } from './syntax-markers';

const SHORTCODE = /:(\+1|[\w-]+):/g;

/** `text` with each shortcode gemoji knows as its emoji. */
export const withEmoji = (text: string): string =>
  text.includes(':') ? text.replace(SHORTCODE, (code, name: string) => ownValue(nameToEmoji, name) ?? code) : text;

/**
 * The remark plugin: every text node's shortcodes as emoji (code, inline code and raw HTML are other nodes), and the
 * headings' text the table of contents lists (heading-ids.ts, which runs first).
 */
export function remarkEmoji() {
  return (tree: Root, file: { data: HeadingData & SyntaxData }) => {
    if (file.data.syntax?.emoji === false) return;
    const visit = (node: Nodes) => {
      if (node.type === 'text') node.value = withEmoji(node.value);
      else if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
    };
    visit(tree);
    for (const heading of file.data.headings ?? []) heading.text = withEmoji(heading.text);
  };
}
