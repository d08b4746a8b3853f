/**
 * What a theme with search (theme.search) publishes of the site in its index, and when an update makes the index
 * again. Indexed: the pages of the site's own page files that a visitor may find, that is published (not drafts, which
 * watch and --drafts build), meant for search engines (not noindex) and not the 404 page. Left out: the pages the
 * engine makes (a section's generated page, tag pages and the further pages of a paginated list), which hold only
 * links to, and summaries of, pages that are indexed themselves. The engine writes no redirect pages (hosts answer
 * those), so none can be indexed.
 */
import { closeSync, constants, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { outputFileOf } from '../pages/routes';
import { byRoute, searchIndexFiles, startSearchIndex, type SearchPage } from '../output/search-index';
import type { FileContents } from '../output/write-in-place';
import type { Output, State } from './update-plan';

/** Whether a planned page goes into the search index (see above). */
export function isSearchable(state: Pick<State, 'plan' | 'pages'>): (route: string) => boolean {
  const own = new Set([...state.pages.values()].map((page) => page.route));
  return (route) => {
    const page = state.plan.pages.get(route)?.page;
    return (
      page !== undefined && own.has(route) && page.data.draft !== true && page.data.noindex !== true && !page.isNotFound
    );
  };
}

const text = (contents: FileContents): string =>
  typeof contents === 'string'
    ? contents
    : contents instanceof Uint8Array
      ? Buffer.from(contents).toString('utf8')
      : contents.map(text).join('');

/**
 * Whether the update makes the index again: when the theme's choice changed, the update changed a page, or the index
 * of the update before was never made (an update interrupted before its index, or whose index failed).
 */
export function searchDue(next: State, previous: State | undefined, rendered: ReadonlySet<string>): boolean {
  if (!previous || previous.searchStale === true) return true;
  if ((next.theme.search === true) !== (previous.theme.search === true)) return true;
  return rendered.size > 0 || [...previous.plan.pages.keys()].some((route) => !next.plan.pages.has(route));
}

/** Thrown by `stop` of updateSearchIndex: a later change will make the index again; this one need not finish it. */
export class SearchInterrupted extends Error {}

/**
 * Makes the index again into `output` when the theme has search, and removes the files of the previous index
 * (`before`) it no longer has. A page's HTML is the one this update rendered (`output`), else the one in the first of
 * `dirs` that holds it: the folder the update writes (a full build's staging folder holds every page it rendered; a
 * watch update's output folder the rest), then a full update's staging folder not yet committed (an update made
 * before commit() writes the output folder, which holds only its own pages). `stop`, asked between pages, throws
 * SearchInterrupted to give up (output untouched). Returns the index's files, for the next update.
 */
export async function updateSearchIndex(
  next: State,
  before: ReadonlySet<string>,
  output: Output,
  dirs: readonly string[],
  stop?: () => void,
): Promise<ReadonlySet<string>> {
  const wanted = next.theme.search === true;
  const files = wanted ? await searchIndexFiles(searchPages(next, output, dirs), stop) : new Map<string, Uint8Array>();
  for (const file of before) if (!files.has(file)) output.set(file, null);
  for (const [file, contents] of files) output.set(file, contents);
  return new Set(files.keys());
}

/** A full update's search index, given each page as the update writes it into `dir`. */
export interface SearchFeed {
  /** A page written (in route order): indexed when it is searchable. */
  written(route: string, file: string): void;
  /** Puts the index's files into `output` once every page given is indexed; returns them, for the next update. */
  finish(output: Output): Promise<ReadonlySet<string>>;
  close(): void;
}

/**
 * The index of a full update whose theme has search: the update gives it each page as it writes it into `dir`, so
 * that Pagefind indexes the pages (in a process of its own, on another core) while the next ones render. The pages
 * render in the plan's order, which holds the site's own pages, the only searchable ones, in route order
 * (collections/plan.ts): the order updateSearchIndex gives them in, so the same index. Should a page come out of that
 * order, the feed stops, and the index is made from the written pages as updateSearchIndex makes it.
 */
export async function searchFeed(next: State, dir: string): Promise<SearchFeed | undefined> {
  if (next.theme.search !== true) return undefined;
  const indexing = await startSearchIndex();
  const searchable = isSearchable(next);
  let last: string | undefined;
  let inOrder = true;
  return {
    written(route, file) {
      if (!inOrder || !searchable(route)) return;
      if (last !== undefined && byRoute(last, route) >= 0) inOrder = false;
      else indexing.add({ route, file, html: () => readWritten([dir], outputFileOf(route)) });
      last = route;
    },
    async finish(output) {
      if (!inOrder) {
        indexing.close();
        return updateSearchIndex(next, new Set(), output, [dir]);
      }
      const files = await indexing.files();
      for (const [file, contents] of files) output.set(file, contents);
      return new Set(files.keys());
    },
    close: () => indexing.close(),
  };
}

/** A page the build wrote, read back from the first of `dirs` that holds it; never through a symbolic link. */
function readWritten(dirs: readonly string[], file: string): string {
  for (const [i, dir] of dirs.entries()) {
    let fd: number;
    try {
      fd = openSync(path.join(dir, file), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && i < dirs.length - 1) continue;
      throw error;
    }
    try {
      return readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  }
  throw new Error(`${file} is in no output folder`);
}

function searchPages(state: State, output: Output, dirs: readonly string[]): SearchPage[] {
  const searchable = isSearchable(state);
  const pages: SearchPage[] = [];
  for (const [route, { page }] of state.plan.pages) {
    if (!searchable(route)) continue;
    const file = outputFileOf(route);
    pages.push({
      route,
      file: page.file,
      html: () => {
        const made = output.get(file);
        return made ? text(made) : readWritten(dirs, file);
      },
    });
  }
  return pages;
}

/** The files the build makes, with the search index's: no public file or page may take their place. */
export const withSearchFiles = (host: ReadonlyMap<string, unknown>, search: ReadonlySet<string> | undefined) =>
  new Map<string, unknown>([...host, ...[...(search ?? [])].map((file): [string, unknown] => [file, file])]);
