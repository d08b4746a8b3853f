/**
 * The HTML step of the markdown pipeline, as remark-html makes it (mdast-util-to-hast, then hast-util-sanitize with
 * the site's schema, then hast-util-to-html), with a step between the last two: what the engine adds to the
 * sanitised tree, so the sanitiser never sees it, and never strips it, and a page's own markup can never pose as it.
 *
 * - A table gets a keyboard stop (tabindex="0"): the theme lets a wide table scroll sideways in its own box, and a
 *   box that scrolls must be reachable from the keyboard (WCAG 2.1.1).
 * - Code blocks are highlighted (highlight.ts), when the pipeline has a highlighter; each keeps a keyboard stop too.
 */
import type { Element, Root as HastRoot, RootContent } from 'hast';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import { toHast, type Handlers } from 'mdast-util-to-hast';

export interface HtmlStep {
  schema: Schema;
  handlers: Handlers;
}

/** The sanitised tree of a page's body. */
export function safeTree(tree: Root, { schema, handlers }: HtmlStep): HastRoot {
  return sanitize(toHast(tree, { handlers, allowDangerousHtml: false }), schema) as HastRoot;
}

/** Every element of the tree, depth first, in document order. */
export function* elementsOf(node: HastRoot | Element): Generator<Element> {
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'element') continue;
    yield child;
    yield* elementsOf(child);
  }
}

/** Tables (and code blocks) scroll in their own box: each is a keyboard stop. */
export function addKeyboardStops(tree: HastRoot): void {
  for (const element of elementsOf(tree))
    if (element.tagName === 'table' || element.tagName === 'pre') element.properties.tabIndex = 0;
}

/** The tree as HTML: entities written as React writes them (`&amp;`), a newline at the end, as remark-html writes it. */
export function htmlOf(tree: HastRoot): string {
  const html = toHtml(tree, { characterReferences: { useNamedReferences: true } });
  return html && /[^\r\n]/.test(html.charAt(html.length - 1)) ? `${html}\n` : html;
}
