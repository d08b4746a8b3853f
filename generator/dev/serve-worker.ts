/**
 * The check's server on a thread of its own (serve-off-thread.ts): it answers the check's crawler, which keeps the
 * check's thread, from the other core. It serves as `serve` does, posts its URL (or what stopped it from starting),
 * and closes when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { postedError } from '../base/engine-worker';
import { serve, type ServeOptions } from './serve';

/** What the worker posts: the server's URL once it listens, or what failed; then the answer to each request. */
export type ServeWorkerMessage = { url: string } | { failed: unknown } | { done: ServeWorkerRequest };

/** What the check asks of its server: to close the connections no request is using, or to close. */
export type ServeWorkerRequest = 'close-idle' | 'close';

const port = parentPort!;
const post = (message: ServeWorkerMessage) => port.postMessage(message);

try {
  const server = await serve(workerData as ServeOptions);
  port.on('message', (request: ServeWorkerRequest) => {
    if (request === 'close-idle') {
      server.server.closeIdleConnections();
      post({ done: request });
    } else void server.close().then(() => post({ done: request }));
  });
  post({ url: server.url });
} catch (error) {
  post({ failed: postedError(error) });
}
