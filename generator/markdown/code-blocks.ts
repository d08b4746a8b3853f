/**
 * Fenced code as the HTML step makes it: remark-html's `code` handler, which colours a block with Shiki
 * (highlight.ts) and makes it a keyboard stop (a block scrolls sideways in its own box, and a box that scrolls must
 * be reachable from the keyboard, WCAG 2.1.1), and the remark plugin that loads, before the HTML step, the grammars
 * of the languages the page's blocks name, so the handler runs synchronously. A language Shiki does not know is
 * left plain and reported with the page (`unknownCode`, in the order the blocks are made).
 *
 * One per markdown pipeline: Shiki loads with the first page that names a language, and its grammars stay loaded.
 */
import type { Element, ElementContent } from 'hast';
import type { Code, Nodes, Root } from 'mdast';
import { defaultHandlers, type State } from 'mdast-util-to-hast';
import { createCodeHighlighter, PLAIN, type CodeHighlighter } from './highlight';
import type { VFile } from 'vfile';
import { codeHtmlMaker, codeMarker, placeCodeHtml, type CodeHtmlData } from './code-html';
import { pageFileOf } from './raw-html';
import { isDirective } from './container-kinds';

/** vfile data the handler writes: the languages of blocks no grammar knows, in order of first use. */
export interface CodeBlocksData {
  unknownCode?: string[];
  /** Whether the page holds raw HTML (remarkCodeLanguages): its blocks are made as hast (code-html.ts). */
  rawHtml?: boolean;
}

/**
 * The language a fence's info names, lower-case: its first word up to a comma, as mdBook and rustdoc read
 * ```` ```rust,editable ```` and ```` ```rust,ignore ```` (the words after the comma are their attributes), or up to
 * a brace or a colon, as VitePress reads ```` ```js{4} ```` (lines to highlight) and ```` ```ts:line-numbers ````.
 * A word that starts with a brace (MyST's ```` ```{note} ````) is no language followed by attributes: it is kept whole.
 */
export const languageOfInfo = (info: string) =>
  (/^[^ \t,{:]+/.exec(info) ?? /^[^ \t,]*/.exec(info))![0].toLowerCase() || undefined;

const fenceLanguage = (node: Code) => languageOfInfo(node.lang ?? '');

/**
 * A Rust block's lines as mdBook and rustdoc show them: a line that is `#` alone or starts with `# ` (after its
 * indentation) is code the example needs to compile but the reader need not see, and is left out; `##` at a line's
 * start is a `#` shown. `#[derive]` and `#![…]` are Rust and stay.
 */
export function shownRustLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*#(?: |$)/.test(line))
    .map((line) => line.replace(/^(\s*)##/, '$1#'))
    .join('\n');
}

/** Every language the tree's fences name that is not plain text, and whether it holds raw HTML. */
function languagesOf(node: Nodes, into: { languages: Set<string>; rawHtml: boolean }): typeof into {
  if (node.type === 'code') {
    const language = fenceLanguage(node);
    if (language && !PLAIN.has(language) && !isDirective(language)) into.languages.add(language);
  } else if (node.type === 'html') into.rawHtml = true;
  else if ('children' in node) for (const child of node.children) languagesOf(child, into);
  return into;
}

/** The language a `<pre>` shows, as its only `<code>`'s `language-` class names it, when that code is text only. */
function blockLanguage(pre: Element): { code: Element; language: string } | undefined {
  const [code, ...rest] = pre.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  if (!code || rest.length > 0 || code.type !== 'element' || code.tagName !== 'code') return undefined;
  const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
  const language = classes.map(String).find((name) => name.startsWith('language-'));
  const named = language && languageOfInfo(language.slice('language-'.length));
  if (!named || !code.children.every((child) => child.type === 'text')) return undefined;
  return { code, language: named };
}

export interface CodeBlocks {
  /** The remark plugin, run last before the HTML step: loads the grammars the page needs (a promise only then). */
  remarkCodeLanguages: () => (tree: Root, file: VFile) => Promise<void> | undefined;
  /** remark-html's handler for `code` nodes. */
  code: (state: State, node: Code) => Element;
}

export function codeBlocks(): CodeBlocks {
  let highlighter: CodeHighlighter | undefined;
  const blockHtml = codeHtmlMaker();
  let marker: string | undefined;
  let loading: Promise<CodeHighlighter> | undefined;
  const load = (languages: Set<string>): Promise<void> | undefined => {
    if (languages.size === 0) return undefined;
    if (highlighter) return highlighter.load(languages);
    loading ??= createCodeHighlighter().then((made) => (highlighter = made));
    return loading.then((made) => made.load(languages));
  };
  return {
    remarkCodeLanguages: () => (tree, file) => {
      const found = languagesOf(tree, { languages: new Set(), rawHtml: false });
      if (found.rawHtml) (file.data as CodeBlocksData).rawHtml = true;
      return load(found.languages);
    },
    code(state, node) {
      const pre = defaultHandlers.code(state, node);
      pre.properties.tabIndex = 0;
      const block = blockLanguage(pre);
      // `language-rust,editable` and `language-js{4}` name the language alone, as `language-rust`: what a stylesheet
      // looks for.
      if (block && node.lang && /^[^ \t,{:]+[,{:]/.test(node.lang))
        block.code.properties.className = [`language-${block.language}`];
      if (!block || PLAIN.has(block.language) || isDirective(block.language)) return pre;
      if (!highlighter) throw new Error(`no highlighter for a block in ${block.language}: its grammar was not loaded`);
      if (!highlighter.knows(block.language)) {
        const data = pageFileOf(state)?.data as CodeBlocksData | undefined;
        if (data && !data.unknownCode?.includes(block.language))
          data.unknownCode = [...(data.unknownCode ?? []), block.language];
        return pre;
      }
      // mdast-util-to-hast ends a block's text with a newline: not a line of its own.
      const text = block.code.children.map((child) => (child as { value: string }).value).join('');
      const written = text.endsWith('\n') ? text.slice(0, -1) : text;
      const lines = block.language === 'rust' ? shownRustLines(written) : written;
      // The block's HTML as a string, in the page's HTML once it is made (code-html.ts), on a page without raw HTML.
      const data = pageFileOf(state)?.data as (CodeBlocksData & CodeHtmlData) | undefined;
      const runs = data && !data.rawHtml ? highlighter.runs(lines, block.language) : undefined;
      const html = runs && blockHtml(runs);
      if (data && html !== undefined) {
        block.code.children = [{ type: 'text', value: placeCodeHtml(data, (marker ??= codeMarker()), html) }];
        return pre;
      }
      const coloured: ElementContent[] = highlighter.highlight(lines, block.language);
      block.code.children = [...coloured, { type: 'text', value: '\n' }];
      return pre;
    },
  };
}
