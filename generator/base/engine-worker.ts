/**
 * A worker thread running one of the engine's worker modules (the render pool's, load/render-worker.ts; the check's
 * server, dev/serve-worker.ts; a build's page writer, output/output-worker.ts): its compiled module in lib/,
 * `<name>.mjs`, beside the chunk that starts it (lib/ is flat: scripts/compile-engine.js names each one an entry); or,
 * when the engine runs from its TypeScript sources (its tests), the source module through tsx, as the tests load the
 * engine.
 */
import { Worker } from 'node:worker_threads';
import { reviveSiteError, SiteError, siteErrorData, type SiteErrorData } from './errors';

/**
 * `from`: the starting module's import.meta.url; `name`: the worker module's name, `source`: its path from the
 * starting module's folder in the sources (`./render-worker.ts`).
 */
export function startEngineWorker(from: string, name: string, source: string, workerData: unknown): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, from), { workerData });
  // A worker's own --import is not honoured (Node 20): the source module is imported through tsx's API instead.
  const entry = new URL(source, from).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const start = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Worker(start, { eval: true, workerData });
}

/** What a worker throws, as it can cross to the thread that started it: a catalogued error as data, else as it is. */
export function postedError(error: unknown): unknown {
  if (SiteError.is(error)) return { siteError: siteErrorData(error) };
  try {
    return structuredClone(error);
  } catch {
    return new Error(String(error)); // a value that cannot be copied (a function, say)
  }
}

/** What postedError made, thrown again on the thread that started the worker: a catalogued error revived. */
export function revivedError(posted: unknown): unknown {
  const data = (posted as { siteError?: SiteErrorData } | null)?.siteError;
  return data ? reviveSiteError(data) : posted;
}
