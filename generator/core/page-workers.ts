/**
 * Worker threads for large builds, started as early as possible: a light
 * module, so the CLI can list the pages and start the workers before it loads
 * the rest of the generator. A worker spends its first few hundred
 * milliseconds loading modules, and that now overlaps the main thread's.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { listPageFiles } from '../content/page-files';
import { COMPILED, compiledModule, GENERATOR_DIR } from './engine-files';

/** Below this many pages a build stays on one thread: starting workers would cost more than it saves. */
export const PARALLEL_THRESHOLD = 300;

/** Threads a build of `pages` pages uses (main thread included): 1, or one per core for a large site. */
export function threadCount(pages: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, requested);
  return pages >= PARALLEL_THRESHOLD ? Math.max(1, availableParallelism()) : 1;
}

/**
 * A worker thread runs what this thread runs: the compiled page-worker.mjs, or page-worker.ts from its source
 * (typescript-worker.js starts TypeScript in the thread first: Node 20 gives a worker no loader of this thread's).
 */
const newWorker = COMPILED
  ? () => new Worker(compiledModule('page-worker'))
  : () => new Worker(path.join(GENERATOR_DIR, 'core/typescript-worker.js'), { workerData: { module: pathToFileURL(path.join(GENERATOR_DIR, 'core/page-worker.ts')).href } });

/** `count` page workers, starting now. */
export function startWorkers(count: number): Promise<Worker[]> {
  return Promise.resolve(Array.from({ length: Math.max(0, count) }, newWorker));
}

/** A build's page files and threads, its workers already starting. */
export interface Prestart {
  pagesDir: string;
  files: string[];
  threads: number;
  workers: Promise<Worker[]>;
}

/** Lists the pages and starts the workers a build of them will use. */
export async function startPages(pagesDir: string, threads?: number): Promise<Prestart> {
  const absolute = path.resolve(pagesDir);
  const files = await listPageFiles(absolute);
  const count = threadCount(files.length, threads);
  return { pagesDir: absolute, files, threads: count, workers: startWorkers(count - 1) };
}

/** startPages, started by the CLI before it loads the generator; undefined when the folder cannot be listed (the build reports why). */
export const prestartBuild = (pagesDir: string, threads?: number): Promise<Prestart | undefined> => startPages(pagesDir, threads).catch(() => undefined);
