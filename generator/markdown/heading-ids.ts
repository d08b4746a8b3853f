/**
 * Heading ids: a remark plugin that gives every heading of a page, h1 to h6 as
 * GitHub does, an id made from its text by github-slugger (GitHub's slugs:
 * lowercase, punctuation removed, letters of every script kept, so
 * `## Безопасность` is `#безопасность`), and lists the h2–h4 for templates (a
 * table of contents). Markdown written for GitHub links to headings of every
 * depth (`##### Disadvantages` in a long README).
 *
 * Ids are unique per page: each page gets a fresh slugger, seeded with the ids
 * the page already uses elsewhere (the theme's `reservedIds`, the ids the
 * footnotes get), so a heading "Main" on a page whose layout has `id="main"`
 * becomes `main-1`. A heading whose id a plugin set keeps it.
 *
 * A heading may name its own id after its text, as Pandoc, Hugo, VitePress and
 * Docusaurus read it: `## Options {#options}`, or with the attribute list of
 * Python-Markdown (MkDocs) and kramdown, `{: #options }`, or with classes and
 * attributes beside the id (`{#options .wide}`, which are not kept). The braces
 * leave the heading's text (and the outline), and the id is the heading's at
 * any depth; the slugs of the other headings step around it. `\{#x}` is text,
 * as written, and so are braces that name no id. kramdown also takes the
 * attribute list on the line after the heading (`## Options` then
 * `{: #options}`): that line names the heading's id and is not shown.
 * Docsify writes it after a space, `## Options :id=options`.
 *
 * Content written for VitePress links to its slugs (`## build.target` is
 * `#build-target` there, `#buildtarget` on GitHub): `markdown.headingIds:
 * vitepress` in the site config makes those.
 */
import GithubSlugger, { slug } from 'github-slugger';
import type { Heading } from '../pages/page';
import type { SyntaxData } from './syntax-markers';

/** Ids a page uses besides its headings': exact ids, or patterns for families of them (`/^nav-panel-\d+$/`). */
export type ReservedIds = readonly (string | RegExp)[];

/** What a heading gets when its text makes no slug (only punctuation, say). */
const FALLBACK = 'section';

/** How ids are made from headings' text: GitHub's slugs, or VitePress's (the site config's `markdown.headingIds`). */
export type HeadingIdStyle = 'github' | 'vitepress' | 'mkdocs';

/** Ids a page's headings take, one at a time, each unique on the page. */
interface Slugger {
  /** The slug of a heading's text, without making it unique ('' when the text makes none). */
  slugOf(text: string): string;
  /** The next unique id for a heading's text. */
  slug(text: string): string;
  /** Marks an id as used, so no later heading takes it. */
  reserve(id: string): void;
}

/** GitHub's slugs, made unique with `-1`, `-2` … as github-slugger makes them. */
function githubSlugger(): Slugger {
  const slugger = new GithubSlugger();
  return {
    slugOf: (text) => slug(text),
    slug: (text) => slugger.slug(text),
    reserve: (id) => {
      slugger.occurrences[id] ??= 0;
    },
  };
}

// VitePress's slugify (@mdit-vue/shared, the default of VitePress's markdown.anchor): decomposed, accents and
// control characters removed, every run of spaces and ASCII punctuation one hyphen, a leading digit prefixed by `_`.
const COMBINING = /[\u0300-\u036F]/g;
const CONTROL = /[\u0000-\u001f]/g;
const SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;

export function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING, '')
    .replace(CONTROL, '')
    .replace(SPECIAL, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase();
}

/** VitePress's slugs, made unique as markdown-it-anchor makes them (`-1`, `-2` …). */
function vitepressSlugger(): Slugger {
  const used = new Set<string>();
  return {
    slugOf: vitepressSlug,
    slug: (text) => {
      const base = vitepressSlug(text);
      let id = base;
      for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      return id;
    },
    reserve: (id) => void used.add(id),
  };
}

// Python-Markdown's toc extension's default slugify, which MkDocs uses: decomposed and kept to ASCII, anything but
// word characters, spaces and hyphens removed, lowercased, and every run of spaces and hyphens one hyphen.
export function mkdocsSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '-');
}

