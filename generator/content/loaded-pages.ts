/**
 * Pages as an update loads them: each page's validated frontmatter at once,
 * its body (markdown rendered, or from the content store) as it comes in.
 * Every error of every page is reported together, sorted by file.
 */
import { SiteError, siteErrorsOf, throwIfAny } from '../core/errors';
import { withBody, type PageBody, type PageHead, type PageInfo } from '../core/types';

/** Pages whose frontmatter and markdown came from the content store, pages whose markdown was rendered, and on how many threads. */
export interface ContentCounts {
  stored: number;
  rendered: number;
  threads: number;
}

/** A page's path inside the pages folder, its validated frontmatter, and its body (or the promise of it). */
export interface Item {
  relativeFile: string;
  head: PageHead;
  body: PageBody | Promise<PageBody>;
}

export interface Heads {
  items: Item[];
  errors: SiteError[];
  content: ContentCounts;
  /** Waits for every body, ends the markdown pool and saves the content store. */
  finish(): Promise<void>;
}

/** The pages, in file order, as their bodies come in (recorded in `pages` by file); a page whose markdown failed is left out and its error kept. */
export async function* withBodies(items: Item[], pages: Map<string, PageInfo>, errors: SiteError[]): AsyncGenerator<PageInfo[]> {
  for (const { relativeFile, head, body } of items) {
    try {
      const page = withBody(head, body instanceof Promise ? await body : body);
      pages.set(relativeFile, page);
      yield [page];
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
}

/** Throws every error of loading: the files' and, so that every invalid page is reported at once, the markdown's of the rest. */
export async function failWith(heads: Heads): Promise<never> {
  const errors = [...heads.errors];
  for (const result of await Promise.allSettled(heads.items.map((item) => item.body))) if (result.status === 'rejected') errors.push(...siteErrorsOf(result.reason));
  await heads.finish();
  throwIfAny(sortByFile(errors));
  throw new Error('unreachable: failWith was called without errors');
}

/** Every page of `heads`, whole, by file; rejects with every page's errors. */
export async function wholePages(heads: Heads): Promise<Map<string, PageInfo>> {
  if (heads.errors.length > 0) await failWith(heads);
  const pages = new Map<string, PageInfo>();
  const errors: SiteError[] = [];
  try {
    for await (const batch of withBodies(heads.items, pages, errors)) void batch;
  } finally {
    await heads.finish();
  }
  throwIfAny(sortByFile(errors));
  return pages;
}

export const sortByFile = (errors: SiteError[]) => errors.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0));
