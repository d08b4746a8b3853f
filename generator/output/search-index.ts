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

/**
 * The index files by output path (`pagefind/…`), from `pages` in route order. `stop`, called before each page, may
 * throw to give the index up (a watch update a later change supersedes); what it throws is thrown as it is.
 */
export async function searchIndexFiles(
  pages: readonly SearchPage[],
  stop?: () => void,
): Promise<Map<string, Uint8Array>> {
  const pagefind = await import('pagefind');
  const failed = (file: string, problem: string) => new SiteError('SearchIndexFailed', { file, problem }, { file });
  const created = await pagefind.createIndex({});
  if (!created.index) throw failed(SEARCH_FOLDER, created.errors.join('; ') || 'no index');
  const index = created.index;
  let given: unknown;
  const ask = () => {
    try {
      stop?.();
    } catch (error) {
      given = error;
      throw error;
    }
  };
  try {
    // One at a time: Pagefind numbers pages in the order they arrive.
    for (const page of [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))) {
      ask();
      const added = await index.addHTMLFile({ url: page.route, content: page.html() });
      if (added.errors.length > 0) throw failed(page.file, added.errors.join('; '));
    }
    const { files, errors } = await index.getFiles();
    if (errors.length > 0) throw failed(SEARCH_FOLDER, errors.join('; '));
    return new Map(
      files
        .filter((file) => !UNUSED.test(file.path))
        .map((file) => [`${SEARCH_FOLDER}/${file.path}`, file.content] as [string, Uint8Array]),
    );
  } catch (error) {
    if (given !== undefined && error === given) throw error;
    throw error instanceof SiteError ? error : failed(SEARCH_FOLDER, (error as Error).message);
  } finally {
    await index.deleteIndex().catch(() => undefined);
  }
}
