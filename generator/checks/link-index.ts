/**
 * The link check's memory between updates: each page's verdict (broken-links.ts, linkChecker) and, for everything a
 * verdict read of the rest of the site (the page at a route and its ids, a file, a redirect, the page of a markdown
 * file), the pages that read it. An update checks again the pages whose own links or page changed, and the pages that
 * read something that changed: so its verdict is the one a check of every page gives, at the cost of what changed.
 *
 * What changed is found by comparing the update's inputs with those the index was made from, never by being told:
 * each route's links and each page are compared by identity (an update makes a new object for what it changes, and
 * never changes one it keeps), each file a verdict read is looked up again. The keys compared are every key, or those
 * the inputs' maps recorded as set or deleted since they were copied from the index's own (`changed`,
 * base/changed-map.ts): every other key's value is the index's object. A first check, or one with another config
 * (planned routes, brokenLinks), or with pages that failed to load, checks every page: the same path with every page
 * dirty.
 */
import { ChangedMap } from '../base/changed-map';
import type { SiteConfig } from '../config/config';
import type { MarkdownLink } from '../markdown/page-links';
import type { PageLinks } from '../render/html-links';
import { linkChecker, readKey, type PageCheck } from './broken-links';

/** What the check reads of a page of the site (a PageInfo). */
export interface CheckedPage {
  route: string;
  file: string;
  markdownLinks?: readonly MarkdownLink[];
  redirects?: readonly { route: string }[];
}

/** The inputs of a check: the state an update leaves. */
export interface LinkInputs {
  config: SiteConfig;
  /** The site's pages by their file in the pages folder (state.pages). */
  pages: ReadonlyMap<string, CheckedPage>;
  /** What each rendered page links to and the ids it has, by route (state.links). */
  links: ReadonlyMap<string, PageLinks>;
  /** Whether the output or the published public folder has a file at a path relative to the output. */
  hasFile(path: string): boolean;
  /** Routes of the pages that failed to load: links to them are not checked. */
  unchecked: ReadonlySet<string>;
  /**
   * The keys of `pages` and of `links` whose value may differ from those of the index the check starts from, when the
   * caller knows them ('any' when not): every other key's value is the same object there.
   */
  changed?: { pages: ReadonlySet<string> | 'any'; links: ReadonlySet<string> | 'any' };
}

/** The routes whose verdict read a key: an array of each once, or a set when there are many. */
type Readers = string[] | Set<string>;

/** Past this many readers, a key's are a set: scanning them for each page an edit checks again cost milliseconds. */
const MANY_READERS = 1024;

export interface LinkIndex {
  /** The inputs it was made from, which the next check compares its own with. */
  config: SiteConfig;
  pages: ReadonlyMap<string, CheckedPage>;
  links: ReadonlyMap<string, PageLinks>;
  /** Each rendered page's verdict, by route: without what it read, which `readers` holds (the largest part of each). */
  verdicts: ReadonlyMap<string, Omit<PageCheck, 'reads'>>;
  /**
   * The routes whose verdict read each key (readKey). It may hold more than that (a page that no longer reads a key
   * stays among its readers, and an update that then failed may have added some): a reader too many is only checked
   * again, to the same verdict. So it is added to in place, by every index of a watch session. Each key's readers are
   * an array, each route once (a set of each took three times the memory, for 28,000 keys at 20,000 posts), but for
   * keys read by more than MANY_READERS pages (the layout's links, read by every page), a set: a page checked again is
   * looked for among them at every edit.
   */
  readers: Map<string, Readers>;
  /** Each file a verdict read, and whether it was there. */
  files: ReadonlyMap<string, boolean>;
  /** Old addresses (redirect_from, aliases) → the route each redirects to. */
  redirects: ReadonlyMap<string, string>;
  /** The site's own pages by route (not those the plan makes). */
  real: ReadonlyMap<string, CheckedPage>;
  /** The routes with something to report: broken links, links to planned routes, images of another host. */
  notable: ReadonlySet<string>;
  /** Each page's ids as a set, made once per page's links. */
  idSets: WeakMap<PageLinks, ReadonlySet<string>>;
  /** How many pages this check visited (all of them, or what changed): for tests and the verbose report. */
  checked: number;
}

