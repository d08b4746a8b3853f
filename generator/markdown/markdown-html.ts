/**
 * The HTML step of the markdown pipeline: remark-html's options. remark-html makes the HTML (mdast-util-to-hast with
 * these handlers, hast-util-sanitize with this schema, hast-util-to-html), and what the engine adds to the markup is
 * made by handlers and allowed by the schema, never taken from a page's own markup:
 *
 * - Raw HTML is kept (raw-html.ts: its `html` and `root` handlers), and sanitised like everything else; an element it
 *   wrote loses the highlighter's token classes and gets the keyboard stop of its kind, whatever it wrote.
 * - A table gets a keyboard stop (tabindex="0"): the theme lets a wide table scroll sideways in its own box, and a
 *   box that scrolls must be reachable from the keyboard (WCAG 2.1.1).
 * - Code blocks are highlighted and are keyboard stops too (code-blocks.ts); a highlighted block's spans are made
 *   into HTML once, as a string, and put in the page's HTML after it is made (code-html.ts, remarkHtml below).
 *
 * The schema is GitHub's (hast-util-sanitize's defaultSchema) with these changes: alerts keep their class names
 * (github-alerts.ts), spans the highlighter's token classes (highlight.ts) (GitHub's allows a tabindex anywhere);
 * `<style>` goes with its text; and ids and the aria attributes that refer to ids are not prefixed with
 * `user-content-`, so headings keep the ids tables of contents and links name (`#data-we-hold`). Footnote ids already
 * carry that prefix from mdast-util-to-hast, and their links name it once: prefixing again would break every footnote
 * link. Headings are kept from colliding with them (heading-ids.ts), and a page's final HTML is checked for duplicate
 * ids (render/unique-ids.ts).
 */
import type { Element } from 'hast';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import type { Table } from 'mdast';
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import remarkHtmlItself, { type Options } from 'remark-html';
import type { Processor } from 'unified';
import { withCodeHtml, type CodeHtmlData } from './code-html';
import { ALERT_CLASSES } from './github-alerts';
import { TOKEN_CLASSES } from './highlight';
import { RAW_HTML_HANDLERS } from './raw-html';

const attributes = (tagName: string) => defaultSchema.attributes?.[tagName] ?? [];

const SCHEMA: Schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    div: [...attributes('div'), ['className', ...ALERT_CLASSES.div]],
    p: [...attributes('p'), ['className', ...ALERT_CLASSES.p]],
    span: [...attributes('span'), ['className', ...TOKEN_CLASSES]],
  },
  // A `<style>` in raw HTML goes with its rules: kept as text (the schema's default), they would show on the page.
  strip: [...(defaultSchema.strip ?? []), 'style'],
  clobber: (defaultSchema.clobber ?? []).filter(
    (property) => property !== 'id' && property !== 'ariaDescribedBy' && property !== 'ariaLabelledBy',
  ),
};

/** A table, as mdast-util-to-hast makes it, with its keyboard stop. */
function table(state: State, node: Table): Element {
  const made = defaultHandlers.table(state, node);
  made.properties.tabIndex = 0;
  return made;
}

/**
 * remark-html's options, with the pipeline's code handler: entities written as React writes them (`&amp;`), the
 * schema above, raw HTML kept.
 */
export function htmlOptions(code: Handler): Options {
  const handlers: Handlers = { ...RAW_HTML_HANDLERS, table, code };
  return { sanitize: SCHEMA, handlers, characterReferences: { useNamedReferences: true } };
}

/**
 * remark-html, with each highlighted block's HTML put in the place its marker holds in the page's HTML (code-html.ts):
 * the blocks' spans are made once as a string, not sanitised and serialised again span by span.
 */
export function remarkHtml(this: Processor, options: Options): undefined {
  (remarkHtmlItself as unknown as (this: Processor, options: Options) => undefined).call(this, options);
  const compile = this.compiler as (tree: unknown, file: { data: unknown }) => string;
  this.compiler = ((tree: unknown, file: { data: unknown }) =>
    withCodeHtml(compile(tree, file), file.data as CodeHtmlData)) as unknown as typeof this.compiler;
}
