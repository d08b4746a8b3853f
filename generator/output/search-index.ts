/**
 * The search index of a theme with search (theme.search): Pagefind's files, made with its Node API from the pages'
 * HTML as the build wrote it, returned as files for the output folder to write (never written by Pagefind itself, so
 * the output folder's rules hold for them as for every other file). Given the same pages in the same order, Pagefind
 * writes the same bytes, so pages are always added in route order: a watch update that makes the index again from
 * the pages writes what a full build writes.
 */
import { SiteError } from '../base/errors';

/** The folder of the output the index is written in; the browser imports `<base>/pagefind/pagefind.js`. */
export const SEARCH_FOLDER = 'pagefind';

/** A page to index: its route (results link to it, under the base path the page is served at) and its HTML. */
export interface SearchPage {
  route: string;
  /** The source file, for errors. */
  file: string;
  html: () => string;
}

/**
 * Pagefind's prebuilt interfaces, which a theme with its own search box does not load: only the search API
 * (pagefind.js, its worker, the WebAssembly and the index) is published.
 */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)[.-]/;

/** Pages sent to Pagefind before the first of them is answered. */
const AHEAD = 32;

/** A search index being made: pages are added as they are ready, and its files asked for once all are added. */
export interface SearchIndexing {
  /**
   * Adds a page. Pages must come in route order: Pagefind numbers them in the order they arrive, and its service
   * takes its messages one after another, in the order sent. Up to AHEAD are sent before the first is answered, so
   * Pagefind always has the next page while this thread works on; the others wait their turn as routes, their HTML
   * read only when they are sent.
   */
  add(page: SearchPage): void;
  /** The index's files by output path (`pagefind/…`), once every page added is indexed; throws what failed. */
  files(): Promise<Map<string, Uint8Array>>;
  /**
   * Frees the index in Pagefind's service (after files(), or to give it up), without waiting for the service's answer,
   * which comes after the pages still in flight: a watch update a change interrupts gives up at once.
   */
  close(): void;
}

const failed = (file: string, problem: string) => new SiteError('SearchIndexFailed', { file, problem }, { file });

/**
 * A new index. `stop`, called before each page is sent, may throw to give the index up (a watch update a later
 * change supersedes): files() then throws what it threw, as it is.
 */
export async function startSearchIndex(stop?: () => void): Promise<SearchIndexing> {
  const pagefind = await import('pagefind');
  const created = await pagefind.createIndex({});
  if (!created.index) throw failed(SEARCH_FOLDER, created.errors.join('; ') || 'no index');
  const index = created.index;
  const waiting: (SearchPage | undefined)[] = [];
  let next = 0;
  let sent = 0;
  let problem: { error: unknown; given?: true } | undefined;
  let settled: (() => void) | undefined;
  const send = () => {
    while (!problem && sent < AHEAD && next < waiting.length) {
      const page = waiting[next]!;
      waiting[next++] = undefined;
      try {
        stop?.();
      } catch (error) {
        problem = { error, given: true };
        break;
      }
      let content: string;
      try {
        content = page.html();
      } catch (error) {
        problem = { error };
        break;
      }
      sent++;
      index
        .addHTMLFile({ url: page.route, content })
        .then(
          (added) => {
            if (added.errors.length > 0) problem ??= { error: failed(page.file, added.errors.join('; ')) };
          },
          (error: unknown) => {
            problem ??= { error: error ?? new Error('Pagefind gave no answer') };
          },
        )
        .finally(() => {
          sent--;
          send();
          settled?.();
        });
    }
    if (problem) settled?.();
  };
  return {
    add(page) {
      waiting.push(page);
      send();
    },
    async files() {
      // Every page sent is answered before the index is read or a page's failure reported (the service answers in
      // order); an index given up (`stop`) is given up at once, whatever is in flight.
      while (!problem?.given && (sent > 0 || (!problem && next < waiting.length)))
        await new Promise<void>((resolve) => (settled = resolve));
      if (problem) {
        const { error, given } = problem;
        throw given || error instanceof SiteError ? error : failed(SEARCH_FOLDER, (error as Error).message);
      }
      const { files, errors } = await index.getFiles();
      if (errors.length > 0) throw failed(SEARCH_FOLDER, errors.join('; '));
      return new Map(
        files
          .filter((file) => !UNUSED.test(file.path))
          .map((file) => [`${SEARCH_FOLDER}/${file.path}`, file.content] as [string, Uint8Array]),
      );
    },
    close() {
      void index.deleteIndex().catch(() => undefined);
    },
  };
}

/** Routes in the order Pagefind is given them: their UTF-16 code units' order, whatever made the list. */
export const byRoute = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The index files by output path (`pagefind/…`), from `pages` in route order. `stop`, called before each page, may
 * throw to give the index up (a watch update a later change supersedes); what it throws is thrown as it is.
 */
export async function searchIndexFiles(
  pages: readonly SearchPage[],
  stop?: () => void,
): Promise<Map<string, Uint8Array>> {
  const indexing = await startSearchIndex(stop);
  try {
    for (const page of [...pages].sort((a, b) => byRoute(a.route, b.route))) indexing.add(page);
    return await indexing.files();
  } finally {
    indexing.close();
  }
}