/** The index of `inputs`: `previous`'s, brought up to date, when it can be; else every page checked. */
export function indexLinks(inputs: LinkInputs, previous?: LinkIndex): LinkIndex {
  const whole = !previous || previous.config !== inputs.config || inputs.unchecked.size > 0;
  const before: LinkIndex = whole ? emptyIndex(inputs.config) : previous;
  const dirty = new Set<string>();
  const changed = new Set<string>();
  // A whole check reads every page: what changed is not asked.
  const mark = (key: string) => {
    if (!whole) changed.add(key);
  };

  // The site's pages that came, went or were loaded again: their own links (markdown) and what others read of them.
  // The index's maps are copies of the last index's, made on write (base/changed-map.ts): an update changes a few
  // pages' entries of many.
  const real = new ChangedMap(before.real);
  const redirects = new ChangedMap(before.redirects);
  const pageChanged = (page: CheckedPage) => {
    dirty.add(page.route);
    mark(readKey.markdownFile(fileKey(page.file)));
    for (const from of page.redirects ?? []) mark(readKey.redirect(from.route));
  };
  /** A page of `before` no longer there as it was: forgotten, and what it gave others marked. */
  const gone = (was: CheckedPage) => {
    pageChanged(was);
    if (real.get(was.route) === was) real.delete(was.route);
    for (const from of was.redirects ?? []) if (redirects.get(from.route) === was.route) redirects.delete(from.route);
  };
  const came: CheckedPage[] = [];
  const changedPages = whole ? 'any' : (inputs.changed?.pages ?? 'any');
  if (changedPages !== 'any')
    for (const file of changedPages) {
      const was = before.pages.get(file);
      const page = inputs.pages.get(file);
      if (was === page) continue;
      if (was) gone(was);
      if (page) came.push(page);
    }
  else {
    for (const [file, page] of inputs.pages) {
      const was = before.pages.get(file);
      if (was === page) continue;
      if (was) gone(was);
      came.push(page);
    }
    for (const [file, was] of before.pages) if (!inputs.pages.has(file)) gone(was);
  }
  // Once every page gone is forgotten: a page may take the route, or the old address, another left.
  for (const page of came) {
    pageChanged(page);
    real.set(page.route, page);
    for (const from of page.redirects ?? []) redirects.set(from.route, page.route);
  }

  // The rendered pages whose links changed, and the routes whose page came, went or changed its ids.
  const verdicts = new ChangedMap(before.verdicts);
  const linksChanged = (route: string, links: PageLinks) => {
    const was = before.links.get(route);
    if (was === links) return;
    dirty.add(route);
    if (!was || !sameIds(was.ids, links.ids)) mark(readKey.route(route));
  };
  const linksGone = (route: string) => {
    mark(readKey.route(route));
    verdicts.delete(route);
  };
  const changedLinks = whole ? 'any' : (inputs.changed?.links ?? 'any');
  if (changedLinks !== 'any')
    for (const route of changedLinks) {
      const links = inputs.links.get(route);
      if (links) linksChanged(route, links);
      else if (before.links.has(route)) linksGone(route);
    }
  else {
    for (const [route, links] of inputs.links) linksChanged(route, links);
    for (const route of before.links.keys()) if (!inputs.links.has(route)) linksGone(route);
  }

  // The files the verdicts read that came or went (a page's output, a public file, the search index's).
  const files = new ChangedMap(before.files);
  for (const [path, was] of before.files) if (inputs.hasFile(path) !== was) mark(readKey.file(path));

  const readers = whole ? new Map<string, Readers>() : before.readers;
  for (const key of changed) for (const route of readers.get(key) ?? []) dirty.add(route);

  const idSets = before.idSets;
  const check = linkChecker({
    idsOf: (route) => {
      const links = inputs.links.get(route);
      if (!links) return undefined;
      let ids = idSets.get(links);
      if (!ids) idSets.set(links, (ids = new Set(links.ids)));
      return ids;
    },
    hasFile: (path) => {
      const there = inputs.hasFile(path);
      files.set(path, there);
      return there;
    },
    redirectOf: (route) => redirects.get(route),
    routeOfFile: routeOfFileIn(real),
    markdownOf: (route) => real.get(route)?.markdownLinks,
    planned: new Set(inputs.config.plannedRoutes),
    unchecked: inputs.unchecked,
  });
  const notable = new Set(before.notable);
  const joining = new Map<string, Set<string>>();
  let checked = 0;
  // Every page in the links' order, so that a whole check reads them as a build renders them.
  const order = whole ? inputs.links.keys() : dirty;
  for (const route of order) {
    const links = inputs.links.get(route);
    notable.delete(route);
    if (!links) continue;
    const verdict = check(links);
    checked++;
    verdicts.set(route, { errors: verdict.errors, planned: verdict.planned });
    // A whole check visits each route once, each reading a key once: a reader is new to its key's list. A check of
    // what changed gathers its readers, put in their lists once it is done (joinReaders).
    for (const key of verdict.reads) {
      if (whole) {
        // A whole check's lists are arrays until it is done.
        const routes = readers.get(key) as string[] | undefined;
        if (routes) routes.push(route);
        else readers.set(key, [route]);
      } else joining.set(key, (joining.get(key) ?? new Set<string>()).add(route));
    }
    if (verdict.errors.length > 0 || verdict.planned.length > 0 || links.offsite.length > 0) notable.add(route);
  }
  joinReaders(readers, joining);
  // Each list of a whole check copied to its own length (grown by push, it kept room for a third more), or a set.
  if (whole) for (const [key, routes] of readers) readers.set(key, keptReaders(routes as string[]));
  return {
    config: inputs.config,
    pages: inputs.pages,
    links: inputs.links,
    verdicts,
    readers,
    files,
    redirects,
    real,
    notable,
    idSets,
    checked,
  };
}

