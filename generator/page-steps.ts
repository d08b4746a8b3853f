/**
 * The pages' two steps, load and render, on this thread alone or on a pool of
 * threads (large sites): build.ts reads the same either way. build.ts imports
 * this module once the bundling has started: markdown, frontmatter and React's
 * server renderer load while esbuild works in its own process.
 */
import { throwIfAny } from './errors';
import { duplicateRoutes, loadPages, type LoadContext } from './load-pages';
import type { LoadedTheme } from './load-theme';
import type { Worker } from 'node:worker_threads';
import { startPagePool, type PagePool } from './parallel-pages';
import type { PageAssets } from './render-pages';
import { summaryOf, type PageInfo, type PageSummary } from './types';
import { writePages, type RenderedSummary } from './write-pages';

/** Loading and rendering the pages: on this thread, or on the worker pool when there is one. */
export class PageSteps {
  private loaded: PageInfo[] = [];
  private summaries: PageSummary[] = [];

  private readonly pool: PagePool | undefined;

  /** `workers`: the worker threads to share the pages with (none: this thread alone). */
  constructor(
    private readonly files: string[],
    private readonly ctx: LoadContext,
    private readonly theme: LoadedTheme,
    workers: Promise<Worker[]> | undefined,
  ) {
    this.pool = workers && startPagePool(workers);
  }

  /** Ends the worker threads. */
  close(): Promise<void> {
    return this.pool?.close() ?? Promise.resolve();
  }

  /** `ownAfter`: with a pool, this thread joins the loading once it settles. */
  async load(ownAfter?: Promise<unknown>): Promise<PageSummary[]> {
    if (this.pool) {
      const { pagesDir, displayRoot, config } = this.ctx;
      this.summaries = await this.pool.load(this.files, { pagesDir, displayRoot, config, themeModule: this.theme.module }, ownAfter);
      throwIfAny(duplicateRoutes(this.summaries));
    } else {
      this.loaded = await loadPages(this.ctx, this.files);
      this.summaries = this.loaded.map(summaryOf);
    }
    return this.summaries;
  }

  async render(assets: PageAssets, outDir: string): Promise<RenderedSummary[]> {
    const routes = this.summaries.map((page) => page.route);
    if (this.pool) return this.pool.render({ assets, routes, outDir });
    const { rendered, errors } = await writePages(this.loaded, { site: this.ctx.config, theme: this.theme.theme, assets, routes: new Set(routes) }, outDir);
    this.loaded = []; // written: nothing more to keep
    throwIfAny(errors);
    return rendered;
  }
}

