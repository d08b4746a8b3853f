/**
 * A worker thread of the render pool (render-pool.ts): loads the markdown pipeline the build's thread loaded, from
 * the same settings, then parses and renders the batches of pages it is given, one page at a time, in the order
 * given, and posts each batch's outcomes back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { postedError } from '../base/engine-worker';
import { loadMarkdown } from '../markdown/markdown';
import { pipelineOf, preparePage, type Pipeline } from './prepare-page';
import {
  toWorkerOutcome,
  type WorkerJob,
  type WorkerMessage,
  type WorkerOutcome,
  type WorkerSetup,
} from './render-pool';

const port = parentPort!;
const { settings, place } = workerData as WorkerSetup;
const post = (message: WorkerMessage) => port.postMessage(message);

/** What stopped the worker, as the build's thread can take it. */
const crashed = (error: unknown) => post({ crashed: postedError(error) });

// Batches that arrive while one is being rendered wait their turn: pages are rendered one at a time.
const queue: WorkerJob[][] = [];
let pipeline: Pipeline | undefined;
let busy = false;

async function drain(): Promise<void> {
  if (busy || !pipeline) return;
  busy = true;
  try {
    for (let batch = queue.shift(); batch; batch = queue.shift()) {
      const done: [number, WorkerOutcome][] = [];
      for (const job of batch) done.push([job.at, toWorkerOutcome(await preparePage(job, settings, pipeline))]);
      post({ done });
    }
  } catch (error) {
    crashed(error);
  } finally {
    busy = false;
  }
}

port.on('message', (batch: WorkerJob[]) => {
  queue.push(batch);
  void drain();
});

loadMarkdown(settings.config.markdown, place)
  .then(pipelineOf)
  .then((loaded) => {
    pipeline = loaded;
    void drain();
  }, crashed);
