/**
 * The module a worker-pool process or thread loads when the engine runs from
 * its sources: starts tsx there (neither a child process nor a worker thread
 * has the parent's loader), then exports the TypeScript task named by the
 * environment variable SITE_TASK_MODULE (a file URL), which the pool sets.
 */
import { startTypeScript } from './typescript.js';

await startTypeScript();
const task = await import(process.env.SITE_TASK_MODULE);
export default task.default;
