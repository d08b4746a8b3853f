/**
 * The pages' two steps, load and render, on this thread alone or as a
 * pipeline with worker threads (large sites, parallel-pages.ts): build.ts
 * reads the same either way. build.ts imports this module once the assets are
 * under way: frontmatter validation and React's server renderer load while
 * esbuild (when the assets changed) works in its own process.
 */
import { throwIfAny } from './errors';
import { describePage, duplicateRoutes, loadPages, type LoadContext } from '../content/load-pages';
import type { Markdown } from '../content/markdown';
import type { LoadedTheme } from '../render/load-theme';
import { inFileOrder, type PagePipeline } from './parallel-pages';
import type { PageAssets } from '../render/render-pages';
import { summaryOf, type PageInfo, type PageSummary } from './types';
import { folderWriter } from '../output/write-in-place';
import { writePages, type RenderedSummary } from '../output/write-pages';

/** Loading and rendering the pages: on this thread, or with the workers of a pipeline when there is one. */
export class PageSteps {
  private loaded: PageInfo[] = [];
  private summaries: PageSummary[] = [];

  /** `pipeline`: the worker threads already parsing the pages (none: this thread alone, with `ctx.markdown`). */
  constructor(
    private readonly files: string[],
    private readonly ctx: Omit<LoadContext, 'markdown'> & { markdown?: Markdown },
    private readonly theme: LoadedTheme,
    private readonly pipeline: PagePipeline | undefined,
  ) {}

  async load(): Promise<PageSummary[]> {
    if (this.pipeline) {
      const { heads, errors } = await this.pipeline.load((source) => describePage(source, this.ctx));
      throwIfAny(errors);
      this.summaries = heads.map(summaryOf);
      throwIfAny(duplicateRoutes(this.summaries));
    } else {
      const { markdown } = this.ctx;
      if (!markdown) throw new Error('PageSteps: without worker threads, the pages need the markdown pipeline');
      this.loaded = await loadPages({ ...this.ctx, markdown }, this.files);
      this.summaries = this.loaded.map(summaryOf);
    }
    return this.summaries;
  }

  async render(assets: PageAssets, outDir: string): Promise<RenderedSummary[]> {
    const ctx = { site: this.ctx.config, theme: this.theme.theme, assets, routes: new Set(this.summaries.map((page) => page.route)) };
    // On a pipeline, workers with no markdown left write pages too.
    const writer = this.pipeline ? await this.pipeline.writer(outDir) : folderWriter(outDir);
    const { rendered, errors } = await writePages(this.pipeline ? this.pipeline.pages() : [this.loaded], ctx, writer);
    this.loaded = []; // written: nothing more to keep
    // On a pipeline, the workers report pages whose markdown a plugin failed on as they go.
    throwIfAny(inFileOrder([...errors, ...(this.pipeline?.failedMarkdown() ?? [])]));
    return this.pipeline ? inFileOrder(rendered) : rendered;
  }
}
