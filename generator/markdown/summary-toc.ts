/**
 * mdBook's table of contents, `SUMMARY.md` (GitBook writes the same), read as mdBook reads it, from remark's syntax
 * tree: each list item's link is a chapter and its nested list its sub-chapters; a link in a paragraph (mdBook's
 * prefix and suffix chapters) is a chapter at the top; a heading (`# Part I`) is a part title; a link with no
 * target (`[Title]()`) is a draft chapter, shown and linked nowhere. Links are kept as written: the plan finds the
 * pages they name (collections/nav-tree.ts), as a page's links are found when it is rendered. Loaded only when such a
 * file is parsed.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { List, Nodes, RootContent } from 'mdast';
import type { TocEntry } from '../pages/page';

export type { TocEntry };

const textOf = (node: Nodes): string =>
  'value' in node && typeof node.value === 'string'
    ? node.value
    : 'children' in node
      ? (node.children as Nodes[]).map(textOf).join('')
      : '';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first link in a node, depth first. */
function firstLink(node: Nodes): { title: string; href?: string } | undefined {
  if (node.type === 'link') {
    const href = node.url.trim();
    return { title: oneLine(textOf(node)), ...(href === '' ? {} : { href }) };
  }
  if (!('children' in node)) return undefined;
  for (const child of node.children as Nodes[]) {
    const found = firstLink(child);
    if (found) return found;
  }
  return undefined;
}

function entriesOfList(list: List): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const item of list.children) {
    const head = item.children.find((child) => child.type !== 'list');
    const link = head ? firstLink(head) : undefined;
    const items = item.children.filter((child): child is List => child.type === 'list').flatMap(entriesOfList);
    // An item with no link (a bare line of text) is a label, as mdBook shows a draft chapter.
    const title = link?.title ?? (head ? oneLine(textOf(head)) : '');
    if (title === '' && items.length === 0) continue;
    entries.push({ title, ...(link?.href ? { href: link.href } : {}), ...(items.length > 0 ? { items } : {}) });
  }
  return entries;
}

/** The table of contents a SUMMARY.md's body (its `# Summary` title left out) lists. */
export function summaryToc(body: string): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const node of fromMarkdown(body).children as RootContent[]) {
    if (node.type === 'heading') {
      const title = oneLine(textOf(node));
      if (title !== '') entries.push({ title, part: true });
    } else if (node.type === 'list') entries.push(...entriesOfList(node));
    else if (node.type === 'paragraph') {
      for (const child of node.children) {
        const link = firstLink(child);
        if (link && link.title !== '') entries.push(link.href ? link : { title: link.title });
      }
    }
  }
  return entries;
}
