/**
 * Markdown to sanitised HTML with remark + remark-html (GFM tables and lists).
 * Raw HTML in markdown is dropped and the output is sanitised, so content cannot
 * inject scripts. Headings get stable ids (kept unprefixed so tables of
 * contents can link to them) and are collected for templates.
 */
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { defaultSchema } from 'hast-util-sanitize';
import type { Heading } from './types';

interface MdNode {
  type: string;
  depth?: number;
  value?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, unknown> };
}

const textOf = (node: MdNode): string => node.value ?? (node.children ?? []).map(textOf).join('');

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'section';

/** Gives h2–h4 headings unique ids and records them in `file.data.headings`. */
function headingIds() {
  return (tree: MdNode, file: { data: Record<string, unknown> }) => {
    const seen = new Map<string, number>();
    const headings: Heading[] = [];
    const walk = (node: MdNode) => {
      if (node.type === 'heading' && node.depth !== undefined && node.depth >= 2 && node.depth <= 4) {
        const text = textOf(node);
        const base = slugify(text);
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        const id = count === 0 ? base : `${base}-${count}`;
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
        headings.push({ depth: node.depth, text, id });
      }
      node.children?.forEach(walk);
    };
    walk(tree);
    file.data.headings = headings;
  };
}

const sanitizeSchema = { ...defaultSchema, clobber: (defaultSchema.clobber ?? []).filter((name) => name !== 'id') };

const processor = remark().use(remarkGfm).use(headingIds).use(remarkHtml, { sanitize: sanitizeSchema });

/** Rendered bodies by source text: watch mode re-validates every page on a template edit, but re-renders no unchanged body. */
const cache = new Map<string, { html: string; headings: Heading[] }>();
const CACHE_LIMIT = 10_000;

export function renderMarkdown(source: string): { html: string; headings: Heading[] } {
  const hit = cache.get(source);
  if (hit) return hit;
  const file = processor.processSync(source);
  const result = { html: String(file), headings: (file.data.headings as Heading[] | undefined) ?? [] };
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, result);
  return result;
}
