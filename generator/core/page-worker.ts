/**
 * A worker thread of a large build (parallel-pages.ts has the main thread's
 * side): parses the batches of pages it claims, posting each batch's
 * frontmatter, then (once the main thread sends what markdown needs from the
 * theme) renders the markdown of the pages it parsed and of its share of those
 * the main thread parsed, posting each batch's HTML; then it writes rendered
 * pages the main thread sends it. It loads no React, zod or theme: validating
 * and rendering pages is the main thread's. It loads the site's markdown
 * plugins itself, from the project, as the main thread does.
 */
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { collectErrors, siteErrorsOf, toPlain, type SiteError } from './errors';
import { loadMarkdown, type Markdown } from '../content/markdown';
import { BATCH, claimBatches, type BodyToMark, type MainMessage, type MarkdownRequest, type MarkedBody, type ParseRequest, type WorkerMessage, type WriteRequest } from './parallel-pages';
import { folderWriter, type PageWriter } from '../output/write-in-place';
import { bodyLineOf, parsePage } from '../content/parse-page';

const post = (message: WorkerMessage) => parentPort!.postMessage(message);

/** Parses the batches this worker claims, posting each batch's frontmatter; returns their bodies, for `mark`. */
function parse(request: ParseRequest): BodyToMark[] {
  const bodies: BodyToMark[] = [];
  for (const batch of claimBatches(request.files, request.next)) {
    const { results, errors } = collectErrors(batch, (relativeFile) => parsePage(relativeFile, request));
    for (const { source, content } of results) bodies.push({ relativeFile: source.relativeFile, content, line: bodyLineOf(source.matter) });
    post({ type: 'parsed', sources: results.map((page) => page.source), errors: errors.map(toPlain) });
  }
  post({ type: 'parsed-all' });
  return bodies;
}

/** The markdown pipeline and what each page's rendering needs, once the main thread has sent it. */
interface Marker {
  markdown: Markdown;
  request: MarkdownRequest;
}

/** Renders markdown a batch at a time, posting each batch's HTML and the errors of pages a plugin failed on. */
async function mark(bodies: BodyToMark[], { markdown, request }: Marker): Promise<void> {
  for (let start = 0; start < bodies.length; start += BATCH) {
    const marked: MarkedBody[] = [];
    const errors: SiteError[] = [];
    for (const { relativeFile, content, line } of bodies.slice(start, start + BATCH)) {
      const absolute = path.join(parseRequest.pagesDir, relativeFile);
      const page = { file: path.relative(parseRequest.displayRoot, absolute) || absolute, path: absolute, line, reservedIds: request.reservedIds };
      try {
        const body = markdown.render(content, page);
        marked.push({ relativeFile, ...(body instanceof Promise ? await body : body) });
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found);
      }
    }
    post({ type: 'marked', bodies: marked, errors: errors.map(toPlain) });
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

let parseRequest: ParseRequest;
/** This worker's own pages' bodies, until the markdown request comes. */
let own: BodyToMark[] = [];
let marker: Marker | undefined;

async function handle(message: MainMessage): Promise<void> {
  if (message.type === 'parse') own = parse((parseRequest = message));
  else if (message.type === 'markdown') {
    let markdown: Markdown;
    try {
      markdown = await loadMarkdown(parseRequest.config.markdown, { root: message.root, configFile: message.configFile });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      post({ type: 'failed', errors: found.map(toPlain) });
      return;
    }
    marker = { markdown, request: message };
    await mark(own, marker);
    own = [];
  } else if (message.type === 'mark') {
    // The pages the main thread parsed, rendered after this worker's own; then this worker is free to write.
    if (!marker) return; // its markdown pipeline failed to load, which the main thread has been told
    await mark(message.bodies, marker);
    Atomics.store(parseRequest.free, parseRequest.index, 1);
    post({ type: 'done' });
  } else if (message.type === 'write') write(message);
  else parentPort!.close(); // 'end': nothing more to come, so the thread ends
}

// One message at a time, in the order they came: a markdown plugin may work asynchronously.
let queue = Promise.resolve();
parentPort!.on('message', (message: MainMessage) => {
  queue = queue.then(() => handle(message)).catch(crashed);
});
