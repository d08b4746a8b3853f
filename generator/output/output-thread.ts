/**
 * A full build's pages written into its staging folder on a thread of their own (output-worker.ts) while this thread
 * renders the next ones: creating each file was about a quarter of the render step on the build's thread, while the
 * other core had nothing left to do once the markdown was made. The thread writes each page as this one would
 * (write-in-place.ts: the same bytes, no link followed, the same WriteFailed naming the page's file) and posts back
 * each page's size, in the order given. Everything it needs comes in its messages: the folder, then each page.
 *
 * The pages given and not yet written are few (HIGH): past them put() returns a promise the render loop waits for,
 * so a build holds no more pages than it did writing each one at once. A failure the thread meets (a write, a bug,
 * the thread gone) is thrown by the next put(), by finish() or by failedWith(); stop() ends the thread and resolves
 * once it has stopped, so nothing lands in the staging folder after.
 */
import type { Worker } from 'node:worker_threads';
import { revivedError, startEngineWorker } from '../base/engine-worker';

/** What the thread starts with: the staging folder. */
export interface OutputSetup {
  dir: string;
}

/** A page to write: its file in the folder, its bytes in parts, and its source file (for errors). */
export interface OutputPage {
  file: string;
  contents: readonly (string | Uint8Array)[];
  source: string;
}

/** What this thread posts: pages to write, or the end (answered once every page before it is written). */
export type ToOutput = { pages: OutputPage[] } | { finish: true };

/** What the thread posts: the sizes of the pages of one message, that it has written them all, or what stopped it. */
export type FromOutput = { written: number[] } | { finished: true } | { crashed: unknown };

/** Pages given and not yet written past which put() waits, and how few it waits for. */
const HIGH = 64;
const LOW = 16;

export interface OutputThread {
  /** Gives the thread a page to write; returns a promise to wait for when it has many to write already. */
  put(page: OutputPage): void | Promise<void>;
  /** Once every page given is written: their sizes in the order given. The thread then ends. */
  finish(): Promise<number[]>;
  /** Once the thread has written what it was given, or failed, and has ended: throws its failure, else `error`. */
  failedWith(error: unknown): Promise<never>;
  /** Ends the thread, whatever it was doing; resolves once it has stopped. */
  stop(): Promise<void>;
}

/** Starts the thread that writes into `setup.dir`. */
export function startOutputThread(setup: OutputSetup): OutputThread {
  const worker: Worker = startEngineWorker(import.meta.url, 'output-worker', './output-worker.ts', setup);
  const sizes: number[] = [];
  let given = 0;
  let failure: { error: unknown } | undefined;
  let finished = false;
  let stopped = false;
  // Who waits for the thread (put past HIGH, finish, failedWith): woken at each message, each looks again.
  let waiters: (() => void)[] = [];
  const wake = () => {
    const woken = waiters;
    waiters = [];
    for (const resolve of woken) resolve();
  };
  const until = async (done: () => boolean) => {
    while (!failure && !done()) await new Promise<void>((resolve) => waiters.push(resolve));
    if (failure) throw failure.error;
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    wake();
  };
  worker.on('message', (message: FromOutput) => {
    if ('crashed' in message) fail(revivedError(message.crashed));
    else if ('written' in message) sizes.push(...message.written);
    else finished = true;
    wake();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!stopped && !finished) fail(new Error(`the output thread stopped (exit code ${code})`));
  });
  // A shared part of many pages may be a view of a larger buffer (Node's pool), which a message copies whole: each
  // is sent as a copy of its own bytes, made once.
  const own = new WeakMap<Uint8Array, Uint8Array>();
  const alone = (part: string | Uint8Array) => {
    if (typeof part === 'string' || part.byteLength === part.buffer.byteLength) return part;
    let copy = own.get(part);
    if (!copy) own.set(part, (copy = new Uint8Array(part)));
    return copy;
  };
  const stop = async () => {
    stopped = true;
    await worker.terminate();
  };
  return {
    put(page) {
      if (failure) throw failure.error;
      worker.postMessage({ pages: [{ ...page, contents: page.contents.map(alone) }] } satisfies ToOutput);
      given++;
      return given - sizes.length >= HIGH ? until(() => given - sizes.length <= LOW) : undefined;
    },
    async finish() {
      try {
        worker.postMessage({ finish: true } satisfies ToOutput);
        await until(() => finished);
        if (sizes.length !== given) throw new Error(`the output thread wrote ${sizes.length} of ${given} pages`);
        return sizes;
      } finally {
        await stop();
      }
    },
    async failedWith(error) {
      await until(() => sizes.length === given).catch(() => undefined);
      await stop();
      throw failure ? failure.error : error;
    },
    stop,
  };
}
