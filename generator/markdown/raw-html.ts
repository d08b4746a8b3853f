/**
 * Raw HTML in markdown, kept as GitHub keeps it (`<kbd>`, `<details>`, `<sup>`, `<a id>`, `<p align="center"><img>`):
 * remark-html drops it when it sanitises, so these handlers of its HTML step (mdast-util-to-hast) keep each `html`
 * node as raw hast and parse the whole tree once as a browser would (hast-util-raw, as rehype-raw does): an element
 * opened in one block and closed in another holds the markdown between. remark-html then sanitises the result with
 * the same schema as everything else (markdown.ts), so `<script>`, `<style>`, `style=""`, event handlers and comments
 * go. The links raw HTML writes are read as the markdown's are (page-links.ts): rewritten when they name a markdown
 * file or a path beside the page, and recorded with their line for the link check. What the engine adds to the
 * markup it makes is never taken from the page's own: a span the raw HTML wrote keeps no class (the schema allows the
 * highlighter's token classes on spans, highlight.ts), and its table or pre gets the keyboard stop every table and
 * code block gets (markdown-html.ts), whatever tabindex it wrote. Its code is shown as written, not highlighted. A page without raw HTML is made
 * exactly as before. Footnotes are made after the root (mdast-util-to-hast's footer): the root handler makes each
 * footnote's content with its raw HTML parsed beforehand, and leaves it in the footnote as elements the footer makes
 * as they are (`hName`, `hProperties`, `hChildren`).
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { raw } from 'hast-util-raw';
import type { BlockContent, FootnoteDefinition, Nodes, Root } from 'mdast';
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import type { VFile } from 'vfile';
import { fileLine, pageLink, type MarkdownLink, type PageLinksData } from './page-links';
import { inSpans } from './offset-spans';

declare module 'mdast' {
  interface RootData {
    /** The page being made, for the HTML step, which is not given it (remarkKeepFile). */
    pageFile?: VFile & { data: PageLinksData };
  }
}

/** The remark plugin that hands the page's file to the HTML step (raw HTML is parsed against its text). */
export function remarkKeepFile() {
  return (tree: Root, file: VFile) => {
    tree.data = { ...tree.data, pageFile: file };
  };
}

/** The page each run of the HTML step makes (set by the root handler, which runs first): handlers write to its data. */
const pageFiles = new WeakMap<State, VFile>();

/** The file of the page the HTML step is making, for handlers that report what they found (code-blocks.ts). */
export const pageFileOf = (state: State): VFile | undefined => pageFiles.get(state);

/**
 * An element the page's raw HTML wrote: a span keeps no class (the schema allows only the highlighter's token
 * classes on spans, which a page must not pose as), and a table or pre gets the keyboard stop of its kind.
 */
function asWritten(element: Element): void {
  if (element.tagName === 'span') delete element.properties.className;
  else if (element.tagName === 'table' || element.tagName === 'pre') element.properties.tabIndex = 0;
}

/** Where in the body each raw HTML block or inline tag was written: [start, end) offsets. */
function rawSpans(node: Nodes, into: [number, number][] = []): [number, number][] {
  if (node.type === 'html' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined)
    into.push([node.position.start.offset, node.position.end.offset]);
  if ('children' in node) for (const child of node.children) rawSpans(child, into);
  return into;
}

/**
 * Reads and rewrites the links of the elements the raw HTML wrote (not those the markdown around it made), and
 * takes from them what only the engine adds (asWritten).
 */
