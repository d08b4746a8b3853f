/**
 * What the engine reads of a page's markdown before rendering it, from one
 * parse (remark with remark-gfm: an mdast tree with source positions):
 * where code is, so config tokens never touch it; the first `#` heading, a
 * title for a page whose frontmatter names none; and the first paragraph, a
 * description for one that has none (their text as the page shows it, emoji
 * included). Loaded only when a page is parsed. The tree is the one the page is rendered from when the pipeline
 * parses as this module does (a site without plugins: markdown.ts, Markdown.parse), so a page is parsed once.
 */
import type { Heading, Nodes, Paragraph, Root, RootContent } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import { withEmoji } from './emoji';
import { containerKind, isDirective } from './container-kinds';
import { containerSyntax } from './containers';
import { idLineOf } from './heading-ids';
import { inSpans } from './offset-spans';

export interface BodyOutline {
  /** The body's tree, as parsed. */
  tree: Root;
  /** The tree of the body with a range blanked out, when it is the tree less whole blocks (withoutCut). */
  without(cut: { start: number; end: number }): Root | undefined;
  /** Whether the body's text at `offset` is code: a code block or span, raw HTML, or the inside of an HTML code element. */
  inCode(offset: number): boolean;
  /** The body's first block when it is a `#` heading: its node and source range. */
  title?: { node: Heading; start: number; end: number };
  /**
   * The body's first paragraph of prose (outside lists and tables): a paragraph, or a quote's first, as a summary
   * under the title (`> Archiving utility.` in a cheat sheet); one that is only code (a command line) is no summary.
   */
  paragraph?: Paragraph;
  /** Where MDX import and export paragraphs start: shown as written, and named once (other-syntax.ts). */
  esm: number[];
  /** The raw HTML the body writes, each node's text and where it starts: what components it holds (other-syntax.ts). */
  rawHtml: { offset: number; value: string }[];
  /**
   * Where MyST directives the engine does not make start: a fence naming one in braces (```` ```{toctree} ````), or a
   * container of colons naming one that is no admonition (`:::{tab-set}`; containers.ts makes `:::{note}` an alert).
   */
  directives: number[];
  /**
   * A node's text as a reader sees it (mdast-util-to-string's rule), with `text` nodes' values mapped by `map` and
   * GitHub's emoji shortcodes shown as emoji (emoji.ts), as the rendered page shows them.
   */
  text(node: Nodes, map: (value: string) => string): string;
}

// Parsed as the page is rendered (markdown.ts), fenced containers and admonitions included.
const parser = remark().use(remarkGfm).use(containerSyntax).freeze();

/**
 * A paragraph of MDX import or export statements (`import Tabs from '@theme/Tabs';`, over one line or several,
 * `export const meta = {…}`): what a .md page written for Docusaurus carries at its top.
 */