/** MkDocs's slugs, made unique as Python-Markdown makes them: `_1`, `_2` … (an id ending in `_n` counts on from n). */
function mkdocsSlugger(): Slugger {
  const used = new Set<string>();
  return {
    slugOf: mkdocsSlug,
    slug: (text) => {
      let id = mkdocsSlug(text);
      while (used.has(id) || id === '') {
        const numbered = /^(.*)_([0-9]+)$/.exec(id);
        id = numbered ? `${numbered[1]}_${Number(numbered[2]) + 1}` : `${id}_1`;
      }
      used.add(id);
      return id;
    },
    reserve: (id) => void used.add(id),
  };
}

const SLUGGERS: Record<HeadingIdStyle, () => Slugger> = {
  github: githubSlugger,
  vitepress: vitepressSlugger,
  mkdocs: mkdocsSlugger,
};

/** What customIdOf reads of a heading's children. */
interface InlineNode {
  type: string;
  value?: string;
  position?: { start?: { offset?: number; line?: number }; end?: { offset?: number; line?: number } };
}

/** Braces at the end of a heading's text (`{#id}`, `{: #id .class }`), not escaped: what they hold. */
const ATTRIBUTES = /[ \t]*(?<!\\)\{:?([^{}\n]*)\}[ \t]*$/u;
/**
 * One entry of the braces: `#id` (what Pandoc takes for one: a letter, digit or `_`, then letters, digits, `_`, `-`,
 * `.` and `:`), `.class` or `key=value`.
 */
const ATTRIBUTE =
  /[ \t]*(?:#([\p{L}\p{N}_][\p{L}\p{N}\p{M}_.:-]*)|\.[\p{L}\p{N}_-]+|[\p{L}\p{N}_-]+=(?:"[^"]*"|'[^']*'|[^\s"'}]+))/uy;

/** Docsify's id at the end of a heading, after a space: `## themeColor :id=themecolor`. */
const DOCSIFY_ID = /[ \t]+:id=([\p{L}\p{N}_][\p{L}\p{N}\p{M}_.:-]*)[ \t]*$/u;

/**
 * The id the braces at the end of `text` name: one `#id` among classes and attributes; or Docsify's `:id=` there;
 * undefined for anything else.
 */
function idIn(text: string): { id: string; index: number } | undefined {
  const docsify = DOCSIFY_ID.exec(text);
  if (docsify) return { id: docsify[1]!, index: docsify.index };
  const braces = ATTRIBUTES.exec(text);
  if (!braces) return undefined;
  const inside = braces[1]!.trimEnd();
  let id: string | undefined;
  for (ATTRIBUTE.lastIndex = 0; ATTRIBUTE.lastIndex < inside.length;) {
    const entry = ATTRIBUTE.exec(inside);
    if (!entry) return undefined;
    if (entry[1] !== undefined) {
      if (id !== undefined) return undefined;
      id = entry[1];
    }
  }
  return id === undefined ? undefined : { id, index: braces.index };
}

/**
 * The id a kramdown attribute list on a line of its own names (`{: #options}`, `{:#options .wide}`): written after a
 * heading, it is that heading's id. Undefined for any other text.
 */
export function idLineOf(text: string): string | undefined {
  const line = text.trim();
  if (!line.startsWith('{:')) return undefined;
  const match = idIn(line);
  return match?.index === 0 ? match.id : undefined;
}

/** The id a heading names for itself (`## Title {#id}`), and its last text without it; `source`, when given, rules out `\{#id}`. */
export function customIdOf<Child extends InlineNode>(
  node: { children?: Child[] },
  source?: string,
): { id: string; children: Child[] } | undefined {
  const children = node.children ?? [];
  const last = children.at(-1);
  if (last?.type !== 'text' || last.value === undefined) return undefined;
  const match = idIn(last.value);
  if (!match) return undefined;
  const start = last.position?.start?.offset;
  const end = last.position?.end?.offset;
  // An escaped brace is gone from the text's value, but not from the source.
  if (source !== undefined && start !== undefined && end !== undefined && !idIn(source.slice(start, end)))
    return undefined;
  const rest = last.value.slice(0, match.index);
  return {
    id: match.id,
    children: rest === '' ? children.slice(0, -1) : [...children.slice(0, -1), { ...last, value: rest } as Child],
  };
}

/**
 * Ids the markdown pipeline itself gives: mdast-util-to-hast prefixes every footnote id with `user-content-`, and
 * labels the footnotes section `footnote-label`.
 */
export const FOOTNOTE_IDS: ReservedIds = ['footnote-label', /^user-content-/];

/** The part of a unified VFile this plugin reads and writes. */
export interface HeadingData {
  reservedIds?: CompiledIds;
  headings?: Heading[];
  /**
   * The text of the page's `#` title heading, which the page shows as its title and is not in the body, when it
   * names no id of its own: the heading would have had the first slug of it, so an anchor at the body's start takes
   * it, and links written to it (`#embed-files`, as GitHub and Docsify make it) land there.
   */
  titleText?: string;
}

/** Reserved ids sorted for the slugger: the exact ones seed it, the patterns are tested. */
export interface CompiledIds {
  exact: string[];
  patterns: RegExp[];
  /** The same ids as text, so renderers can tell whether two sets are equal. */
  key: string;
}

const compiled = new WeakMap<ReservedIds, CompiledIds>();

export function compileIds(ids: ReservedIds): CompiledIds {
  let result = compiled.get(ids);
  if (!result) {
    const all = [...FOOTNOTE_IDS, ...ids];
    result = {
      exact: all.filter((id): id is string => typeof id === 'string'),
      // Without the g and y flags, test() keeps no state between calls.
      patterns: all
        .filter((id): id is RegExp => id instanceof RegExp)
        .map((p) => new RegExp(p.source, p.flags.replace(/[gy]/g, ''))),
      key: JSON.stringify(ids.map((id) => (typeof id === 'string' ? [id] : [id.source, id.flags]))),
    };
    compiled.set(ids, result);
  }
  return result;
}

/** The mdast nodes this plugin reads. */
interface MdNode extends InlineNode {
  depth?: number;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown> } & Record<string, unknown>;
}

