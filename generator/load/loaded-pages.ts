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
  /** The threads that rendered them: 1, this thread alone; more with the render pool's workers (render-pool.ts). */
  threads: number;
}

/** The pages an update loaded, each still in two parts (its head and its body), and the errors of those that failed. */
export interface LoadedPages {
  /** Each page's path inside the pages folder, its head and its rendered markdown, in file order. */
  items: { relativeFile: string; head: PageHead; body: RenderedMarkdown }[];
  errors: SiteError[];
  /** The page files that failed (to read, parse, render or validate), inside the pages folder: none of them is a page. */
  failed: PageErrors['failed'];
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

/** The errors of the pages that failed to load, and those pages' files, for a build that goes on to report the rest. */
export interface PageErrors {
  errors: SiteError[];
  /** The files that failed: inside the pages folder, and as errors show them. */
  failed: { relativeFile: string; file: string }[];
}

/**
 * Every page of `heads` that loaded, whole, by file, once the content store is saved, and the errors of the others,
 * sorted by file: a full build goes on with the pages that loaded, to report every error of every phase at once.
 */
export async function wholePagesAndErrors(
  heads: LoadedPages,
): Promise<{ pages: Map<string, PageInfo>; errors: SiteError[] }> {
  try {
    const pages = new Map(heads.items.map(({ relativeFile, head, body }) => [relativeFile, withBody(head, body)]));
    return { pages, errors: sortByFile([...heads.errors]) };
  } finally {
    await heads.finish();
  }
}

export const sortByFile = (errors: SiteError[]) =>
  errors.sort((a, b) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0));
