/**
 * Loads and renders a large site's pages on every core: markdown and React
 * rendering are CPU work, and one thread would leave the other cores idle.
 *
 * Every thread loads pages in small batches claimed from a shared counter, so
 * a thread that starts late (a worker loads its modules first) or runs slower
 * simply loads fewer, and no thread waits for another. The main thread works
 * too, beside a worker per other core (one JavaScript heap fewer than a worker
 * per core: less memory, less start-up). A page stays with the thread that
 * loaded it until it is written, so it is read once, never crosses threads
 * whole, and is written as soon as it is rendered. Workers are started before
 * the config and theme are read, so their start-up overlaps that work.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { fromPlain, throwIfAny, type SiteError } from './errors';
import { PageShard, type LoadRequest, type RenderRequest, type ShardReply } from './page-shard';
import type { PageSummary } from './types';
import type { RenderedSummary } from './write-pages';

/** Below this many pages a build stays on one thread: starting workers would cost more than it saves. */
export const PARALLEL_THRESHOLD = 300;

/** Threads a build of `pages` pages uses (main thread included): 1, or one per core for a large site. */
export function threadCount(pages: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, requested);
  return pages >= PARALLEL_THRESHOLD ? Math.max(1, availableParallelism()) : 1;
}

/** The worker module: a sibling of this file once compiled; from TypeScript sources, compiled first. */
async function workerUrl(): Promise<URL> {
  const sibling = new URL('./page-worker.mjs', import.meta.url);
  if (existsSync(sibling)) return sibling;
  // Tests run the generator from TypeScript; the CLI launcher compiles the worker entry (and caches it).
  const launcher = '../bin/compile-cli.js'; // not a literal: the compiled CLI must not bundle its own launcher
  const { compiledEntry } = (await import(launcher)) as { compiledEntry(name: string): Promise<string> };
  return new URL(await compiledEntry('page-worker'));
}

/** Sends a request to a worker and resolves with its reply. */
function ask(worker: Worker, request: LoadRequest | RenderRequest): Promise<ShardReply> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once('error', onError);
    worker.once('message', (reply: ShardReply) => {
      worker.off('error', onError);
      resolve(reply);
    });
    worker.postMessage(request);
  });
}

/** Every share's pages in file order, as a one-thread build lists them; every share's errors reported together. */
function merge<T extends { file: string }>(replies: ShardReply[]): T[] {
  const crash = replies.find((reply) => reply.type === 'crashed');
  if (crash?.type === 'crashed') throw Object.assign(new Error(crash.error.message), { stack: crash.error.stack });
  const done = replies as Extract<ShardReply, { pages: unknown }>[];
  const errors: SiteError[] = done.flatMap((reply) => reply.errors.map(fromPlain));
  throwIfAny(errors.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '')));
  return done.flatMap((reply) => reply.pages as unknown as T[]).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

export interface PagePool {
  load(files: string[], request: Omit<LoadRequest, 'type' | 'files' | 'next'>): Promise<PageSummary[]>;
  render(request: Omit<RenderRequest, 'type' | 'extra'>): Promise<RenderedSummary[]>;
  close(): Promise<void>;
}

/** A pool of `threads` threads: this one and `threads - 1` workers. */
export function startPagePool(threads: number): PagePool {
  const local = new PageShard();
  const workers = workerUrl().then((url) => Array.from({ length: threads - 1 }, () => new Worker(url)));

  /** The request to every worker first (they run while this thread works), then this thread's share. */
  async function everyShare(requestFor: (share: number) => LoadRequest | RenderRequest): Promise<ShardReply[]> {
    const remote = (await workers).map((worker, i) => ask(worker, requestFor(i + 1)));
    const own = await local.handle(requestFor(0));
    return [own, ...(await Promise.all(remote))];
  }

  let loaded: number[] = [];
  return {
    async load(files, request) {
      const next = new Int32Array(new SharedArrayBuffer(4));
      const replies = await everyShare(() => ({ type: 'load', ...request, files, next }));
      loaded = replies.map((reply) => (reply.type === 'loaded' ? reply.pages.length : 0));
      return merge(replies);
    },
    async render(request) {
      // This thread loaded the most (workers start late): it hands its surplus to workers that loaded fewer, so all finish together.
      const even = Math.ceil(loaded.reduce((a, b) => a + b, 0) / threads);
      const extra = loaded.map((count, share) => (share === 0 ? [] : local.give(Math.max(0, even - count))));
      return merge(await everyShare((share) => ({ type: 'render', ...request, extra: extra[share]! })));
    },
    async close() {
      await Promise.all((await workers).map((worker) => worker.terminate()));
    },
  };
}
