/**
 * A large site's pages as a pipeline across threads. Worker threads read and
 * parse pages and render their markdown (page-worker.ts); the main thread
 * validates the frontmatter as it arrives and, once every route is known,
 * renders each page with React as soon as its markdown comes in.
 *
 * Why split by step rather than by page: every JavaScript heap warms up the
 * code it runs (V8 compiles hot functions again in each thread, about a second
 * of CPU for the whole build's code), so two threads each running every step
 * for half the pages spent on that, and on garbage collection, most of what the
 * second core gave. Split by step, each thread warms mostly its own code: the
 * workers never load React, zod or the theme, and the main thread runs no
 * markdown.
 *
 * How the work is shared:
 * - parsing: every thread claims files in small batches from a shared counter,
 *   the main thread whenever no worker's batch is waiting to be validated;
 * - markdown: each worker renders the bodies it parsed, then its share of
 *   those the main thread parsed (sent once every page is parsed: by then the
 *   main thread knows every route, and every invalid page);
 * - writing: the main thread writes each page it renders, until a worker has
 *   no markdown left; from then on that worker writes them.
 */
import type { Worker } from 'node:worker_threads';
import { collectErrors, fromPlain, SiteErrors, type PlainSiteError, type SiteError } from './errors';
import { bodyLineOf, parsePage, type ParseContext, type PageSource } from '../content/parse-page';
import { withBody, type PageBody, type PageHead, type PageInfo } from './types';
import { folderWriter, WriteFailure, type FileContents, type PageWriter } from '../output/write-in-place';

/** The main thread's first request to each worker. */
export interface ParseRequest extends ParseContext {
  type: 'parse';
  /** This worker's slot in `free`. */
  index: number;
  /** One slot per worker, shared: set to 1 once the worker's markdown is all rendered (it may write pages from then on). */
  free: Int32Array;
  /** Every file of the site: the worker parses the batches it claims (see claimBatches). */
  files: string[];
  /** Shared by all workers: index 0 is the next unclaimed file. */
  next: Int32Array;
}

export interface MarkedBody extends PageBody {
  relativeFile: string;
}

/** A page's markdown body, to render: `line` is the line of its file the body starts on. */
export interface BodyToMark {
  relativeFile: string;
  content: string;
  line: number;
}

/** Pages the main thread parsed, for the worker to render their markdown: sent to each worker once, after parsing. */
export interface MarkRequest {
  type: 'mark';
  bodies: BodyToMark[];
}

/**
 * What rendering markdown needs that the parse request has not: where the site's plugins are installed and the ids
 * the theme reserves. Sent once the theme is loaded (and the main thread has loaded the plugins, so a bad one is
 * reported once); a worker renders no markdown before.
 */
export interface MarkdownRequest {
  type: 'markdown';
  root: string;
  configFile: string;
  reservedIds: readonly (string | RegExp)[];
}

/** Rendered pages for a worker to write into the staging folder. */
export interface WriteRequest {
  type: 'write';
  dir: string;
  pages: { outFile: string; chunks: FileContents }[];
}

/** The main thread's requests: parse, markdown, mark, then any number of writes, then end. */
export type MainMessage = ParseRequest | MarkdownRequest | MarkRequest | WriteRequest | { type: 'end' };

/** What a worker posts, in this order: parsed batches, parsed-all, marked batches, done; then written batches. */
export type WorkerMessage =
  | { type: 'parsed'; sources: PageSource[]; errors: PlainSiteError[] }
  | { type: 'parsed-all' }
  | { type: 'marked'; bodies: MarkedBody[]; errors: PlainSiteError[] }
  | { type: 'failed'; errors: PlainSiteError[] }
  | { type: 'done' }
  | { type: 'written'; sizes: [outFile: string, bytes: number][] }
  | { type: 'write-failed'; outFile: string; message: string }
  | { type: 'crashed'; error: { message: string; stack?: string } };

/** Files claimed a few at a time: enough to make a message worth sending, few enough to share the work evenly. */
export const BATCH = 16;

/** The batches of files this worker claims, until none are left: the workers share the files without messages. */
export function* claimBatches(files: string[], next: Int32Array): Generator<string[]> {
  for (let start = Atomics.add(next, 0, BATCH); start < files.length; start = Atomics.add(next, 0, BATCH)) {
    yield files.slice(start, start + BATCH);
  }
}

