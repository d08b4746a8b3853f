/**
 * Pages as an update loads them: each page's validated frontmatter and its
 * body (markdown rendered, or from the content store). Every error of every
 * page is reported together, sorted by file.
 */
import { SiteError, throwIfAny } from '../base/errors';
import type { RenderedMarkdown } from './markdown';
import { withBody, type PageHead, type PageInfo } from './page';

/** Pages whose frontmatter and markdown came from the content store, and pages whose markdown was rendered. */
export interface ContentCounts {
  stored: number;
  rendered: number;
}

/** The pages an update loaded, each still in two parts (its head and its body), and the errors of those that failed. */
export interface LoadedPages {
  /** Each page's path inside the pages folder, its head and its rendered markdown, in file order. */
  items: { relativeFile: string; head: PageHead; body: RenderedMarkdown }[];
  errors: SiteError[];
  content: ContentCounts;
  /** Saves the content store. */
  finish(): Promise<void>;
}

/** The pages, in file order (recorded in `pages` by file). */
export async function* withBodies(
  items: LoadedPages['items'],
  pages: Map<string, PageInfo>,
): AsyncGenerator<PageInfo[]> {
  for (const { relativeFile, head, body } of items) {
    const page = withBody(head, body);
    pages.set(relativeFile, page);
    yield [page];
  }
}

/** Throws every error of loading, sorted by file. */
export async function failWith(heads: LoadedPages): Promise<never> {
  const errors = [...heads.errors];
  await heads.finish();
  throwIfAny(sortByFile(errors));
  throw new Error('unreachable: failWith was called without errors');
}

/** Every page of `heads`, whole, by file; rejects with every page's errors. */
export async function wholePages(heads: LoadedPages): Promise<Map<string, PageInfo>> {
  if (heads.errors.length > 0) await failWith(heads);
  const pages = new Map<string, PageInfo>();
  try {
    for await (const batch of withBodies(heads.items, pages)) void batch;
  } finally {
    await heads.finish();
  }
  return pages;
}

export const sortByFile = (errors: SiteError[]) =>
  errors.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0));
