/**
 * Renders pages one at a time and writes each into the staging folder at once:
 * no build holds every page's HTML in memory. What is kept of a page is what
 * the link check and the report need.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterner, pageLinks, type PageLinks } from './check-links';
import { siteErrorsOf, type SiteError } from './errors';
import { renderPage, type RenderContext } from './render-pages';
import type { PageInfo } from './types';

/** A page as written: its links and ids for the link check, its size for the report. */
export interface RenderedSummary extends PageLinks {
  outFile: string;
  bytes: number;
}

export function writePages(pages: Iterable<PageInfo>, ctx: RenderContext, dir: string): { rendered: RenderedSummary[]; errors: SiteError[] } {
  const made = new Set<string>();
  const rendered: RenderedSummary[] = [];
  const errors: SiteError[] = [];
  const intern = createInterner();
  for (const page of pages) {
    try {
      const result = renderPage(page, ctx);
      const target = path.join(dir, result.outFile);
      const folder = path.dirname(target);
      if (!made.has(folder)) {
        mkdirSync(folder, { recursive: true });
        made.add(folder);
      }
      writeFileSync(target, result.html);
      rendered.push({ ...pageLinks(page.route, page.file, result.html, intern), outFile: result.outFile, bytes: Buffer.byteLength(result.html) });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  return { rendered, errors };
}
