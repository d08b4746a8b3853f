/**
 * The content half of loading pages, which needs nothing of the theme but the
 * ids it reserves: read each file, then take its parsed frontmatter and
 * rendered markdown from the content store (content-store.ts) when nothing
 * they depend on changed, or parse it (page-source.ts) and render its
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
import { bodyLineOf } from './frontmatter';
import { parsePage, type ParseContext } from './page-source';
import { readPage } from './read-page';

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
  // Pages whose markdown failed: reported after the files that could not be read or parsed, as the pages are.
  const renderErrors: SiteError[] = [];
  const pages: PreparedPage[] = [];
  let stored = 0;
  let rendered = 0;
  // The pipeline is loaded with the first page that needs parsing (a build whose pages all come from the store
  // never loads remark); one that fails to load is reported once every file is read, as when it loaded then.
  let pipeline: { markdown: Markdown; failed?: undefined } | { failed: true; failure: unknown } | undefined;
  let outline: ParseContext['outline'] | undefined;
  for (const relativeFile of files) {
    const absolute = path.join(ctx.pagesDir, relativeFile);
    const shown = path.relative(ctx.displayRoot, absolute) || absolute;
    let parsed: ReturnType<typeof parsePage>;
    let key: string;
    let page: BodySource;
    try {
      const bytes = readPage(absolute, shown);
      key = pageKey(bytes, absolute, shown);
      const kept = ctx.store.get(relativeFile, key, ctx.config);
      if (kept) {
        pages.push({ relativeFile, source: kept.source, body: kept.body });
        stored++;
        continue;
      }
      if (!pipeline) {
        pipeline = await ctx.markdown().then(
          (markdown) => ({ markdown }),
          (failure: unknown) => ({ failed: true as const, failure }),
        );
        // The outline from the tree the page is rendered from, when the pipeline parses as the outline does.
        const { outlineBody } = await import('../markdown/body-outline');
        const parse = pipeline.failed ? undefined : pipeline.markdown.parse;
        outline = parse ? (body) => outlineBody(body, parse(body)) : (body) => outlineBody(body);
      }
      parsed = parsePage(relativeFile, { ...ctx, outline: outline! }, bytes);
      const { source, content, titleId } = parsed;
      // mdBook's table of contents: the navigation takes its order and nesting (kept in the store with the page).
      if (isSummaryFile(relativeFile)) source.toc = (await import('../markdown/summary-toc')).summaryToc(content);
      page = {
        file: shown,
        path: absolute,
        line: bodyLineOf(source.matter),
        // The title heading's own id (`# Title {#top}`) is the page's: no other heading takes it.
        reservedIds: titleId === undefined ? ctx.reservedIds : [...ctx.reservedIds, titleId],
        relativeFile,
        readmes: ctx.readmes,
      };
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
      continue;
    }
    if (pipeline.failed) {
      // Read on, for every file's errors; the pipeline's failure is thrown once they are read.
      rendered++;
      continue;
    }
    const { source, content, uses, titleId, parsed: tree } = parsed;
    rendered++;
    try {
      const { markdown } = pipeline;
      const body = withTitleAnchor(
        // The outline's tree is the rendering's only when the pipeline parsed it (its parser is the outline's then).
        await (tree && markdown.parse ? markdown.render(tree.text, page, tree.tree) : markdown.render(content, page)),
        titleId,
      );
      pages.push({ relativeFile, source, body });
      ctx.store.set(relativeFile, { key, uses, source, body });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      renderErrors.push(...found);
    }
  }
  if (pipeline?.failed && rendered > 0) throw pipeline.failure;
  return { pages, errors: [...errors, ...renderErrors], stored, rendered };
}

/**
 * The body with the id its title heading named (`# One big page {#top}`; the theme shows the title) as an anchor at its
 * start, so links to it still land there. heading-ids.ts takes such an id only of letters, digits and `_.:-`: nothing
 * in it needs escaping in an attribute.
 */
function withTitleAnchor(body: RenderedMarkdown, titleId: string | undefined): RenderedMarkdown {
  return titleId === undefined ? body : { ...body, html: `<a id="${titleId}"></a>${body.html}` };
}
