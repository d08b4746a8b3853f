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
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterner, pageLinks, type PageLinks } from './check-links';
import { SiteError, siteErrorsOf } from './errors';
import { newReuse, renderPage, type RenderContext } from './render-pages';
import type { PageInfo } from './types';
import { writeFileInPlace } from './write-in-place';

/** A page as written: its links and ids for the link check, its size for the report. */
export interface RenderedSummary extends PageLinks {
  outFile: string;
  bytes: number;
}

/** `batches`: the pages, a batch at a time (a pipeline's arrive as their markdown is rendered). */
export async function writePages(batches: Iterable<PageInfo[]> | AsyncIterable<PageInfo[]>, ctx: RenderContext, dir: string): Promise<{ rendered: RenderedSummary[]; errors: SiteError[] }> {
  const made = new Set<string>();
  const rendered: RenderedSummary[] = [];
  const errors: SiteError[] = [];
  const intern = createInterner();
  const shared: RenderContext = { ...ctx, reuse: ctx.reuse ?? newReuse() };
  for await (const pages of batches) for (const page of pages) {
    try {
      const result = renderPage(page, shared);
      const target = path.join(dir, result.outFile);
      const folder = path.dirname(target);
      let bytes: number;
      try {
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        bytes = writeFileInPlace(target, result.chunks);
      } catch (error) {
        throw new SiteError('WriteFailed', `Could not write ${result.outFile}: ${(error as Error).message}`, { file: page.file, cause: error });
      }
      rendered.push({ ...pageLinks(page.route, page.file, result.linkSources, intern), outFile: result.outFile, bytes });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      if (found.some((e) => e.kind === 'WriteFailed')) throw found[0]; // the disk, not the page: stop
      errors.push(...found);
    }
  }
  return { rendered, errors };
}