const byFile = (a: { file?: string }, b: { file?: string }) => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : 0);

/** The main thread's side: started as soon as the config is loaded, so the workers parse while the theme loads. */
export class PagePipeline {
  private readonly inbox: WorkerMessage[] = [];
  private read = 0;
  private wake?: () => void;
  private failure?: Error;
  private readonly workers: Promise<Worker[]>;
  private readonly heads = new Map<string, PageHead>();
  private marking = 0;
  /** Pages whose markdown a plugin failed on, as the workers report them. */
  private readonly markdownErrors: SiteError[] = [];
  /** Shared by this thread and the workers: index 0 is the next unclaimed file. */
  private readonly next = new Int32Array(new SharedArrayBuffer(4));
  /** Shared: slot i is 1 once worker i has no markdown left to render. */
  private free = new Int32Array(new SharedArrayBuffer(0));
  /** Write batches the workers have not answered yet, and the sizes of the pages they wrote. */
  private unanswered = 0;
  private readonly written = new Map<string, number>();
  private writeFailure?: { outFile: string; message: string };
  /** Set once the workers are told to end: from then on, a worker's exit is expected. */
  private ending = false;

  constructor(
    workers: Promise<Worker[]>,
    private readonly files: string[],
    private readonly ctx: ParseContext,
  ) {
    this.workers = workers.then((list) => {
      this.free = new Int32Array(new SharedArrayBuffer(4 * list.length));
      list.forEach((worker, index) => {
        worker.on('message', (message: WorkerMessage) => this.receive(message));
        worker.on('error', (error) => this.fail(error));
        // A worker ends when told to; before that, only a crash or termination ends it.
        worker.on('exit', (code) => this.ending || this.fail(new Error(`A page worker stopped before its work was done (exit code ${code})`)));
        worker.postMessage({ type: 'parse', ...ctx, files, next: this.next, index, free: this.free } satisfies ParseRequest);
      });
      return list;
    });
    this.workers.catch((error: Error) => this.fail(error));
  }

  private receive(message: WorkerMessage): void {
    if (message.type === 'crashed') this.fail(Object.assign(new Error(message.error.message), { stack: message.error.stack }));
    else if (message.type === 'failed') {
      const errors = message.errors.map(fromPlain);
      this.fail(errors.length === 1 ? errors[0]! : new SiteErrors(errors));
    }
    else if (message.type === 'written') {
      this.unanswered--;
      for (const [file, bytes] of message.sizes) this.written.set(file, bytes);
    } else if (message.type === 'write-failed') {
      this.unanswered--;
      this.writeFailure ??= message;
    } else this.inbox.push(message);
    this.wake?.();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake?.();
  }

  /** Resolves once a worker's message has come in (or a worker failed). */
  private async nextMessage(): Promise<void> {
    await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
  }

  /** The next message from any worker, in the order they arrived; a worker's failure once the messages before it are handled. */
  private async take(): Promise<WorkerMessage> {
    while (this.read === this.inbox.length && !this.failure) await this.nextMessage();
    if (this.read === this.inbox.length) throw this.failure!;
    const message = this.inbox[this.read]!;
    this.inbox[this.read++] = undefined as never; // let the batch go once handled
    return message;
  }

