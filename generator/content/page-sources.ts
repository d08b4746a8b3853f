/**
 * The content half of loading pages, which needs nothing of the theme but the
 * ids it reserves: read each file, then take its parsed frontmatter and
 * rendered markdown from the content store (content-store.ts) when nothing
 * they depend on changed, or parse it (parse-page.ts) and render its
 * markdown, on this thread, in file order.
 *
 * Every page's result is the same whichever way it was made: the store keeps
 * exactly what parsing and rendering returned.
 */
import path from 'node:path';
import { ContentStore, pageKey } from './content-store';
import { siteErrorsOf, type SiteError } from '../base/errors';
import type { PageSource } from '../pages/page';
import type { BodySource, Markdown, RenderedMarkdown, ReservedIds } from '../markdown/markdown';
import { bodyLineOf, parsePage, readPage, type ParseContext } from './parse-page';

export interface PrepareContext extends Omit<ParseContext, 'outline'> {
  /** The markdown pipeline, loaded only when a page needs rendering (once, so a bad plugin is reported once). */
  markdown: () => Promise<Markdown>;
  reservedIds: ReservedIds;
  store: ContentStore;
  /** The folders whose README.md is their page (routes.ts, readmeFolders): the store's recipe holds them. */
  readmes: ReadonlySet<string>;
}

/**
 * Whether a page file is a table of contents: mdBook's SUMMARY.md (GitBook's too), named so exactly, in any folder;
 * summary-toc.ts reads it. A page about it in lower case (mdBook's own guide has format/summary.md) is a page.
 */
const isSummaryFile = (relativeFile: string) => /(?:^|[\\/])SUMMARY\.md$/.test(relativeFile);

/** A page's frontmatter and its body (markdown rendered, or from the store). */
interface PreparedPage {
  relativeFile: string;
  source: PageSource;
  body: RenderedMarkdown;
}

interface Prepared {
  pages: PreparedPage[];
  /** Files that could not be read or parsed, and pages whose markdown failed. */
  errors: SiteError[];
  /** Pages taken from the store, and pages whose markdown was rendered. */
  stored: number;
  rendered: number;
}

/** Reads and prepares `files` (paths inside the pages folder), in their order. */
export async function preparePages(files: readonly string[], ctx: PrepareContext): Promise<Prepared> {
  const errors: SiteError[] = [];
  const pages: PreparedPage[] = [];
  const toRender: {
    index: number;
    key: string;
    uses: Record<string, string>;
    content: string;
    page: BodySource;
    titleId?: string;
  }[] = [];
  let outline: ParseContext['outline'] | undefined;
  for (const relativeFile of files) {
    const absolute = path.join(ctx.pagesDir, relativeFile);
    const shown = path.relative(ctx.displayRoot, absolute) || absolute;
    try {
      const bytes = readPage(absolute, shown);
      const key = pageKey(bytes, absolute, shown);
      const stored = ctx.store.get(relativeFile, key, ctx.config);
      if (stored) {
        pages.push({ relativeFile, source: stored.source, body: stored.body });
        continue;
      }
      // remark loads only when a page is parsed: a build whose pages all come from the store never loads it.
      outline ??= (await import('../markdown/body-outline')).outlineBody;
      const { source, content, uses, titleId } = parsePage(relativeFile, { ...ctx, outline }, bytes);
      // mdBook's table of contents: the navigation takes its order and nesting (kept in the store with the page).
      if (isSummaryFile(relativeFile)) source.toc = (await import('../markdown/summary-toc')).summaryToc(content);
      const page: BodySource = {
        file: shown,
        path: absolute,
        line: bodyLineOf(source.matter),
        // The title heading's own id (`# Title {#top}`) is the page's: no other heading takes it.
        reservedIds: titleId === undefined ? ctx.reservedIds : [...ctx.reservedIds, titleId],
        relativeFile,
        readmes: ctx.readmes,
      };
      toRender.push({ index: pages.length, key, uses, content, page, titleId });
      pages.push({ relativeFile, source, body: undefined as never }); // rendered below, once every file is read
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }

  const failed = new Set<number>();
  const markdown = toRender.length > 0 ? await ctx.markdown() : undefined;
  for (const { index, key, uses, content, page, titleId } of toRender) {
    const prepared = pages[index]!;
    try {
      prepared.body = withTitleAnchor(await markdown!.render(content, page), titleId);
      ctx.store.set(prepared.relativeFile, { key, uses, source: prepared.source, body: prepared.body });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
      failed.add(index);
    }
  }
  return {
    pages: pages.filter((_, index) => !failed.has(index)),
    errors,
    stored: pages.length - toRender.length,
    rendered: toRender.length,
  };
}

/**
 * The body with the id its title heading named (`# One big page {#top}`; the theme shows the title) as an anchor at its
 * start, so links to it still land there. heading-ids.ts takes such an id only of letters, digits and `_.:-`: nothing
 * in it needs escaping in an attribute.
 */
function withTitleAnchor(body: RenderedMarkdown, titleId: string | undefined): RenderedMarkdown {
  return titleId === undefined ? body : { ...body, html: `<a id="${titleId}"></a>${body.html}` };
}