/** The text a heading shows: text and inline code, not image alt text or dropped HTML. */
function textOf(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  return node.children ? node.children.map(textOf).join('') : '';
}

/** The text a heading's id is made from (mdast's Heading, as page-source.ts holds the title's). */
export const headingTextOf = (heading: object): string => textOf(heading as MdNode);

/** A start tag in raw HTML, and an id attribute in one; an `<a>` start tag, and a name attribute in one. */
const START_TAG = /<[A-Za-z][\w-]*(?:\s[^<>]*)?>/g;
const ID_ATTRIBUTE = /\sid\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const ANCHOR_TAG = /^<a[\s>]/i;
const NAME_ATTRIBUTE = /\sname\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

/**
 * The ids raw HTML in the page gives its elements (`### <a id="c"></a>C`, an anchor kept for old links; `<a name="c">`,
 * which raw-html.ts makes an id): a heading's slug steps around them, as around the theme's, so the page never holds
 * an id twice. Comments are not elements.
 */
function rawIdsIn(node: MdNode, into: string[] = []): string[] {
  if (node.type === 'html' && node.value) {
    for (const [tag] of node.value.replace(/<!--[\s\S]*?(?:-->|$)/g, '').matchAll(START_TAG)) {
      const found = ID_ATTRIBUTE.exec(tag) ?? (ANCHOR_TAG.test(tag) ? NAME_ATTRIBUTE.exec(tag) : null);
      const id = found?.[1] ?? found?.[2] ?? found?.[3];
      if (id) into.push(id);
    }
  }
  for (const child of node.children ?? []) rawIdsIn(child, into);
  return into;
}

/**
 * Gives each heading followed by a kramdown attribute list naming an id (`{: #options}` on the next line, which
 * markdown reads as a paragraph) that id, and removes the line. `source` rules out an escaped `\{: #id}`.
 */
