/**
 * The content half of loading pages, which needs nothing of the theme but the
 * ids it reserves: read each file, then take its parsed frontmatter and
 * rendered markdown from the content store (content-store.ts) when nothing
 * they depend on changed, or parse it (parse-page.ts) and render its
 * markdown: on this thread, or on the markdown pool when there is much of it.
 *
 * Every page's result is the same whichever way it was made: the store keeps
 * exactly what parsing and rendering returned, and a body renders the same on
 * any thread.
 */
import path from 'node:path';
import { ContentStore, pageKey } from '../cache/content-store';
import { siteErrorsOf, type SiteError } from '../core/errors';
import type { PageBody } from '../core/types';
import type { BodySource, Markdown, MarkdownSettings, ReservedIds } from './markdown';
import { MarkdownPool, threadsFor } from './markdown-pool';
import type { PluginPlace } from './markdown-plugins';
import { bodyLineOf, parsePage, readPage, type ParseContext, type PageSource } from './parse-page';

export interface PrepareContext extends Omit<ParseContext, 'outline'> {
  /** The markdown pipeline, loaded only when a page needs rendering (and before any pool starts, so a bad plugin is reported once). */
  markdown: () => Promise<Markdown>;
  /** Where the markdown pipeline's plugins come from (a pool's threads load them again). */
  markdownSettings: MarkdownSettings | undefined;
  place: PluginPlace;
  reservedIds: ReservedIds;
  store: ContentStore;
  /** Threads for markdown (default: threadsFor the pages to render). */
  threads?: number;
}

/** A page's frontmatter, and its body: at once when stored or rendered here, later when a pool thread renders it. */
export interface PreparedPage {
  relativeFile: string;
  source: PageSource;
  body: PageBody | Promise<PageBody>;
}

export interface Prepared {
  pages: PreparedPage[];
  /** Files that could not be read or parsed. */
  errors: SiteError[];
  /** Pages taken from the store, and pages whose markdown was rendered. */
  stored: number;
  rendered: number;
  threads: number;
  /** Ends the pool, if one was started, once every body has come back. */
  finish(): Promise<void>;
}

/** Reads and prepares `files` (paths inside the pages folder), in their order. */
export async function preparePages(files: readonly string[], ctx: PrepareContext): Promise<Prepared> {
  const errors: SiteError[] = [];
  const pages: PreparedPage[] = [];
  const toRender: { index: number; key: string; uses: Record<string, string>; content: string; page: BodySource }[] = [];
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
      outline ??= (await import('./body-outline')).outlineBody;
      const { source, content, uses } = parsePage(relativeFile, { ...ctx, outline }, bytes);
      const page: BodySource = { file: shown, path: absolute, line: bodyLineOf(source.matter), reservedIds: ctx.reservedIds };
      toRender.push({ index: pages.length, key, uses, content, page });
      pages.push({ relativeFile, source, body: undefined as never });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }

  const markdown = toRender.length > 0 ? await ctx.markdown() : undefined;
  const threads = threadsFor(toRender.length, ctx.threads);
  const pool = threads > 1 && toRender.length > 0 ? await MarkdownPool.start(threads, ctx.markdownSettings, ctx.place) : undefined;
  const bodies: (PageBody | Promise<PageBody>)[] = pool ? pool.render(toRender) : toRender.map(({ content, page }) => renderHere(markdown!, content, page));
  toRender.forEach((item, i) => {
    const prepared = pages[item.index]!;
    const keep = (body: PageBody) => {
      ctx.store.set(prepared.relativeFile, { key: item.key, uses: item.uses, source: prepared.source, body });
      return body;
    };
    const body = bodies[i]!;
    if (body instanceof Promise) {
      prepared.body = body.then(keep);
      prepared.body.catch(() => undefined); // reported where the page's body is read
    } else prepared.body = keep(body);
  });
  const pending = bodies.filter((body): body is Promise<PageBody> => body instanceof Promise);
  return {
    pages,
    errors,
    stored: pages.length - toRender.length,
    rendered: toRender.length,
    threads: pool ? threads : 1,
    finish: async () => {
      await Promise.allSettled(pending);
      await pool?.destroy();
    },
  };
}

/** A body rendered on this thread; an error is returned as a rejected promise, so every page's error is reported where its body is read. */
function renderHere(markdown: Markdown, content: string, page: BodySource): PageBody | Promise<PageBody> {
  try {
    return markdown.render(content, page);
  } catch (error) {
    const failed = Promise.reject(error);
    failed.catch(() => undefined); // reported where the page's body is read
    return failed;
  }
}
