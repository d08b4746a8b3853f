/**
 * The entry of a worker thread that runs a TypeScript module: starts tsx in
 * the thread, then imports the module `workerData.module` (a file URL).
 */
import { workerData } from 'node:worker_threads';
import { startTypeScript } from './typescript.js';

await startTypeScript();
await import(workerData.module);