  /**
   * Validates every page's frontmatter here (`describe`) as the workers parse it, and parses batches here too while no
   * worker's batch is waiting (their markdown is then the workers' to render). Resolves once every page is parsed, with
   * the pages in file order and every page's errors (sorted by file, as a one-thread build reports them).
   */
  async load(describe: (source: PageSource) => PageHead): Promise<{ heads: PageHead[]; errors: SiteError[] }> {
    const errors: SiteError[] = [];
    const describeAll = (sources: PageSource[]) =>
      errors.push(...collectErrors(sources, (source) => this.heads.set(source.relativeFile, describe(source))).errors);
    const workers = await this.workers;
    const ownBodies: MarkRequest['bodies'] = [];
    const own = claimBatches(this.files, this.next);
    const early: WorkerMessage[] = [];
    let parsing = workers.length;
    let claiming = true;
    while (parsing > 0 || claiming) {
      if (claiming && (parsing === 0 || this.read === this.inbox.length)) {
        // No worker's batch to validate: parse one here.
        const batch = own.next();
        if (batch.done) claiming = false;
        else {
          const parsed = collectErrors(batch.value, (relativeFile) => parsePage(relativeFile, this.ctx));
          errors.push(...parsed.errors);
          for (const { source, content } of parsed.results) ownBodies.push({ relativeFile: source.relativeFile, content, line: bodyLineOf(source.matter) });
          describeAll(parsed.results.map((page) => page.source));
        }
        continue;
      }
      const message = await this.take();
      if (message.type === 'parsed-all') parsing--;
      else if (message.type !== 'parsed') early.push(message); // a faster worker's markdown, for render
      else {
        errors.push(...message.errors.map(fromPlain));
        describeAll(message.sources);
      }
    }
    // The pages parsed here: each worker renders the markdown of an equal share once its own is done.
    workers.forEach((worker, i) => worker.postMessage({ type: 'mark', bodies: ownBodies.filter((_, at) => at % workers.length === i) } satisfies MarkRequest));
    // Messages that came early are handled first when rendering.
    this.inbox.splice(0, this.read, ...early);
    this.read = 0;
    this.marking = workers.length;
    const heads = this.files.flatMap((file) => this.heads.get(file) ?? []);
    return { heads, errors: errors.sort(byFile) };
  }

  /** Lets the workers render markdown: call once the theme is loaded, before load(). */
  renderMarkdown(request: Omit<MarkdownRequest, 'type'>): void {
    void this.workers.then((workers) => {
      for (const worker of workers) worker.postMessage({ type: 'markdown', ...request } satisfies MarkdownRequest);
    }, () => undefined);
  }

  /** The errors of pages whose markdown failed to render: complete once pages() has yielded every batch. */
  failedMarkdown(): SiteError[] {
    return this.markdownErrors;
  }

  /** The valid pages, a batch at a time, as the workers render their markdown. */
  async *pages(): AsyncGenerator<PageInfo[]> {
    while (this.marking > 0) {
      const message = await this.take();
      if (message.type === 'done') this.marking--;
      else if (message.type === 'marked') {
        this.markdownErrors.push(...message.errors.map(fromPlain));
        yield message.bodies.flatMap((body) => {
          const head = this.heads.get(body.relativeFile);
          return head ? [withBody(head, body)] : [];
        });
      }
    }
  }

  /**
   * A writer for the rendered pages: while every worker is still rendering markdown, this thread writes each page
   * itself; once a worker has none left (the rest of the build waits on this thread's React rendering), pages go to
   * it to write, a batch at a time. The workers' flags are shared memory: this thread sees them at once, not only
   * when it next handles its messages.
   */
  async writer(dir: string): Promise<PageWriter> {
    const workers = await this.workers;
    const local = folderWriter(dir);
    const batches = workers.map((): WriteRequest['pages'] => []);
    const send = (i: number) => {
      if (batches[i]!.length === 0) return;
      this.unanswered++;
      workers[i]!.postMessage({ type: 'write', dir, pages: batches[i]! } satisfies WriteRequest);
      batches[i] = [];
    };
    let turn = 0;
    return {
      write: (outFile, chunks) => {
        for (let tried = 0; tried < workers.length; tried++) {
          const i = turn++ % workers.length;
          if (Atomics.load(this.free, i) === 0) continue;
          batches[i]!.push({ outFile, chunks });
          if (batches[i]!.length === BATCH) send(i);
          return undefined;
        }
        return local.write(outFile, chunks);
      },
      finish: async () => {
        workers.forEach((_, i) => send(i));
        return this.writesDone(workers);
      },
    };
  }

  /** Resolves with the sizes of the pages the workers wrote, once they answered every batch; then tells them to end. */
  private async writesDone(workers: Worker[]): Promise<Map<string, number>> {
    while (this.unanswered > 0 && !this.failure) await this.nextMessage();
    if (this.failure) throw this.failure;
    this.ending = true;
    for (const worker of workers) worker.postMessage({ type: 'end' } satisfies MainMessage);
    if (this.writeFailure) throw new WriteFailure(this.writeFailure.outFile, this.writeFailure.message);
    return this.written;
  }
}

/** Sorts what the pages' step returns into file order, whatever order the workers finished in. */
export const inFileOrder = <T extends { file?: string }>(items: T[]): T[] => items.sort(byFile);
