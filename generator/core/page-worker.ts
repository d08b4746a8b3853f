/**
 * A worker thread of a large build (parallel-pages.ts has the main thread's
 * side): parses the batches of pages it claims, posting each batch's
 * frontmatter, then renders the markdown of the pages it parsed and of its
 * share of those the main thread parsed, posting each batch's HTML; then it
 * writes rendered pages the main thread sends it. It loads no React, zod or
 * theme: validating and rendering pages is the main thread's.
 */
import { parentPort } from 'node:worker_threads';
import { collectErrors, toPlain } from './errors';
import { renderMarkdown } from '../content/markdown';
import { BATCH, claimBatches, type MainMessage, type MarkedBody, type MarkRequest, type ParseRequest, type WorkerMessage, type WriteRequest } from './parallel-pages';
import { folderWriter, type PageWriter } from '../output/write-in-place';
import { parsePage } from '../content/parse-page';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

/** Parses the batches this worker claims, posting each batch's frontmatter; returns their bodies, for `mark`. */
function parse(request: ParseRequest): MarkRequest['bodies'] {
  const bodies: MarkRequest['bodies'] = [];
  for (const batch of claimBatches(request.files, request.next)) {
    const { results, errors } = collectErrors(batch, (relativeFile) => parsePage(relativeFile, request));
    for (const { source, content } of results) bodies.push({ relativeFile: source.relativeFile, content });
    post({ type: 'parsed', sources: results.map((page) => page.source), errors: errors.map(toPlain) });
  }
  post({ type: 'parsed-all' });
  return bodies;
}

/** Renders markdown a batch at a time, posting each batch's HTML. */
function mark(bodies: MarkRequest['bodies']): void {
  for (let start = 0; start < bodies.length; start += BATCH) {
    const marked: MarkedBody[] = bodies.slice(start, start + BATCH).map(({ relativeFile, content }) => ({ relativeFile, ...renderMarkdown(content) }));
    post({ type: 'marked', bodies: marked });
  }
}

const crashed = (error: unknown) =>
  post({ type: 'crashed', error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } });

/** Writes a batch of rendered pages into the staging folder (one writer per folder: it remembers the folders it made). */
const writers = new Map<string, PageWriter>();
function write(request: WriteRequest): void {
  let writer = writers.get(request.dir);
  if (!writer) writers.set(request.dir, (writer = folderWriter(request.dir)));
  const sizes: [string, number][] = [];
  for (const { outFile, chunks } of request.pages) {
    try {
      sizes.push([outFile, writer.write(outFile, chunks)!]);
    } catch (error) {
      post({ type: 'write-failed', outFile, message: (error as Error).message });
      return;
    }
  }
  post({ type: 'written', sizes });
}

let request: ParseRequest;
parentPort!.on('message', (message: MainMessage) => {
  try {
    if (message.type === 'parse') mark(parse((request = message)));
    else if (message.type === 'mark') {
      // The pages the main thread parsed, rendered after this worker's own; then this worker is free to write.
      mark(message.bodies);
      Atomics.store(request.free, request.index, 1);
      post({ type: 'done' });
    } else if (message.type === 'write') write(message);
    else parentPort!.close(); // 'end': nothing more to come, so the thread ends
  } catch (error) {
    crashed(error);
  }
});