const ESM_PARAGRAPH =
  /^(?:(?:import\s[\s\S]*?\sfrom\s*(['"])[^'"\n]+\1|import\s*(['"])[^'"\n]+\2);?\s*)+$|^export\s+(?:default|const|let|var|function|class|\{)/;

/**
 * A block of raw HTML the page does not show: a comment, or a whole `<script>` or `<style>` element (the sanitiser
 * removes both), as a page written for VitePress opens with `<script setup>` before its `# Title`.
 */
const SHOWS_NOTHING = /^(?:<!--[\s\S]*-->|<(script|style)(?:\s[^>]*)?>[\s\S]*<\/\1\s*>)$/i;

/** HTML elements whose text is code, shown as written. */
const CODE_ELEMENTS = /^<(code|pre|kbd|samp)(?:\s[^>]*)?>$/i;

/** The outline of `body`, from `tree` when given (the body parsed as this module's parser would). */
export function outlineBody(body: string, tree: Root = parser.parse(body) as Root): BodyOutline {
  const code: [number, number][] = [];
  const rawHtml: { offset: number; value: string }[] = [];
  const directives: number[] = [];
  const visit = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.type === 'html') rawHtml.push({ offset: start, value: node.value });
    if (
      (node.type === 'code' && isDirective(node.lang ?? '')) ||
      (node.type === 'fencedContainer' && node.braced && containerKind(node.name, true) === undefined)
    )
      directives.push(start);
    if (node.type === 'code' || node.type === 'inlineCode' || node.type === 'html') {
      code.push([start, end]);
      return;
    }
    if (!('children' in node)) return;
    const children = node.children as RootContent[];
    children.forEach((child, index) => {
      // <code>{{ x }}</code> in a paragraph: the tags are html nodes, the text between them is code.
      if (child.type === 'html' && CODE_ELEMENTS.test(child.value.trim())) {
        const name = CODE_ELEMENTS.exec(child.value.trim())![1]!.toLowerCase();
        const close = children.findIndex(
          (other, at) => at > index && other.type === 'html' && other.value.trim().toLowerCase() === `</${name}>`,
        );
        const from = child.position?.end.offset;
        const to = close === -1 ? end : children[close]!.position?.start.offset;
        if (from !== undefined && to !== undefined) code.push([from, to]);
      }
      visit(child);
    });
  };
  visit(tree);
  const spans = disjoint(code);

  // MDX's import and export lines (Docusaurus: import Tabs from '@theme/Tabs';) are shown as written, never taken
  // for the page's title line or its description.
  const esm = (node: RootContent) => {
    const [start, end] = [node.position?.start.offset, node.position?.end.offset];
    return (
      node.type === 'paragraph' &&
      start !== undefined &&
      end !== undefined &&
      ESM_PARAGRAPH.test(body.slice(start, end).trim())
    );
  };
  const first = tree.children.find(
    (node) =>
      !(node.type === 'html' && SHOWS_NOTHING.test(node.value.trim())) && node.type !== 'definition' && !esm(node),
  );
  const title =
    first?.type === 'heading' &&
    first.depth === 1 &&
    first.position?.start.offset !== undefined &&
    first.position.end.offset !== undefined
      ? { node: first, start: first.position.start.offset, end: first.position.end.offset }
      : undefined;
  // kramdown's `{: #id}` under a heading is that heading's id (heading-ids.ts), not prose.
  const idLine = (node: RootContent) =>
    node.type === 'paragraph' &&
    node.children.length === 1 &&
    node.children[0]!.type === 'text' &&
    idLineOf(node.children[0]!.value) !== undefined;
  const paragraph = tree.children
    .filter((node) => !esm(node) && !idLine(node))
    .map(proseParagraph)
    .find((node) => node !== undefined);
  return {
    tree,
    without: (cut) => withoutCut(tree, body, cut),
    inCode: (offset) => inSpans(spans, offset),
    title,
    paragraph,
    esm: tree.children.filter(esm).map((node) => node.position!.start.offset!),
    rawHtml,
    directives,
    text: (node, map) => plainText(node, (value) => withEmoji(map(value))),
  };
}

/**
 * The tree of `body` as it would parse with the text from `cut.start` to `cut.end` blanked out (its newlines kept:
 * tokens.ts, substituteInMarkdown): the same tree less the top-level blocks the cut holds whole, when it holds only
 * whole blocks and the space between them; undefined when it does not (the caller parses the blanked text then). A
 * blanked line is a blank line, and a block that ends at a line's end leaves the next block starting as it did.
 */
function withoutCut(tree: Root, body: string, cut: { start: number; end: number }): Root | undefined {
  const kept: RootContent[] = [];
  let covered = cut.start;
  for (const node of tree.children) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return undefined;
    if (end <= cut.start || start >= cut.end) {
      kept.push(node);
      continue;
    }
    if (start < cut.start || end > cut.end || body.slice(covered, start).trim() !== '') return undefined;
    covered = end;
  }
  if (body.slice(covered, cut.end).trim() !== '') return undefined;
  return { ...tree, children: kept };
}

/** Ranges as the union they cover: sorted, apart from each other (an HTML code element's inside holds code spans). */
function disjoint(ranges: [number, number][]): [number, number][] {
  const merged: [number, number][] = [];
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function proseParagraph(node: RootContent): Paragraph | undefined {
  const paragraph = node.type === 'blockquote' ? node.children[0] : node;
  if (paragraph?.type !== 'paragraph') return undefined;
  const prose = paragraph.children.some(
    (child) =>
      child.type !== 'inlineCode' && child.type !== 'break' && !(child.type === 'text' && child.value.trim() === ''),
  );
  return prose ? paragraph : undefined;
}

/** A node's text as a reader sees it (mdast-util-to-string's rule), with `text` nodes' values mapped by `text`. */
function plainText(node: Nodes, text: (value: string) => string = (value) => value): string {
  if (node.type === 'text') return text(node.value);
  if (node.type === 'inlineCode' || node.type === 'code') return node.value;
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if (node.type === 'html') return '';
  return 'children' in node ? (node.children as Nodes[]).map((child) => plainText(child, text)).join('') : '';
}