function rawElements(tree: HastRoot, spans: [number, number][], file: (VFile & { data: PageLinksData }) | undefined) {
  const from = file?.data.relativeFile;
  const links: MarkdownLink[] = [];
  const read = (href: string, line: number | undefined) => {
    if (from === undefined || !file) return href;
    const { url, link } = pageLink(href, from, file.data, line);
    if (link) links.push(link);
    return url ?? href;
  };
  const visit = (node: HastRoot | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const at = child.position?.start.offset;
      if (at !== undefined && inSpans(spans, at)) {
        asWritten(child);
        const line = file && fileLine(file.data, child.position?.start.line);
        const props = child.properties;
        // `<a name="step1">` is a link target in every browser; the sanitiser would prefix its name (user-content-),
        // which only a script can follow. As the id it stands for, it is a target without one.
        if (child.tagName === 'a' && typeof props.name === 'string' && props.name !== '' && props.id === undefined) {
          props.id = props.name;
          delete props.name;
        }
        for (const name of ['href', 'src'] as const)
          if (typeof props[name] === 'string') props[name] = read(props[name], line);
        // A srcset is a list of candidates, "url width" each (parsed into a list, though hast's types say a string).
        const srcSet: unknown = props.srcSet;
        const candidates = Array.isArray(srcSet)
          ? srcSet.map(String)
          : typeof srcSet === 'string'
            ? srcSet.split(',')
            : [];
        if (candidates.length > 0)
          props.srcSet = candidates
            .map((candidate) => candidate.trim().replace(/^\S+/, (url) => read(url, line)))
            .join(', ');
      }
      visit(child);
    }
  };
  visit(tree);
  if (file && links.length > 0) file.data.markdownLinks = [...(file.data.markdownLinks ?? []), ...links];
}

/** Whether a node holds a footnote reference: a footnote that does is left as it was (see parseFootnotes). */
const refersToFootnote = (node: Nodes): boolean =>
  node.type === 'footnoteReference' || ('children' in node && node.children.some(refersToFootnote));

/**
 * Parses the raw HTML of each footnote now, while the root is made, and leaves its content in the footnote as the
 * elements it made: the footer, made after the root, makes them as they are and adds its back links to the last
 * paragraph, as it does. A footnote that itself refers to a footnote is left as it was (its raw HTML dropped), so
 * the footer numbers and orders the references as it always does.
 */
function parseFootnotes(state: State, file: (VFile & { data: PageLinksData }) | undefined) {
  for (const definition of state.footnoteById.values() as Iterable<FootnoteDefinition>) {
    const spans = rawSpans(definition);
    if (spans.length === 0 || refersToFootnote(definition)) continue;
    const parsed = raw(
      { type: 'root', children: state.all(definition) as ElementContent[] },
      file ? { file } : {},
    ) as HastRoot;
    rawElements(parsed, spans, file);
    // Text between the blocks is kept as text (the footer's list item holds it as it would), comments go.
    definition.children = parsed.children.flatMap((node): BlockContent[] => {
      if (node.type === 'element')
        return [
          {
            type: 'paragraph',
            children: [],
            data: { hName: node.tagName, hProperties: node.properties, hChildren: node.children },
          },
        ];
      if (node.type === 'text' && node.value.trim() !== '')
        return [{ type: 'text', value: node.value } as unknown as BlockContent];
      return [];
    });
  }
}

export const RAW_HTML_HANDLERS: Handlers = {
  html: (state, node) => {
    const result = { type: 'raw' as const, value: node.value };
    state.patch(node, result);
    return result;
  },
  // A root handler returns the root (mdast-util-to-hast's own does), which its Handler type does not name.
  root: ((state: State, node: Root) => {
    if (node.data?.pageFile) pageFiles.set(state, node.data.pageFile);
    const made = defaultHandlers.root(state, node) as HastRoot;
    // The footnotes' raw HTML is parsed with them: a page whose only raw HTML is in footnotes has its body made as before.
    const spans = node.children
      .filter((child) => child.type !== 'footnoteDefinition')
      .flatMap((child) => rawSpans(child));
    const file = node.data?.pageFile;
    parseFootnotes(state, file);
    if (spans.length === 0) return made;
    const parsed = raw(made, file ? { file } : {}) as HastRoot;
    rawElements(parsed, spans, file);
    return parsed;
  }) as unknown as Handler,
};
