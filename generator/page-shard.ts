/**
 * One share of a parallel build's pages (see parallel-pages.ts): the main
 * thread works on one share itself, each worker thread on another. A shard
 * keeps its pages between the two steps:
 *
 *   load    read, validate and render the markdown of its files → page summaries
 *   render  render each page with React and write it into the staging folder at
 *           once (no page is held after it is written) → links, ids and sizes
 *
 * Replies are plain data, so they can cross from a worker thread.
 */
import type { SiteConfig } from './config';
import { toPlain, type PlainSiteError } from './errors';
import { loadEach, type LoadContext } from './load-pages';
import { importTheme } from './load-theme';
import type { PageAssets } from './render-pages';
import { summaryOf, type PageInfo, type PageSummary } from './types';
import { writePages, type RenderedSummary } from './write-pages';

export interface LoadRequest {
  type: 'load';
  files: string[];
  pagesDir: string;
  displayRoot: string;
  config: SiteConfig;
  themeModule: string;
}

export interface RenderRequest {
  type: 'render';
  assets: PageAssets;
  routes: string[];
  outDir: string;
}

export type ShardReply =
  | { type: 'loaded'; pages: PageSummary[]; errors: PlainSiteError[] }
  | { type: 'rendered'; pages: RenderedSummary[]; errors: PlainSiteError[] }
  | { type: 'crashed'; error: { message: string; stack?: string } };

export class PageShard {
  private ctx?: LoadContext;
  private pages: PageInfo[] = [];

  async load(request: LoadRequest): Promise<ShardReply> {
    const theme = await importTheme(request.themeModule);
    this.ctx = { pagesDir: request.pagesDir, displayRoot: request.displayRoot, config: request.config, theme };
    const { pages, errors } = loadEach(request.files, this.ctx);
    this.pages = pages;
    return { type: 'loaded', pages: pages.map(summaryOf), errors: errors.map(toPlain) };
  }

  async render(request: RenderRequest): Promise<ShardReply> {
    const { config, theme } = this.ctx!;
    const { rendered, errors } = await writePages(this.pages, { site: config, theme, assets: request.assets, routes: new Set(request.routes) }, request.outDir);
    this.pages = []; // written: nothing more to keep
    return { type: 'rendered', pages: rendered, errors: errors.map(toPlain) };
  }

  /** Runs a request, turning a crash (not a content error) into a reply too. */
  async handle(request: LoadRequest | RenderRequest): Promise<ShardReply> {
    try {
      return request.type === 'load' ? await this.load(request) : await this.render(request);
    } catch (error) {
      return { type: 'crashed', error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } };
    }
  }
}
