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
 * whole, and is written as soon as it is rendered. The workers are started
 * early (page-workers.ts), so their start-up overlaps the main thread's.
 */
import type { Worker } from 'node:worker_threads';
import { fromPlain, throwIfAny, type SiteError } from './errors';
import { PageShard, type LoadRequest, type RenderRequest, type ShardReply, type ShardRequest } from './page-shard';
import type { PageInfo, PageSummary } from './types';
import type { RenderedSummary } from './write-pages';

/** Sends a request to a worker and resolves with its reply. */
function ask(worker: Worker, request: ShardRequest): Promise<ShardReply> {
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
  const done = replies as Extract<ShardReply, { errors: unknown }>[];
  const errors: SiteError[] = done.flatMap((reply) => reply.errors.map(fromPlain));
  throwIfAny(errors.sort((a, b) => (a.file ?? '').localeCompare(b.file ?? '')));
  return done.flatMap((reply) => reply.pages as unknown as T[]).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

export interface PagePool {
  /** Loads on every thread; this one starts once `ownAfter` settles (leaving the cores to other work, such as bundling, meanwhile). */
  load(files: string[], request: Omit<LoadRequest, 'type' | 'files' | 'next'>, ownAfter?: Promise<unknown>): Promise<PageSummary[]>;
  render(request: Omit<RenderRequest, 'type' | 'extra'>): Promise<RenderedSummary[]>;
  close(): Promise<void>;
}

/** A pool of this thread and the workers (started with startWorkers). */
export function startPagePool(workers: Promise<Worker[]>): PagePool {
  const local = new PageShard();

  /** The request to every worker first (they run while this thread works), then this thread's share, once `ownAfter` settles. */
  async function everyShare(requestFor: (share: number) => LoadRequest | RenderRequest, ownAfter?: Promise<unknown>): Promise<ShardReply[]> {
    const remote = (await workers).map((worker, i) => ask(worker, requestFor(i + 1)));
    await ownAfter?.catch(() => undefined);
    const own = await local.handle(requestFor(0));
    return [own, ...(await Promise.all(remote))];
  }

  /** Moves loaded pages between this thread and the workers until every thread holds its share (within a page). */
  async function evenOut(loaded: number[]): Promise<PageInfo[][]> {
    const even = Math.ceil(loaded.reduce((a, b) => a + b, 0) / loaded.length);
    const list = await workers;
    // Workers that loaded more than their share hand the surplus to this thread, which hands pages on to those that loaded less.
    const surplus = await Promise.all(list.map((worker, i) => (loaded[i + 1]! > even ? ask(worker, { type: 'give', count: loaded[i + 1]! - even }) : undefined)));
    for (const reply of surplus) if (reply?.type === 'given') local.take(reply.pages);
    return loaded.map((count, share) => (share === 0 ? [] : local.give(Math.max(0, even - count))));
  }

  let loaded: number[] = [];
  return {
    async load(files, request, ownAfter) {
      const next = new Int32Array(new SharedArrayBuffer(4));
      const replies = await everyShare(() => ({ type: 'load', ...request, files, next }), ownAfter);
      loaded = replies.map((reply) => (reply.type === 'loaded' ? reply.pages.length : 0));
      return merge(replies);
    },
    async render(request) {
      const extra = await evenOut(loaded);
      return merge(await everyShare((share) => ({ type: 'render', ...request, extra: extra[share]! })));
    },
    async close() {
      await Promise.all((await workers).map((worker) => worker.terminate()));
    },
  };
}
