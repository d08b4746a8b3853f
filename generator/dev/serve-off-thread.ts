/**
 * `site check`'s server, started on a worker thread (serve-worker.ts): the crawler (linkinator: fetching, parsing
 * every page) keeps the check's thread, and the server's work (finding each file, its headers, sending it) runs on the
 * other core, where both shared one thread. The same server as `site serve`'s (serve.ts), with the same options; what
 * stops it from starting is thrown here as it was thrown there.
 */
import type { Worker } from 'node:worker_threads';
import { revivedError, startEngineWorker } from '../base/engine-worker';
import type { ServeOptions } from './serve';
import type { ServeWorkerMessage, ServeWorkerRequest } from './serve-worker';

export interface ServerOffThread {
  /** The site's URL (no trailing slash), as serve() gives it. */
  url: string;
  /** Closes the connections no request is using (between crawls: those of a crawl's pool, which stay open after it). */
  closeIdle(): Promise<void>;
  /** Closes the server, then ends its thread. */
  close(): Promise<void>;
}

/** The worker's next message; a worker that fails or stops first rejects. */
function nextMessage(worker: Worker): Promise<ServeWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: ServeWorkerMessage) => {
      off();
      resolve(message);
    };
    const onError = (error: Error) => {
      off();
      reject(error);
    };
    const onExit = (code: number) => onError(new Error(`the check's server stopped (exit code ${code})`));
    const off = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

export async function serveOffThread(options: ServeOptions): Promise<ServerOffThread> {
  const worker = startEngineWorker(import.meta.url, 'serve-worker', './serve-worker.ts', options);
  let started: ServeWorkerMessage;
  try {
    started = await nextMessage(worker);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  if (!('url' in started)) {
    await worker.terminate();
    throw 'failed' in started ? revivedError(started.failed) : new Error("the check's server did not start");
  }
  const ask = async (request: ServeWorkerRequest) => {
    const answered = nextMessage(worker);
    worker.postMessage(request);
    await answered;
  };
  return {
    url: started.url,
    closeIdle: () => ask('close-idle'),
    async close() {
      try {
        await ask('close');
      } finally {
        await worker.terminate();
      }
    },
  };
}
