/**
 * Other tools' template syntax in a page's markdown, which this engine does not run: Liquid tags (`{% raw %}`,
 * Jekyll), Liquid output that names no key of site.yml (`{{ site.repository }}`, `{{ page.title | escape }}`), Hugo's
 * shortcodes (`{{< figure >}}`, `{{% note %}}`), kramdown's attribute lists (`{: .note}`) and MyST's roles ({ref}
 * before a code span), besides MDX's import and export lines (body-outline.ts finds those). Each is shown as written;
 * the build names each kind once, with how many pages have it and the first few places (core/page-warnings.ts). Never
 * inside code: a code span or block showing such syntax is documentation of it. An attribute list that names a heading's id is honoured (heading-ids.ts), not named.
 * Components in raw HTML (Vue's `<Badge text="beta" />`, MDX's `<Tabs>`, custom elements) are named too: the
 * sanitiser leaves their tags out and keeps the text inside them, so what only their attributes say is lost.
 */
import { defaultSchema } from 'hast-util-sanitize';
import { SiteWarning } from '../base/errors';
import type { OtherSyntax, OtherSyntaxKind } from '../pages/page';
import { idLineOf } from './heading-ids';

export type { OtherSyntax };

/** Each kind's pattern: on one line, as these tools write them. Shortcodes come before Liquid output, which they look like. */
const PATTERNS: readonly (readonly [OtherSyntaxKind, RegExp])[] = [
  ['shortcode', /\{\{[<%][^\n]*?[>%]\}\}/g],
  ['liquidTag', /\{%[^\n]*?%\}/g],
  ['liquidOutput', /\{\{(?![<%])[^\n{}]*\}\}/g],
  ['attributeList', /\{:[^\n{}]*\}/g],
  // MyST's and Sphinx's roles, {ref}`target`: a name in braces right before a code span, which is the target.
  ['role', /\{[a-z][\w:.+-]*\}(?=`)/g],
];

/** The longest text a place shows of what it found. */
const SHOWN = 40;

/** What findOtherSyntax needs to know of the body besides its text. */
export interface SyntaxContext {
  /** Whether the body's text at an offset is code (body-outline.ts): nothing there is named. */
  inCode(offset: number): boolean;
  /** Offsets of `{{ }}` the engine takes as its own tokens (config/tokens.ts): not other tools'. */
  tokens: ReadonlySet<number>;
  /** Offsets where MDX import and export paragraphs start (body-outline.ts). */
  esm: readonly number[];
  /** The body's raw HTML nodes (body-outline.ts): where each starts, and its text. */
  rawHtml: readonly { offset: number; value: string }[];
  /** Where MyST directives the engine does not make start (body-outline.ts). */
  directives: readonly number[];
  /** The line of the page's file the body starts on. */
  firstLine: number;
}

/** A heading written with `#` (ATX), or the underline of one written with `===` or `---` (setext). */
const HEADING_LINE = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)/;

/** Whether the character at `offset` is escaped: an odd number of backslashes stand before it. */
function escapedAt(text: string, offset: number): boolean {
  let slashes = 0;
  while (offset - slashes > 0 && text[offset - slashes - 1] === '\\') slashes++;
  return slashes % 2 === 1;
}

/** The line of `text` around `offset`, and the line before it. */
function linesAt(text: string, offset: number): { line: string; previous: string } {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  const line = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
  const before = start === 0 ? '' : text.slice(text.lastIndexOf('\n', start - 2) + 1, start - 1).replace(/\r$/, '');
  return { line, previous: before };
}

/** Whether an attribute list names a heading's id: `## Title {: #id}`, or `{: #id}` alone on the line under a heading. */
function headingId(body: string, offset: number, written: string): boolean {
  const { line, previous } = linesAt(body, offset);
  if (idLineOf(written) === undefined) return false;
  if (line.trim() === written) return HEADING_LINE.test(previous);
  return /^ {0,3}#{1,6}[ \t]/.test(line) && line.trimEnd().endsWith(written);
}

/**
 * A tag that opens a component, as Vue, JSX, MDX and Svelte write them: a capitalised name with a lower-case letter
 * (`<Badge`, `<TabItem`; an HTML name in any case, `<IMG`, is HTML), or a name with a hyphen or a dot (a custom
 * element, `<client-only`, `<motion.div`). No HTML element is named so, and the sanitiser keeps none of them.
 */
const COMPONENT_TAG =
  /<([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*|[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)+)(?=[\s/>])[^>]*>?/g;

/** HTML elements GitHub's schema keeps (sanitised): `<Details>` is `<details>`, whatever its case. */
const KEPT = new Set(defaultSchema.tagNames ?? []);

/** The components the raw HTML at `offset` opens, each with where it starts; none inside a comment. */
function componentsIn(offset: number, html: string): { offset: number; text: string }[] {
  const uncommented = html.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => ' '.repeat(comment.length));
  return [...uncommented.matchAll(COMPONENT_TAG)]
    .filter((match) => !KEPT.has(match[1]!.toLowerCase()))
    .map((match) => ({ offset: offset + match.index, text: match[0].replace(/\s+/g, ' ') }));
}

/** VitePress's `<!--@include: ./parts/basics.md-->`, in a comment of raw HTML. */
const INCLUDE_COMMENT = /<!--\s*@include:[^\n]*?-->/g;
/** A line that imports a file as code (`<<< @/snippets/a.js{2}`) or asks for a table of contents (`[[toc]]`). */
const INCLUDE_LINE = /^[ \t]{0,3}(?:<<<[ \t]+\S[^\n]*|\[\[toc\]\])[ \t]*$/gm;
const MAY_INCLUDE = /@include:|<<<|\[\[toc\]\]/;

/** Whether raw HTML in a body may open a component: when not, its HTML need not be read for them. */
const MAY_OPEN_COMPONENT = /<(?:[A-Z]|[A-Za-z][A-Za-z0-9]*[-.])/;

/** Every place `body` holds other tools' syntax, in order, outside code. */
export function findOtherSyntax(body: string, ctx: SyntaxContext): OtherSyntax[] {
  const lineAt = (offset: number) => /^[^\r\n]*/.exec(body.slice(offset))![0].trim();
  const found: { kind: OtherSyntaxKind; offset: number; text: string }[] = [
    ...ctx.esm.map((offset) => ({ kind: 'esmLine' as const, offset, text: lineAt(offset) })),
    ...ctx.directives.map((offset) => ({ kind: 'directive' as const, offset, text: lineAt(offset) })),
  ];
  if (MAY_OPEN_COMPONENT.test(body))
    for (const html of ctx.rawHtml)
      for (const component of componentsIn(html.offset, html.value)) found.push({ kind: 'component', ...component });
  // VitePress's inclusions: a comment naming a file (which the sanitiser drops with the comment), a line importing
  // one as code (`<<< @/snippets/a.js`), and `[[toc]]`; none is run here.
  if (MAY_INCLUDE.test(body)) {
    for (const html of ctx.rawHtml)
      for (const match of html.value.matchAll(INCLUDE_COMMENT))
        found.push({ kind: 'inclusion', offset: html.offset + match.index, text: match[0] });
    for (const match of body.matchAll(INCLUDE_LINE))
      if (!ctx.inCode(match.index)) found.push({ kind: 'inclusion', offset: match.index, text: match[0].trim() });
  }
  if (body.includes('{')) {
    const taken: [number, number][] = [];
    for (const [kind, pattern] of PATTERNS) {
      for (const match of body.matchAll(pattern)) {
        const offset = match.index;
        const end = offset + match[0].length;
        if (taken.some(([start, stop]) => offset < stop && end > start)) continue;
        taken.push([offset, end]);
        if (escapedAt(body, offset) || ctx.inCode(offset)) continue;
        if (kind === 'liquidOutput' && ctx.tokens.has(offset)) continue;
        if (kind === 'attributeList' && headingId(body, offset, match[0])) continue;
        found.push({ kind, offset, text: match[0] });
      }
    }
  }
  // In order, so the lines are counted in one pass over the body.
  let line = ctx.firstLine;
  let at = 0;
  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ kind, offset, text }) => {
      for (let next = body.indexOf('\n', at); next !== -1 && next < offset; next = body.indexOf('\n', next + 1)) {
        line++;
        at = next + 1;
      }
      return { kind, line, text: text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text };
    });
}

