/**
 * What the link check reads of a rendered page: its outgoing links (href and src values, and the site URLs its islands'
 * props name) and the ids it defines. Read as pages are rendered and written, so the check never re-reads the HTML.
 */
import { decodeAttribute, forEachAttribute } from './html-attributes';

/** A page's outgoing links (href and src values) and the ids it defines: all the link check needs. */
export interface PageLinks {
  route: string;
  file: string;
  links: string[];
  ids: string[];
  /** The src values that name another host (an image embedded from it): the site's policy blocks them. */
  offsite: string[];
}

/** A URL of another host: `https://…`, `http://…` or `//…`. */
const OFFSITE = /^(?:https?:)?\/\//i;

/** href, src, srcset and id attributes of the start tags (html-attributes.ts): one pass over the page. */
const ATTRIBUTE = / (href|src|srcset|id)="([^"]*)"/g;
/** An island's props (generator/render/island.tsx): they may name URLs the island shows later, such as a carousel's next image. */
const ISLAND_PROPS = /<script type="application\/json">([^<]*)<\/script>/g;
/** A site-relative URL: a single "/" then no whitespace (not a "//host" one). */
const SITE_URL = /^\/(?!\/)\S*$/;

/** Every string in a JSON value that is a site-relative URL. */
function siteUrlsIn(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') {
    if (SITE_URL.test(value)) into.push(value);
  } else if (value && typeof value === 'object') for (const member of Object.values(value)) siteUrlsIn(member, into);
  return into;
}

/** The site-relative URLs named in the island props of some markup (also read by the size budget, for images shown later). */
export function islandPropsUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [, json] of html.matchAll(ISLAND_PROPS)) siteUrlsIn(JSON.parse(json!), urls);
  return urls;
}

/**
 * One copy of each distinct string. A regex match is a slice that keeps its
 * whole page alive; a build that keeps thousands of pages' links would keep
 * thousands of pages. The copy is a new string, and repeats (the header's and
 * footer's links on every page) share it. `list` does the same for lists:
 * pages with the same ids (every post of a blog) share one array of them.
 */
export interface Interner {
  (value: string): string;
  /** One array, its length its own (an array grown by push keeps room for more), for equal lists of strings. */
  list(values: readonly string[]): string[];
}
export function createInterner(): Interner {
  const pool = new Map<string, string>();
  const lists = new Map<string, string[]>();
  const intern = (value: string) => {
    let copy = pool.get(value);
    if (copy === undefined) {
      copy = (' ' + value).slice(1);
      pool.set(copy, copy);
    }
    return copy;
  };
  return Object.assign(intern, {
    list: (values: readonly string[]) => {
      const key = JSON.stringify(values);
      let list = lists.get(key);
      if (!list) lists.set(key, (list = values.slice()));
      return list;
    },
  });
}

/** Links and ids of markup many pages share (a layout shell), read once. */
export interface SharedLinks {
  links: string[];
  ids: string[];
  offsite: string[];
}

/** A page's markup to read for links: its HTML, or its parts in order, with shared parts already read. */
export type LinkSource = string | SharedLinks;

export function pageLinks(
  route: string,
  file: string,
  html: string | LinkSource[],
  intern: Interner = createInterner(),
): PageLinks {
  const links = new Set<string>();
  const ids: string[] = [];
  const offsite = new Set<string>();
  for (const source of typeof html === 'string' ? [html] : html) {
    const part = typeof source === 'string' ? readLinks(source, intern) : source;
    for (const link of part.links) links.add(link);
    ids.push(...part.ids);
    for (const url of part.offsite) offsite.add(url);
  }
  return { route, file, links: [...links], ids: intern.list(ids), offsite: intern.list([...offsite]) };
}

/**
 * The links and ids of some markup, each link once in the order first written, the ids in order with repeats (a page's
 * ids are checked for repeats from them: render/unique-ids.ts).
 */
export function readLinks(html: string, intern: Interner = createInterner()): SharedLinks {
  const links = new Set<string>();
  const ids: string[] = [];
  const offsite = new Set<string>();
  forEachAttribute(html, ATTRIBUTE, (name, value) => {
    if (name === 'id') ids.push(intern(decodeAttribute(value)));
    else {
      // A srcset names an image per candidate ("url 2x, url 800w"), each an image src would name.
      const urls = name === 'srcset' ? decodeAttribute(value).split(',') : [decodeAttribute(value)];
      for (const written of urls) {
        const url = intern(name === 'srcset' ? (written.trim().split(/\s+/)[0] ?? '') : written);
        if (url === '') continue;
        links.add(url);
        if (name !== 'href' && OFFSITE.test(url)) offsite.add(url);
      }
    }
  });
  for (const url of islandPropsUrls(html)) links.add(intern(url));
  return { links: [...links], ids, offsite: [...offsite] };
}
