/**
 * One share of a parallel build's pages (see parallel-pages.ts): the main
 * thread works on one share itself, each worker thread on another. A shard
 * keeps its pages between the two steps (handing some to another shard in
 * between, when the threads loaded unequal numbers):
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
  /** Every file of the site: the shard loads the batches it claims (see claimBatches). */
  files: string[];
  /** Shared by all shards: index 0 is the next unclaimed file. */
  next: Int32Array;
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
  /** Pages another shard loaded, rendered here to even out the work. */
  extra: PageInfo[];
}

/** Hands over loaded pages, to be rendered by another shard (evening out the work). */
export interface GiveRequest {
  type: 'give';
  count: number;
}

export type ShardRequest = LoadRequest | RenderRequest | GiveRequest;

export type ShardReply =
  | { type: 'loaded'; pages: PageSummary[]; errors: PlainSiteError[] }
  | { type: 'rendered'; pages: RenderedSummary[]; errors: PlainSiteError[] }
  | { type: 'given'; pages: PageInfo[] }
  | { type: 'crashed'; error: { message: string; stack?: string } };

/** Files claimed a few at a time: a thread that started late or runs slower simply claims fewer. */
const BATCH = 16;

/** The files this shard claims, batch by batch, until none are left: the threads share the work without messages. */
function* claimBatches(files: string[], next: Int32Array): Generator<string> {
  for (let start = Atomics.add(next, 0, BATCH); start < files.length; start = Atomics.add(next, 0, BATCH)) {
    yield* files.slice(start, start + BATCH);
  }
}

export class PageShard {
  private ctx?: LoadContext;
  private pages: PageInfo[] = [];

  async load(request: LoadRequest): Promise<ShardReply> {
    const theme = await importTheme(request.themeModule);
    this.ctx = { pagesDir: request.pagesDir, displayRoot: request.displayRoot, config: request.config, theme };
    const { pages, errors } = loadEach(claimBatches(request.files, request.next), this.ctx);
    this.pages = pages;
    return { type: 'loaded', pages: pages.map(summaryOf), errors: errors.map(toPlain) };
  }

  async render(request: RenderRequest): Promise<ShardReply> {
    const { config, theme } = this.ctx!;
    const { rendered, errors } = await writePages([...this.pages, ...request.extra], { site: config, theme, assets: request.assets, routes: new Set(request.routes) }, request.outDir);
    this.pages = []; // written: nothing more to keep
    return { type: 'rendered', pages: rendered, errors: errors.map(toPlain) };
  }

  /** Hands over up to `count` loaded pages, to be rendered by another shard. */
  give(count: number): PageInfo[] {
    return count > 0 ? this.pages.splice(this.pages.length - Math.min(count, this.pages.length)) : [];
  }

  /** Takes pages another shard loaded, to render them here. */
  take(pages: PageInfo[]): void {
    this.pages.push(...pages);
  }

  /** Runs a request, turning a crash (not a content error) into a reply too. */
  async handle(request: ShardRequest): Promise<ShardReply> {
    try {
      if (request.type === 'give') return { type: 'given', pages: this.give(request.count) };
      return request.type === 'load' ? await this.load(request) : await this.render(request);
    } catch (error) {
      return { type: 'crashed', error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } };
    }
  }
}