/** Whether a body may hold other tools' syntax at all: when not, it need not be parsed to find it. */
export const mayHoldOtherSyntax = (body: string): boolean =>
  body.includes('{{') ||
  body.includes('{%') ||
  body.includes('{:') ||
  /^(?:import|export)\s/m.test(body) ||
  MAY_OPEN_COMPONENT.test(body) ||
  MAY_INCLUDE.test(body) ||
  (body.includes('{') && (MAY_OPEN_DIRECTIVE.test(body) || body.includes('}`')));

/** A fence or a container of colons that may name a MyST directive in braces. */
const MAY_OPEN_DIRECTIVE = /^[ \t>]*(?:`{3,}|~{3,}|:{3,})[ \t]*\{/m;

/** What each kind is, as its warning names it, in the order the warnings come. */
const KINDS: Record<OtherSyntaxKind, string> = {
  liquidOutput: "Template output ({{ … }}: Liquid's, mdBook's {{#include}}) that names no key of site.yml",
  liquidTag: 'Liquid tags ({% … %})',
  shortcode: 'Hugo shortcodes ({{< … >}}, {{% … %}})',
  attributeList: 'kramdown attribute lists ({: … })',
  esmLine: 'MDX import and export lines',
  component: "Components (Vue's, MDX's: <Badge />, <Tabs>) and custom elements, which nothing here runs",
  directive: "MyST's and Sphinx's directives (```{toctree}, :::{tab-set}) other than admonitions",
  role: "MyST's and Sphinx's roles ({ref}`target`, {doc}`page`), which are not resolved",
  inclusion: "VitePress's inclusions (<!--@include: file-->, <<< @/file, [[toc]]), which are not run",
};

