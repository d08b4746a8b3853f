/**
 * Where a full update's rendered pages go: each written into the staging folder as it renders, and, when the theme
 * has search, given to the search index as it is written (core/search.ts, searchFeed). A build that creates many
 * files (the staging folder did not hold them already) and has no search writes its pages on a thread of its own
 * (output/output-thread.ts), beside the render on this one: creating a file costs far more than writing over one in
 * place (output/write-in-place.ts). Not otherwise: writing a page over the one there costs this thread about what
 * handing it to the thread does; Pagefind's service indexes the pages in a process of its own, on the other core, for
 * about as long as the render takes, so a thread that writes there takes that core from it and the build is slower;
 * and with few pages, the thread's start costs more than it saves (docs/performance.md). Either way the same bytes
 * are written, the same sizes recorded in the same order and the same errors thrown.
 */
import { startOutputThread } from '../output/output-thread';
import { folderWriter, writePageFile } from '../output/write-in-place';
import type { Staging } from '../output/write-site';
import { outputFileOf } from '../pages/routes';
import type { RenderedPage } from '../render/render-pages';
import { searchFeed } from './search';
import type { Output, State } from './update-plan';

/** The fewest new files to create that start the output thread, or none for no thread (SiteOptions.workers 0). */
export type OutputPlan = { minimum: number } | undefined;

/** Fewer new page files than this are written on the build's thread (docs/performance.md). */
const MINIMUM = 500;

/** The output thread as SiteOptions.workers asks: by default from MINIMUM new files; with workers asked for, from two. */
export const outputPlan = (workers?: number): OutputPlan =>
  workers === 0 ? undefined : { minimum: workers === undefined ? MINIMUM : 2 };

export interface PageOutput {
  /** Writes a page rendered (in the plan's order); a promise to wait for before the next, when one is returned. */
  put(page: RenderedPage): void | Promise<void>;
  /**
   * Once every page is written, their sizes set in `written` in the order put, and the index's files in `output`;
   * returns the index's files (none without search), for the next update.
   */
  finish(output: Output): Promise<ReadonlySet<string>>;
  /** What the render's `error` is reported as: a page the thread failed to write before it, else `error` itself. */
  failedWith(error: unknown): Promise<never>;
  /** Gives up: resolves once nothing more will be written. */
  stop(): Promise<void>;
}

/** Where the pages of a full update rendered from `next` (`routes`) go: written into `staging`, their sizes into `written`. */
export async function pageOutput(
  next: State,
  staging: Staging,
  written: Map<string, number>,
  routes: ReadonlySet<string>,
  plan: OutputPlan,
): Promise<PageOutput> {
  const dir = staging.dir;
  if (!writesOnThread(next, staging, routes, plan)) return pageOutputHere(next, dir, written);
  const thread = startOutputThread({ dir });
  const files: string[] = [];
  return {
    put(page) {
      files.push(page.outFile);
      return thread.put({ file: page.outFile, contents: page.chunks, source: page.page.file });
    },
    async finish() {
      const sizes = await thread.finish();
      for (const [i, file] of files.entries()) written.set(file, sizes[i]!);
      return new Set();
    },
    failedWith: (error) => thread.failedWith(error),
    stop: () => thread.stop(),
  };
}

/** The pages written on this thread, each at once, and given to the index as they are. */
async function pageOutputHere(next: State, dir: string, written: Map<string, number>): Promise<PageOutput> {
  const write = folderWriter(dir);
  const feed = await searchFeed(next, dir);
  return {
    put(page) {
      written.set(page.outFile, writePageFile(write, page.outFile, page.chunks, page.page.file));
      feed?.written(page.page.route, page.page.file);
    },
    finish: async (output) => (feed ? feed.finish(output).finally(() => feed.close()) : new Set()),
    failedWith: (error) => {
      throw error;
    },
    stop: async () => feed?.close(),
  };
}

/** Whether the pages of `routes` are written on the output thread (see above). */
export function writesOnThread(
  next: Pick<State, 'theme'>,
  staging: Pick<Staging, 'recycled'>,
  routes: ReadonlySet<string>,
  plan: OutputPlan,
): boolean {
  if (next.theme.search === true || !plan) return false;
  let created = 0;
  for (const route of routes) if (!staging.recycled.has(outputFileOf(route))) created++;
  return created >= plan.minimum;
}
