/**
 * Heading ids: a remark plugin that gives every h2–h4 of a page an id made
 * from its text by github-slugger (GitHub's slugs: lowercase, punctuation
 * removed, letters of every script kept, so `## Безопасность` is
 * `#безопасность`), and lists the headings for templates (a table of
 * contents).
 *
 * Ids are unique per page: each page gets a fresh slugger, seeded with the ids
 * the page already uses elsewhere (the theme's `reservedIds`, the ids the
 * footnotes get), so a heading "Main" on a page whose layout has `id="main"`
 * becomes `main-1`. A heading whose id a plugin set keeps it.
 */
import GithubSlugger, { slug } from 'github-slugger';
import type { Heading } from '../base/types';

/** Ids a page uses besides its headings': exact ids, or patterns for families of them (`/^nav-panel-\d+$/`). */
export type ReservedIds = readonly (string | RegExp)[];

/** What a heading gets when its text makes no slug (only punctuation, say). */
const FALLBACK = 'section';

/**
 * Ids the markdown pipeline itself gives: mdast-util-to-hast prefixes every footnote id with `user-content-`, and
 * labels the footnotes section `footnote-label`.
 */
export const FOOTNOTE_IDS: ReservedIds = ['footnote-label', /^user-content-/];

/** The part of a unified VFile this plugin reads and writes. */
export interface HeadingData {
  reservedIds?: CompiledIds;
  headings?: Heading[];
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
interface MdNode {
  type: string;
  depth?: number;
  value?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown> } & Record<string, unknown>;
}

/** The text a heading shows: text and inline code, not image alt text or dropped HTML. */
function textOf(node: MdNode): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value ?? '';
  return node.children ? node.children.map(textOf).join('') : '';
}

function* headingsIn(node: MdNode): Generator<MdNode> {
  if (node.type === 'heading') {
    yield node;
    return;
  }
  for (const child of node.children ?? []) yield* headingsIn(child);
}

/** The remark plugin. Runs after the site's plugins, so the ids and the listed text are of the headings as shown. */
export function remarkHeadingIds() {
  return (tree: MdNode, file: { data: HeadingData }) => {
    const reserved = file.data.reservedIds ?? compileIds([]);
    const slugger = new GithubSlugger();
    for (const id of reserved.exact) slugger.occurrences[id] = 0;
    const taken = (id: string) => reserved.patterns.some((pattern) => pattern.test(id));
    const headings: Heading[] = [];
    for (const node of headingsIn(tree)) {
      const depth = node.depth ?? 1;
      if (depth < 2 || depth > 4) continue;
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      const properties = ((node.data ??= {}).hProperties ??= {});
      let id: string;
      if (typeof properties.id === 'string' && properties.id !== '') {
        id = properties.id;
        slugger.occurrences[id] ??= 0;
      } else {
        const basis = slug(text) === '' ? FALLBACK : text;
        id = slugger.slug(basis);
        // A pattern can reserve a few numbered ids (`-1`, `-2` …) or, as a prefix, every suffix of the slug: then the
        // heading's id starts with "section-" instead.
        for (let tries = 0; taken(id) && tries < 10; tries++) id = slugger.slug(basis);
        if (taken(id)) id = slugger.slug(`${FALLBACK} ${basis}`);
        properties.id = id;
      }
      headings.push({ depth, text, id });
    }
    file.data.headings = headings;
  };
}