/** A list of readers as kept: a set past MANY_READERS, else an array of its own length. */
const keptReaders = (routes: string[]): Readers => (routes.length > MANY_READERS ? new Set(routes) : routes.slice());

/** Each key's new readers put in its list, those not there already, in the order they came (as a set adds them). */
function joinReaders(readers: Map<string, Readers>, joining: ReadonlyMap<string, ReadonlySet<string>>): void {
  for (const [key, routes] of joining) {
    const had = readers.get(key);
    if (!had) {
      readers.set(key, keptReaders([...routes]));
      continue;
    }
    if (had instanceof Set) {
      for (const route of routes) had.add(route);
      continue;
    }
    // A few routes (an edit's pages) are looked for in the list; many (every page's links changed) in a set of it, made
    // once: a set of 28,000 routes costs what 20 to 30 scans of them do.
    const present = routes.size > 24 ? new Set(had) : undefined;
    for (const route of routes) if (!(present ? present.has(route) : had.includes(route))) had.push(route);
    if (had.length > MANY_READERS) readers.set(key, new Set(had));
  }
}

function emptyIndex(config: SiteConfig): LinkIndex {
  return {
    config,
    pages: new Map(),
    links: new Map(),
    verdicts: new Map(),
    readers: new Map(),
    files: new Map(),
    redirects: new Map(),
    real: new Map(),
    notable: new Set(),
    idSets: new WeakMap(),
    checked: 0,
  };
}

/** A page's file as a link's `file` names it (markdown/page-links.ts): with forward slashes. */
const fileKey = (file: string) => file.replace(/\\/g, '/');

/** The route of the page made from a markdown file, from a map made only when a broken link asks. */
function routeOfFileIn(real: ReadonlyMap<string, CheckedPage>): (file: string) => string | undefined {
  let byFile: Map<string, string> | undefined;
  return (file) => {
    byFile ??= new Map([...real.values()].map((page) => [fileKey(page.file), page.route]));
    return byFile.get(file);
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
