/**
 * Markdown on every core: a tinypool of worker threads, each rendering
 * batches of page bodies (markdown-task.ts), string in, result out. Used when
 * a build has enough markdown to render for the threads' start to pay
 * (threadsFor); the output does not depend on it, since each body renders the
 * same on any thread and pages are rendered and written in file order.
 */
import { availableParallelism } from 'node:os';
import type Tinypool from 'tinypool';
import { fromPlain } from '../core/errors';
import { workerTask } from '../core/engine-files';
import type { PageBody } from '../core/types';
import type { BodySource, MarkdownSettings } from './markdown';
import type { PluginPlace } from './markdown-plugins';
import type { MarkdownOutcome, MarkdownTask } from './markdown-task';

/** Pages to render before worker threads pay for their start (each loads remark and the site's plugins). */
export const POOL_THRESHOLD = 200;
/** Bodies per task: enough to make a message worth sending, few enough to share the work evenly. */
export const BATCH = 16;

/**
 * Threads for `pages` bodies to render: `requested` when given (1: this thread alone), else, for a large batch on a
 * machine with cores to spare, a worker per core but the one this thread needs for validating, rendering and
 * writing pages. On two cores that leaves one worker, which measured no faster than this thread alone while
 * holding a second heap (README, Performance): two cores render markdown on this thread.
 */
export function threadsFor(pages: number, requested?: number): number {
  if (requested !== undefined) return Math.max(1, requested);
  const cores = availableParallelism();
  return pages >= POOL_THRESHOLD && cores >= 3 ? cores - 1 : 1;
}

const task = workerTask('markdown-task', 'content/markdown-task.ts');

export class MarkdownPool {
  private constructor(
    private readonly pool: Tinypool,
    private readonly settings: MarkdownSettings | undefined,
    private readonly place: PluginPlace,
  ) {}

  /** A pool of `threads` workers. tinypool loads only here: most builds (every build on two cores) render on one thread. */
  static async start(threads: number, settings: MarkdownSettings | undefined, place: PluginPlace): Promise<MarkdownPool> {
    const { default: Pool } = await import('tinypool');
    return new MarkdownPool(new Pool({ filename: task.file, env: task.env, minThreads: threads, maxThreads: threads, idleTimeout: 0 }), settings, place);
  }

  /** Renders the bodies on the pool, a batch per task; each promise settles with its page's body or error (a SiteError). */
  render(pages: { content: string; page: BodySource }[]): Promise<PageBody>[] {
    const results: Promise<PageBody>[] = [];
    for (let start = 0; start < pages.length; start += BATCH) {
      const task: MarkdownTask = { settings: this.settings, place: this.place, pages: pages.slice(start, start + BATCH) };
      const batch = this.pool.run(task) as Promise<MarkdownOutcome[]>;
      batch.catch(() => undefined); // each page's promise below reports it
      task.pages.forEach((_, i) =>
        results.push(
          batch.then((outcomes) => {
            const outcome = outcomes[i]!;
            if ('error' in outcome) throw fromPlain(outcome.error);
            return outcome.body;
          }),
        ),
      );
    }
    return results;
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}
