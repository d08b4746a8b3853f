/**
 * The site's pages as a tree, made from every page as it is now (so a build and a watch update make the same one).
 * Folders are sections: a page's section is the route above its own (`/guide/install` is in `/guide`), and the
 * page at a section's route is its page (its index.md or README.md, as pages/routes.ts decides, or a `guide.md`
 * beside a `guide/` folder). A section with no page of its own is given one the engine generates, when the theme
 * shows them (navigation.ts). The home page (`/`) is the root.
 *
 * Entries are ordered as the tools the pages were written for order them: by the first number among the keys those
 * tools read (ORDER_KEYS), entries with one first, then by file name in natural order (`2-setup` before `10-deploy`),
 * case aside; the route breaks what ties remain, so the order never depends on the order pages were read in. Where a
 * folder holds a table of contents (mdBook's SUMMARY.md), its order and nesting win for the pages it lists
 * (nav-summary.ts).
 */
import type { PageInfo } from '../pages/page';

export interface NavNode {
  route: string;
  /** The section's or page's own page; none for a folder without one (until navigation.ts gives it one). */
  page?: PageInfo;
  /** What the navigation shows. */
  title: string;
  parent?: NavNode;
  children: NavNode[];
  /** The number it is ordered by, when its page gives one. */
  order?: number;
  /** What it is ordered by after `order`: its file's or folder's name. */
  name: string;
  /** A folder's path as errors show files (`pages/guide`), for the page the engine makes of a section without one. */
  folder?: string;
  /** A label of a table of contents (a part title, a draft chapter): no page, in no folder. */
  label?: true;
  /** Left out of its section's entries (a table of contents is not one of the pages it lists). */
  hidden?: true;
}

/**
 * The keys other tools read a page's place in a list from, in the order they are looked at: Eleventy's and
 * VitePress themes' `order`, Docusaurus's `sidebar_position`, Hugo's `weight`, Just the Docs' `nav_order`, and
 * Starlight's `sidebar.order`.
 */
export const ORDER_KEYS = ['order', 'sidebar_position', 'weight', 'nav_order', 'sidebar.order'] as const;

/**
 * The keys that give a shorter name for the navigation than the title: Docusaurus's `sidebar_label`, Hugo's
 * `linkTitle`, Just the Docs' and others' `nav_title`, and Starlight's `sidebar.label`.
 */
export const LABEL_KEYS = ['sidebar_label', 'linkTitle', 'nav_title', 'sidebar.label'] as const;

/** A frontmatter value by a key of ORDER_KEYS or LABEL_KEYS (`sidebar.order` reads the `sidebar` object's `order`). */
function valueOf(data: Record<string, unknown>, key: string): unknown {
  const [head, tail] = key.split('.') as [string, string | undefined];
  const value = Object.hasOwn(data, head) ? data[head] : undefined;
  if (tail === undefined) return value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, tail)
    ? (value as Record<string, unknown>)[tail]
    : undefined;
}

/** A page's order: the first key of ORDER_KEYS holding a finite number (or a number written as text: `"2"`). */
export function orderOf(data: Record<string, unknown>): number | undefined {
  for (const key of ORDER_KEYS) {
    const value = valueOf(data, key);
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number)) return number;
  }
  return undefined;
}

/** The name a page goes by in the navigation: the first key of LABEL_KEYS holding text, else its title. */
export function labelOf(page: PageInfo): string {
  for (const key of LABEL_KEYS) {
    const value = valueOf(page.data, key);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return page.title;
}

/** The route a route is in: `/guide/install` → `/guide`, `/guide` → `/`. */
export const parentRoute = (route: string) => route.slice(0, route.lastIndexOf('/')) || '/';

/** A route's last segment as written in its file's name. */
const lastName = (route: string) => {
  const segment = route.slice(route.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const FOLDER_PAGE = /^(?:index|_index|readme)$/i;

/** What a page is ordered by after its order: its file's name, or its folder's name for a folder's page. */
function nameOf(page: PageInfo): string {
  const base = page.file
    .replace(/\\/g, '/')
    .replace(/^.*\//, '')
    .replace(/\.(?:md|markdown)$/i, '');
  return FOLDER_PAGE.test(base) ? lastName(page.route) : base;
}

/** A folder's name as a title: `02-getting_started` → `Getting started`. */
export function folderTitle(route: string): string {
  const words = lastName(route)
    .replace(/^\d+[-_. ]+(?=\S)/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return words === '' ? lastName(route) : words[0]!.toUpperCase() + words.slice(1);
}

// Natural order ("2" before "10"), case and accents aside; the same in every build (the locale is fixed).
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: NavNode, b: NavNode): number {
  if (a.order !== undefined || b.order !== undefined) {
    if (a.order === undefined) return 1;
    if (b.order === undefined) return -1;
    if (a.order !== b.order) return a.order - b.order;
  }
  return collator.compare(a.name, b.name) || (a.route < b.route ? -1 : a.route > b.route ? 1 : 0);
}

/** The tree of `pages` (the 404 page is in no navigation), each section's entries in order; its root is `/`. */
export function navTree(pages: Iterable<PageInfo>): { root: NavNode; nodes: Map<string, NavNode> } {
  const nodes = new Map<string, NavNode>();
  const nodeOf = (route: string): NavNode => {
    let node = nodes.get(route);
    if (!node) {
      node = { route, title: folderTitle(route), children: [], name: lastName(route) };
      nodes.set(route, node);
      if (route !== '/') {
        node.parent = nodeOf(parentRoute(route));
        node.parent.children.push(node);
      }
    }
    return node;
  };
  const root = nodeOf('/');
  for (const page of pages) {
    if (page.isNotFound) continue;
    const node = nodeOf(page.route);
    node.page = page;
    node.title = labelOf(page);
    node.name = nameOf(page);
    const order = orderOf(page.data);
    if (order !== undefined) node.order = order;
    // The folders above the page, as errors show files: its own folder is its section's (its parent's, for a
    // folder's page), and each one up is the next section up.
    const file = page.file.replace(/\\/g, '/');
    let folder = dirname(
      FOLDER_PAGE.test(file.slice(file.lastIndexOf('/') + 1).replace(/\.(?:md|markdown)$/i, '')) ? dirname(file) : file,
    );
    for (let at = node.parent; at && at.folder === undefined; at = at.parent, folder = dirname(folder))
      at.folder = folder;
  }
  for (const node of nodes.values()) node.children.sort(compare);
  return { root, nodes };
}

const dirname = (file: string) => file.slice(0, Math.max(0, file.lastIndexOf('/')));
