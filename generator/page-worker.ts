/**
 * A worker thread of a large build (parallel-pages.ts has the main thread's
 * side): parses the batches of pages it claims, posting each batch's
 * frontmatter, then renders the markdown of the pages it parsed and of its
 * share of those the main thread parsed, posting each batch's HTML. It loads
 * no React, zod or theme: validating and rendering pages is the main thread's.
 */
import { parentPort } from 'node:worker_threads';
import { siteErrorsOf, toPlain, type PlainSiteError } from './errors';
import { renderMarkdown } from './markdown';
import { BATCH, claimBatches, type MarkedBody, type MarkRequest, type ParseRequest, type WorkerMessage } from './parallel-pages';
import { parsePage, type PageSource } from './parse-page';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

/** Parses the batches this worker claims, then renders their markdown. */
function parse(request: ParseRequest): MarkRequest['bodies'] {
  const bodies: MarkRequest['bodies'] = [];
  for (const batch of claimBatches(request.files, request.next)) {
    const sources: PageSource[] = [];
    const errors: PlainSiteError[] = [];
    for (const relativeFile of batch) {
      try {
        const { source, content } = parsePage(relativeFile, request);
        sources.push(source);
        bodies.push({ relativeFile, content });
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found.map(toPlain));
      }
    }
    post({ type: 'parsed', sources, errors });
  }
  post({ type: 'parsed-all' });
  return bodies;
}

function mark(bodies: MarkRequest['bodies']): void {
  for (let start = 0; start < bodies.length; start += BATCH) {
    const marked: MarkedBody[] = bodies.slice(start, start + BATCH).map(({ relativeFile, content }) => ({ relativeFile, ...renderMarkdown(content) }));
    post({ type: 'marked', bodies: marked });
  }
}

const crashed = (error: unknown) =>
  post({ type: 'crashed', error: error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) } });

// The first message asks to parse; the second brings the bodies the main thread parsed, rendered after this worker's own.
let step = 0;
parentPort!.on('message', (request: ParseRequest | MarkRequest) => {
  try {
    if (step++ === 0) mark(parse(request as ParseRequest));
    else {
      mark((request as MarkRequest).bodies);
      post({ type: 'done' });
      parentPort!.close(); // nothing more to come: let the thread end
    }
  } catch (error) {
    crashed(error);
  }
});