function takeIdLines(node: MdNode, source: string | undefined): void {
  const children = node.children;
  if (!children) return;
  for (let index = 0; index < children.length; index++) {
    const child = children[index]!;
    const next = children[index + 1];
    const nextLine = next?.position?.start?.line;
    const adjoining = nextLine === undefined || nextLine === (child.position?.end?.line ?? 0) + 1;
    if (child.type === 'heading' && next?.type === 'paragraph' && next.children?.length === 1 && adjoining) {
      const text = next.children[0]!;
      const start = next.position?.start?.offset;
      const end = next.position?.end?.offset;
      const id = text.type === 'text' && text.value !== undefined ? idLineOf(text.value) : undefined;
      const written =
        source === undefined || start === undefined || end === undefined || idLineOf(source.slice(start, end));
      const properties = ((child.data ??= {}).hProperties ??= {});
      if (id !== undefined && written && !(typeof properties.id === 'string' && properties.id !== '')) {
        properties.id = id;
        children.splice(index + 1, 1);
      }
    }
    takeIdLines(child, source);
  }
}

function* headingsIn(node: MdNode): Generator<MdNode> {
  if (node.type === 'heading') {
    yield node;
    return;
  }
  for (const child of node.children ?? []) yield* headingsIn(child);
}

/** The next unique id for a heading's text that no reserved pattern takes. */
function slugAround(slugger: Slugger, taken: (id: string) => boolean, text: string): string {
  const basis = slugger.slugOf(text) === '' ? FALLBACK : text;
  let id = slugger.slug(basis);
  // A pattern can reserve a few numbered ids (`-1`, `-2` …) or, as a prefix, every suffix of the slug: then the
  // heading's id starts with "section-" instead.
  for (let tries = 0; taken(id) && tries < 10; tries++) id = slugger.slug(basis);
  if (taken(id)) id = slugger.slug(`${FALLBACK} ${basis}`);
  return id;
}

/** The remark plugin's options. */
export interface HeadingIdOptions {
  style?: HeadingIdStyle;
}

/** The remark plugin. Runs after the site's plugins, so the ids and the listed text are of the headings as shown. */
export function remarkHeadingIds(options: HeadingIdOptions = {}) {
  const makeSlugger = SLUGGERS[options.style ?? 'github'];
  return (tree: MdNode, file: { data: HeadingData & SyntaxData; value?: unknown }) => {
    const reserved = file.data.reservedIds ?? compileIds([]);
    const source = typeof file.value === 'string' ? file.value : undefined;
    // Without a brace in the page, no heading names its own id (syntax-markers.ts).
    const customIds = file.data.syntax?.customIds !== false;
    const slugger = makeSlugger();
    for (const id of reserved.exact) slugger.reserve(id);
    const taken = (id: string) => reserved.patterns.some((pattern) => pattern.test(id));
    if (customIds) takeIdLines(tree, source);
    const nodes = [...headingsIn(tree)];
    for (const id of rawIdsIn(tree)) slugger.reserve(id);
    // Ids the headings name for themselves, and ids plugins set, first: the slugs made for the others step around them.
    for (const node of nodes) {
      const properties = ((node.data ??= {}).hProperties ??= {});
      const custom = customIds ? customIdOf(node, source) : undefined;
      if (custom) {
        node.children = custom.children;
        if (!(typeof properties.id === 'string' && properties.id !== '')) properties.id = custom.id;
      }
      if (typeof properties.id === 'string' && properties.id !== '') slugger.reserve(properties.id);
    }
    // The title heading came first in the file: its slug is made before the others', as GitHub makes it.
    const titleText = file.data.titleText?.replace(/\s+/g, ' ').trim();
    const titleId = titleText === undefined ? undefined : slugAround(slugger, taken, titleText);
    const headings: Heading[] = [];
    for (const node of nodes) {
      const depth = node.depth ?? 1;
      const properties = node.data!.hProperties!;
      const named = typeof properties.id === 'string' && properties.id !== '';
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      let id: string;
      if (named) {
        id = properties.id as string;
      } else {
        id = slugAround(slugger, taken, text);
        properties.id = id;
      }
      if (depth >= 2 && depth <= 4) headings.push({ depth, text, id });
    }
    file.data.headings = headings;
    if (titleId !== undefined)
      (tree.children ??= []).unshift({ type: 'titleAnchor', data: { hName: 'a', hProperties: { id: titleId } } });
  };
}
