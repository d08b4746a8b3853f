/**
 * Renders pages one at a time and writes each into the staging folder at once:
 * no build holds every page's HTML in memory. What is kept of a page is what
 * the link check and the report need.
 *
 * Writes are synchronous, over the file a previous build left in the recycled
 * staging folder (write-in-place.ts). Measured here, a thread's own writes
 * beat handing them to libuv's thread pool: its four threads creating files in
 * one folder contend for it in the kernel (4.4 s of system time for 4,000 files
 * against 1.2 s from one thread), and the pool's threads compete with the
 * rendering threads for the same two cores.
 */
import { createInterner, pageLinks, type PageLinks } from '../render/html-links';
import { SiteError, siteErrorsOf } from '../base/errors';
import { renderPage, type RenderContext } from '../render/render-pages';
import type { RouteReads } from '../render/route-reads';
import type { PageInfo } from '../content/page';
import { WriteFailure, type PageWriter } from './write-in-place';

/** A page as written: its links and ids for the link check, its size for the report. */
interface WrittenPage extends PageLinks {
  outFile: string;
  bytes: number;
  /** What the page's rendering read of the routes. */
  routeReads: RouteReads[];
}

/**
 * `batches`: the pages, a batch at a time (a pipeline's arrive as their markdown is rendered). `writer`: where pages
 * are written (folderWriter: at once, into the staging folder); a writer that hands pages to other threads reports
 * their sizes at the end.
 */
export async function writePages(
  batches: Iterable<PageInfo[]> | AsyncIterable<PageInfo[]>,
  ctx: RenderContext,
  writer: PageWriter,
): Promise<{ rendered: WrittenPage[]; errors: SiteError[] }> {
  const rendered: WrittenPage[] = [];
  const errors: SiteError[] = [];
  const intern = createInterner();
  const shared: RenderContext = { ...ctx, shells: ctx.shells ?? new Map() };
  for await (const pages of batches) {
    for (const page of pages) {
      try {
        const result = renderPage(page, shared);
        let bytes: number | undefined;
        try {
          bytes = writer.write(result.outFile, result.chunks);
        } catch (error) {
          throw writeFailed(result.outFile, (error as Error).message, page.file, error);
        }
        rendered.push({
          ...pageLinks(page.route, page.file, result.linkSources, intern),
          outFile: result.outFile,
          bytes: bytes ?? 0,
          routeReads: result.routeReads,
        });
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        if (found.some((e) => e.kind === 'WriteFailed')) throw found[0]!; // the disk, not the page: stop
        errors.push(...found);
      }
    }
  }
  let sizes: Map<string, number>;
  try {
    sizes = await writer.finish();
  } catch (error) {
    if (error instanceof WriteFailure)
      throw writeFailed(
        error.outFile,
        error.message,
        rendered.find((page) => page.outFile === error.outFile)?.file,
        error,
      );
    throw error;
  }
  for (const page of rendered) page.bytes ||= sizes.get(page.outFile) ?? 0;
  return { rendered, errors };
}

const writeFailed = (outFile: string, problem: string, file: string | undefined, cause: unknown) =>
  new SiteError('WriteFailed', { file: outFile, problem }, { file, cause });
