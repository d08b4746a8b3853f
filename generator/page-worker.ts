/**
 * A worker thread of a parallel build (see parallel-pages.ts). It keeps its
 * share of the pages between two requests:
 *
 *   load    read, validate and render the markdown of its files → page summaries
 *   render  render each page with React, write it into the staging folder at
 *           once (no page is held after it is written) → links, ids and sizes
 *
 * Errors travel as plain data and become SiteErrors again in the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { siteErrorsOf, toPlain } from './errors';
import { loadPage, type LoadContext } from './load-pages';
import { importTheme } from './load-theme';
import type { LoadRequest, RenderRequest, WorkerReply } from './parallel-pages';
import { summaryOf, type PageInfo, type Theme } from './types';
import { writePages } from './write-pages';

let theme: Theme | undefined;
let ctx: LoadContext | undefined;
let pages: PageInfo[] = [];

async function load(request: LoadRequest): Promise<WorkerReply> {
  theme = await importTheme(request.themeModule);
  ctx = { pagesDir: request.pagesDir, displayRoot: request.displayRoot, config: request.config, theme };
  const settled = await Promise.allSettled(request.files.map((file) => loadPage(file, ctx!)));
  pages = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const errors = settled.flatMap((outcome) => (outcome.status === 'rejected' ? plainErrors(outcome.reason) : []));
  return { type: 'loaded', pages: pages.map(summaryOf), errors };
}

function render(request: RenderRequest): WorkerReply {
  const { rendered, errors } = writePages(pages, { site: ctx!.config, theme: theme!, assets: request.assets, routes: new Set(request.routes) }, request.outDir);
  pages = []; // written: nothing more to keep
  return { type: 'rendered', pages: rendered, errors: errors.map(toPlain) };
}

function plainErrors(error: unknown) {
  const errors = siteErrorsOf(error);
  if (errors.length === 0) throw error;
  return errors.map(toPlain);
}

parentPort!.on('message', async (request: LoadRequest | RenderRequest) => {
  try {
    parentPort!.postMessage(request.type === 'load' ? await load(request) : render(request));
  } catch (error) {
    const crash = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
    parentPort!.postMessage({ type: 'crashed', error: crash } satisfies WorkerReply);
  }
});
