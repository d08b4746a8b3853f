/**
 * The content half of loading pages, which needs nothing of the theme but the
 * ids it reserves: read each file, then take its parsed frontmatter and
 * rendered markdown from the content store (content-store.ts) when nothing
 * they depend on changed, or parse and render it (prepare-page.ts): on this
 * thread, or, when there are enough such pages to pay for it, on this thread
 * and worker threads together (render-pool.ts).
 *
 * Every page's result is the same whichever way, and whichever thread, made
 * it: the store keeps exactly what parsing and rendering returned, and a page's
 * parse and render read only its bytes and the settings every thread is given.
 * Results and errors are gathered in file order.
 */
import path from 'node:path';
import { ContentStore, pageKey } from './content-store';
import { siteErrorsOf, type SiteError } from '../base/errors';
import type { Markdown } from '../markdown/markdown';
import type { PluginPlace } from '../markdown/markdown-plugins';
import type { PageSource } from '../pages/page';
import type { RenderedMarkdown } from '../markdown/markdown';
import { pipelineOf, preparePage, type PageJob, type PageOutcome, type PageSettings } from './prepare-page';
import { readPage } from './read-page';
import { prepareInPool, type PoolPlan } from './render-pool';

export interface PrepareContext extends PageSettings {
  /** The markdown pipeline, loaded only when a page needs rendering (once, so a bad plugin is reported once). */
  markdown: () => Promise<Markdown>;
  /** Where the site's markdown plugins are resolved from: a worker loads the pipeline from it and config.markdown. */
  place: PluginPlace;
  store: ContentStore;
  /** How many worker threads may share the pages' parsing and rendering with this one (render-pool.ts). */
  pool: PoolPlan;
}

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
  /** Pages taken from the store, pages whose markdown was rendered, and the threads that rendered them. */
  stored: number;
  rendered: number;
  threads: number;
}

/** Reads and prepares `files` (paths inside the pages folder), in their order. */
export async function preparePages(files: readonly string[], ctx: PrepareContext): Promise<Prepared> {
  // Each file's place in `files`, with what became of it: from the store, or to be parsed and rendered (a job).
  const kept = new Map<number, PreparedPage>();
  const readErrors = new Map<number, SiteError[]>();
  const jobs: (PageJob & { at: number; key: string })[] = [];
  for (const [at, relativeFile] of files.entries()) {
    const absolute = path.join(ctx.pagesDir, relativeFile);
    const shown = path.relative(ctx.displayRoot, absolute) || absolute;
    try {
      const bytes = readPage(absolute, shown);
      const key = pageKey(bytes, absolute, shown);
      const stored = ctx.store.get(relativeFile, key, ctx.config);
      if (stored) kept.set(at, { relativeFile, source: stored.source, body: stored.body });
      else jobs.push({ at, relativeFile, bytes, key });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      readErrors.set(at, found);
    }
  }
  const { outcomes, threads } = jobs.length === 0 ? { outcomes: [], threads: 0 } : await prepareAll(jobs, ctx);
  const made = new Map(jobs.map((job, i) => [job.at, { job, outcome: outcomes[i]! }]));
  const pages: PreparedPage[] = [];
  const errors: SiteError[] = [];
  // Pages whose markdown failed: reported after the files that could not be read or parsed, as the pages are.
  const renderErrors: SiteError[] = [];
  for (const [at, relativeFile] of files.entries()) {
    const fromStore = kept.get(at);
    if (fromStore) pages.push(fromStore);
    errors.push(...(readErrors.get(at) ?? []));
    const { job, outcome } = made.get(at) ?? {};
    if (!job || !outcome) continue;
    if ('failed' in outcome) {
      (outcome.failed === 'parse' ? errors : renderErrors).push(...outcome.errors);
      continue;
    }
    pages.push({ relativeFile, source: outcome.source, body: outcome.body });
    ctx.store.set(relativeFile, { key: job.key, uses: outcome.uses, source: outcome.source, body: outcome.body });
  }
  return { pages, errors: [...errors, ...renderErrors], stored: kept.size, rendered: jobs.length, threads };
}

/**
 * Every job's outcome, in the jobs' order. The pipeline is loaded with the first page that needs it (a build whose
 * pages all come from the store never loads remark); one that fails to load is the build's error.
 */
async function prepareAll(
  jobs: readonly PageJob[],
  ctx: PrepareContext,
): Promise<{ outcomes: PageOutcome[]; threads: number }> {
  const pipeline = await pipelineOf(await ctx.markdown());
  const settings: PageSettings = {
    pagesDir: ctx.pagesDir,
    displayRoot: ctx.displayRoot,
    config: ctx.config,
    reservedIds: ctx.reservedIds,
    readmes: ctx.readmes,
  };
  const here = (job: PageJob) => preparePage(job, settings, pipeline);
  return prepareInPool(jobs, here, { settings, place: ctx.place, plan: ctx.pool });
}
