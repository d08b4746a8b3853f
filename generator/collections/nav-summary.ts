/**
 * A table of contents a folder ships (mdBook's SUMMARY.md, read by markdown/summary-toc.ts) rearranges the tree of
 * its folder (nav-tree.ts): the pages it lists become its folder's entries in its order, each chapter's
 * sub-chapters its entries, under the names it gives them; part titles and draft chapters are labels that link
 * nowhere. What it does not list keeps its place by the folders, after what it lists. The SUMMARY.md page itself is
 * built (links to it keep working) but is none of the entries. Tables of contents are applied from the top folder
 * down, so a book's own SUMMARY.md orders its pages over one above it.
 *
 * Only pages inside the table's folder move, and never under themselves: a link out of the folder, to the folder's
 * own page (mdBook's introduction, `README.md`), or to a page listed already is no move (the folder's own page is
 * its section's link; the others become labels), so the result is always a tree.
 */
import path from 'node:path';
import type { PageInfo } from '../pages/page';
import type { TocEntry } from '../markdown/summary-toc';
import { parentRoute, type NavNode } from './nav-tree';

/** The file a link of a table of contents names, as errors show files, or undefined for no file of the site. */
function targetOf(href: string, folder: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href)) return undefined;
  let file = href.replace(/[?#].*$/, '');
  try {
    file = decodeURI(file);
  } catch {
    return undefined;
  }
  if (file === '' || file.startsWith('/')) return undefined;
  return path.posix.normalize(path.posix.join(folder, file));
}

const isWithin = (node: NavNode, ancestor: NavNode) => {
  for (let at: NavNode | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
};

export function applyTocs(pages: readonly PageInfo[], root: NavNode, nodes: ReadonlyMap<string, NavNode>): void {
  const tables = pages.filter((page) => page.toc !== undefined && nodes.get(page.route)?.page === page);
  if (tables.length === 0) return;
  const byFile = new Map<string, NavNode>();
  for (const page of pages) {
    const node = nodes.get(page.route);
    if (node?.page === page) byFile.set(page.file.replace(/\\/g, '/'), node);
  }
  const depth = (route: string) => (route === '/' ? 0 : route.split('/').length - 1);
  tables.sort((a, b) => depth(a.route) - depth(b.route) || (a.route < b.route ? -1 : 1));

  for (const table of tables) {
    const own = nodes.get(table.route)!;
    const book = nodes.get(parentRoute(table.route))!;
    const file = table.file.replace(/\\/g, '/');
    const folder = file.slice(0, Math.max(0, file.lastIndexOf('/')));
    const placed = new Set<NavNode>();
    const lists = new Map<NavNode, NavNode[]>();
    const touched = new Set<NavNode>([book]);
    own.hidden = true;

    const place = (entries: readonly TocEntry[], parent: NavNode): NavNode[] =>
      entries.flatMap((entry): NavNode[] => {
        const target = entry.href === undefined ? undefined : targetOf(entry.href, folder);
        let node = target === undefined ? undefined : byFile.get(target);
        // The folder's own page is its section's link: what it lists are the folder's entries.
        if (node === book) return place(entry.items ?? [], parent);
        if (node && (node === own || placed.has(node) || !isWithin(node, book) || isWithin(parent, node)))
          node = undefined;
        if (!node) {
          const label: NavNode = {
            route: '',
            title: entry.title,
            children: [],
            name: entry.title,
            label: true,
            parent,
          };
          label.children = place(entry.items ?? [], label);
          return entry.title === '' && label.children.length === 0 ? [] : [label];
        }
        placed.add(node);
        if (node.parent) touched.add(node.parent);
        node.parent = parent;
        if (entry.title !== '') node.title = entry.title;
        touched.add(node);
        lists.set(node, place(entry.items ?? [], node));
        return [node];
      });

    lists.set(book, place(table.toc!, book));
    // Each section it changed: what the table lists there, then what it left there, in the folders' order.
    for (const node of touched)
      node.children = [
        ...(lists.get(node) ?? []),
        ...node.children.filter((child) => !placed.has(child) && !child.hidden && child.parent === node),
      ];
  }
  prune(root);
}

/** Folders the tables emptied of pages are no entries: nothing to list, no page to make. */
function prune(node: NavNode): boolean {
  node.children = node.children.filter(prune);
  return node.page !== undefined || node.label === true || node.children.length > 0;
}