/** What the page does with each kind, as its warning says it. */
const SHOWS: Partial<Record<OtherSyntaxKind, string>> = {
  component: 'leave out their tags and attributes, keeping the text inside them',
  directive: 'show their content as written, in a code block or a plain block',
  role: 'show the role as written and its target as code, not as a link',
  inclusion: 'show the line as written, or leave out the comment, without the file',
};

/** One warning per kind of other tools' syntax the pages show as written: how many places, in how many pages, the first few. */
export function otherSyntaxWarnings(
  pages: Iterable<{ file: string; otherSyntax?: readonly OtherSyntax[] }>,
): SiteWarning[] {
  const byKind = new Map<OtherSyntaxKind, { places: string[]; pages: Set<string> }>();
  const sorted = [...pages]
    .filter((page) => page.otherSyntax)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const page of sorted)
    for (const found of page.otherSyntax!) {
      let kind = byKind.get(found.kind);
      if (!kind) byKind.set(found.kind, (kind = { places: [], pages: new Set() }));
      kind.places.push(`${page.file}:${found.line} ${found.text}`);
      kind.pages.add(page.file);
    }
  return (Object.keys(KINDS) as OtherSyntaxKind[])
    .filter((kind) => byKind.has(kind))
    .map((kind) => {
      const { places, pages: files } = byKind.get(kind)!;
      return new SiteWarning('OtherToolSyntax', {
        what: KINDS[kind],
        count: places.length,
        pages: files.size,
        places,
        shows: SHOWS[kind] ?? 'show it as written',
      });
    });
}
