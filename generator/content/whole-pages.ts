/**
 * Pages as an update loads them: each page's validated frontmatter and its
 * body (markdown rendered, or from the content store). Every error of every
 * page is reported together, sorted by file.
 */
import { SiteError, throwIfAny } from '../base/errors';
import type { RenderedMarkdown } from '../markdown/markdown';
import { withBody, type PageHead, type PageInfo } from '../pages/page';

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

/** Every page of `heads`, whole, by file, once the content store is saved; rejects with every page's errors, sorted by file. */
export async function wholePages(heads: LoadedPages): Promise<Map<string, PageInfo>> {
  try {
    throwIfAny(sortByFile([...heads.errors]));
    return new Map(heads.items.map(({ relativeFile, head, body }) => [relativeFile, withBody(head, body)]));
  } finally {
    await heads.finish();
  }
}

export const sortByFile = (errors: SiteError[]) =>
  errors.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0));
