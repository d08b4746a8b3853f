/**
 * Parsing and rendering pages on more than one core: this thread and worker threads (render-worker.ts) take pages
 * from one queue until it is empty, each with a markdown pipeline of its own made from the same settings. A page's
 * outcome depends only on its bytes and those settings (prepare-page.ts), so it is the same whichever thread made
 * it; outcomes are returned in the jobs' order, so the build that gathers them sees one order whatever the threads
 * did. The errors a page's parse or render gives cross back as the same catalogued errors; anything else a worker
 * meets (a bug, a worker that cannot start) fails the build as it would on this thread.
 *
 * Workers cost a start (Node and the pipeline's modules, about half a second) and the copying of each page's bytes
 * and result: they are used only when there are enough pages to render (PoolPlan.minimum), and never in a watch
 * update of a few pages. docs/performance.md has the figures the defaults come from.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { revivedError, startEngineWorker } from '../base/engine-worker';
import { reviveSiteError, siteErrorData, type SiteErrorData } from '../base/errors';
import type { PluginPlace } from '../markdown/markdown-plugins';
import type { PageJob, PageOutcome, PageSettings } from './prepare-page';

/** How many worker threads share the pages with this thread, and the fewest pages to render that starts them. */
export interface PoolPlan {
  workers: number;
  minimum: number;
}

/** Fewer pages than this to parse and render are not worth a worker's start (docs/performance.md). */
const MINIMUM = 1000;

/**
 * The pool `workers` asks for (SiteOptions.workers, `--workers`): so many workers for any build with two pages or more
 * to render. By default, a worker for every core but this thread's, at most three (each holds a pipeline of its own,
 * and a build has other work than markdown), for builds with MINIMUM pages or more to render.
 */
export function poolPlan(workers?: number): PoolPlan {
  return workers === undefined
    ? { workers: Math.max(0, Math.min(os.availableParallelism() - 1, 3)), minimum: MINIMUM }
    : { workers, minimum: 2 };
}

/** What a worker is started with: everything a page's parse and render reads besides its bytes. */
export interface WorkerSetup {
  settings: PageSettings;
  place: PluginPlace;
}

/** A page a worker is given, with its place in the jobs. */
export type WorkerJob = PageJob & { at: number };

/** An outcome as it crosses back: errors as data (their class would not survive the copy). */
export type WorkerOutcome =
  Exclude<PageOutcome, { failed: unknown }> | { failed: 'parse' | 'render'; errors: SiteErrorData[] };

/** What a worker posts: the outcomes of a batch, or what stopped it. */
export type WorkerMessage = { done: [at: number, outcome: WorkerOutcome][] } | { crashed: unknown };

export const toWorkerOutcome = (outcome: PageOutcome): WorkerOutcome =>
  'failed' in outcome ? { failed: outcome.failed, errors: outcome.errors.map(siteErrorData) } : outcome;

const fromWorkerOutcome = (outcome: WorkerOutcome): PageOutcome =>
  'failed' in outcome ? { failed: outcome.failed, errors: outcome.errors.map(reviveSiteError) } : outcome;

/** Pages a worker is given at a time, and how many such batches it holds at once (so it never waits for the next). */
const BATCH = 8;
const IN_FLIGHT = 2;

/**
 * Every job's outcome, in the jobs' order: made by `here` on this thread, and by workers started from `setup` when
 * `plan` allows and there are enough jobs.
 */
export async function prepareInPool(
  jobs: readonly PageJob[],
  here: (job: PageJob) => Promise<PageOutcome>,
  setup: WorkerSetup & { plan: PoolPlan },
): Promise<{ outcomes: PageOutcome[]; threads: number }> {
  const outcomes: PageOutcome[] = new Array<PageOutcome>(jobs.length);
  if (setup.plan.workers <= 0 || jobs.length < setup.plan.minimum) {
    for (const [at, job] of jobs.entries()) outcomes[at] = await here(job);
    return { outcomes, threads: 1 };
  }
  let next = 0;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const workers = Array.from({ length: setup.plan.workers }, () =>
    startWorker({ settings: setup.settings, place: setup.place }),
  );
  const outstanding = new Map<Worker, number>(workers.map((worker) => [worker, 0]));
  const give = (worker: Worker) => {
    if (next >= jobs.length || failure) return;
    const batch: WorkerJob[] = [];
    for (; batch.length < BATCH && next < jobs.length; next++) batch.push({ ...jobs[next]!, at: next });
    outstanding.set(worker, outstanding.get(worker)! + 1);
    worker.postMessage(batch);
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    wake?.();
  };
  for (const worker of workers) {
    worker.on('message', (message: WorkerMessage) => {
      if ('crashed' in message) return fail(revivedError(message.crashed));
      for (const [at, outcome] of message.done) outcomes[at] = fromWorkerOutcome(outcome);
      outstanding.set(worker, outstanding.get(worker)! - 1);
      give(worker);
      wake?.();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (outstanding.get(worker)! > 0)
        fail(new Error(`a markdown worker stopped (exit code ${code}) with pages to render`));
    });
    for (let i = 0; i < IN_FLIGHT; i++) give(worker);
  }
  try {
    // This thread takes a page at a time from the same queue, and lets the workers' messages in between pages.
    while (next < jobs.length && !failure) {
      const at = next++;
      outcomes[at] = await here(jobs[at]!);
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (!failure && [...outstanding.values()].some((count) => count > 0))
      await new Promise<void>((resolve) => (wake = resolve));
    if (failure) throw failure.error;
    return { outcomes, threads: workers.length + 1 };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** A worker running render-worker.ts. */
const startWorker = (setup: WorkerSetup): Worker =>
  startEngineWorker(import.meta.url, 'render-worker', './render-worker.ts', setup);
