/**
 * Loads and renders pages on worker threads, one per core, for large sites:
 * markdown and React rendering are CPU work, and a build that uses one thread
 * leaves the other cores idle. Each worker owns a fixed share of the files
 * (round robin over the sorted list) from loading to writing, so a page is
 * read once, crosses no thread boundary as a whole, and is written as soon as
 * it is rendered. Workers start before the config and theme are read, so
 * their start-up overlaps that work.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SiteConfig } from './config';
import { fromPlain, throwIfAny, type PlainSiteError, type SiteError } from './errors';
import type { PageAssets } from './render-pages';
import type { PageSummary } from './types';
import type { RenderedSummary } from './write-pages';

/** Below this many pages a build stays on one thread: starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 300;

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

export type WorkerReply =
  | { type: 'loaded'; pages: PageSummary[]; errors: PlainSiteError[] }
  | { type: 'rendered'; pages: RenderedSummary[]; errors: PlainSiteError[] }
  | { type: 'crashed'; error: { message: string; stack?: string } };

/** How many workers a build of `pages` pages uses: 0 (stay on the main thread) or one per core. */
export function workerCount(pages: number, requested?: number): number {
  if (requested !== undefined) return requested;
  const cores = availableParallelism();
  return pages >= PARALLEL_THRESHOLD && cores > 1 ? cores : 0;
}

/** The worker module: a sibling of this file once compiled; from TypeScript sources, compiled first. */
async function workerUrl(): Promise<URL> {
  const sibling = new URL('./page-worker.mjs', import.meta.url);
  if (existsSync(sibling)) return sibling;
  // Tests run the generator from TypeScript; the CLI launcher compiles the worker entry (cached).
  const launcher = '../bin/compile-cli.js'; // not a literal: the compiled CLI must not bundle its own launcher
  const { compiledEntry } = (await import(launcher)) as { compiledEntry(name: string): Promise<string> };
  return new URL(await compiledEntry('page-worker'));
}

export interface PagePool {
  load(files: string[], request: Omit<LoadRequest, 'type' | 'files'>): Promise<PageSummary[]>;
  render(request: Omit<RenderRequest, 'type'>): Promise<RenderedSummary[]>;
  close(): Promise<void>;
}

export function startPagePool(count: number): PagePool {
  const workers = workerUrl().then((url) => Array.from({ length: count }, () => new Worker(url, { stdout: false, stderr: false })));

  /** Sends one request to every worker (the i-th gets `requestFor(i)`) and gathers the replies. */
  async function everyWorker<R extends WorkerReply>(requestFor: (i: number) => LoadRequest | RenderRequest): Promise<R[]> {
    const all = await workers;
    return Promise.all(
      all.map(
        (worker, i) =>
          new Promise<R>((resolve, reject) => {
            const onError = (error: Error) => reject(error);
            worker.once('error', onError);
            worker.once('message', (reply: WorkerReply) => {
              worker.off('error', onError);
              if (reply.type === 'crashed') reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
              else resolve(reply as R);
            });
            worker.postMessage(requestFor(i));
          }),
      ),
    );
  }

  /** Replies merged in file order, as a one-thread build would produce them; every worker's errors reported together. */
  function merge<T extends { file: string }>(replies: { pages: T[]; errors: PlainSiteError[] }[]): T[] {
    const errors: SiteError[] = replies.flatMap((reply) => reply.errors.map(fromPlain));
    throwIfAny(errors.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '')));
    return replies.flatMap((reply) => reply.pages).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  return {
    async load(files, request) {
      const replies = await everyWorker<Extract<WorkerReply, { type: 'loaded' }>>((i) => ({
        type: 'load',
        ...request,
        files: files.filter((_, index) => index % count === i),
      }));
      return merge(replies);
    },
    async render(request) {
      return merge(await everyWorker<Extract<WorkerReply, { type: 'rendered' }>>(() => ({ type: 'render', ...request })));
    },
    async close() {
      await Promise.all((await workers).map((worker) => worker.terminate()));
    },
  };
}
