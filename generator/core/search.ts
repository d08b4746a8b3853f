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
import { outputFileOf } from '../content/routes';
import { searchIndexFiles, type SearchPage } from '../output/search-index';
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
 * Makes the index again into `output` when the theme has search and the update changed a page (or the theme's
 * choice), and removes the files of the previous index it no longer has. A page's HTML is the one this update
 * rendered (`output`), else the one in `dir`, the folder the update writes (a full build's staging folder holds every
 * page it rendered; a watch update's output folder holds the rest). Returns the index's files, for the next update.
 */
export async function updateSearchIndex(
  next: State,
  previous: State | undefined,
  rendered: ReadonlySet<string>,
  output: Output,
  dir: string,
): Promise<ReadonlySet<string>> {
  const before = previous?.search ?? new Set<string>();
  const wanted = next.theme.search === true;
  const pagesChanged =
    rendered.size > 0 || [...(previous?.plan.pages.keys() ?? [])].some((route) => !next.plan.pages.has(route));
  if (previous && wanted === (previous.theme.search === true) && !pagesChanged) return before;
  const files = wanted ? await searchIndexFiles(searchPages(next, output, dir)) : new Map<string, Uint8Array>();
  for (const file of before) if (!files.has(file)) output.set(file, null);
  for (const [file, contents] of files) output.set(file, contents);
  return new Set(files.keys());
}

/** A page the build wrote, read back; never through a symbolic link put in its place. */
function readOwn(file: string): string {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

function searchPages(state: State, output: Output, dir: string): SearchPage[] {
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
        return made ? text(made) : readOwn(path.join(dir, file));
      },
    });
  }
  return pages;
}

/** The files the build makes, with the search index's: no public file or page may take their place. */
export const withSearchFiles = (host: ReadonlyMap<string, unknown>, search: ReadonlySet<string> | undefined) =>
  new Map<string, unknown>([...host, ...[...(search ?? [])].map((file): [string, unknown] => [file, file])]);
