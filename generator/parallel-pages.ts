/**
 * A large site's pages as a pipeline across threads. Worker threads read each
 * page, parse its frontmatter and then render its markdown (page-worker.ts);
 * the main thread validates the frontmatter as it arrives and, once every
 * route is known, renders each page with React and writes it as soon as its
 * markdown comes in.
 *
 * Why split by step rather than by page: every JavaScript heap warms up the
 * code it runs (V8 compiles hot functions again in each thread, about a second
 * of CPU for the whole build's code), so two threads each running every step
 * for half the pages spent on that, and on garbage collection, most of what the
 * second core gave. Split by step, each thread warms only its own code: the
 * workers run gray-matter and markdown-it and never load React, zod or the
 * theme, and the main thread never loads the markdown parser.
 *
 * Workers claim files in small batches from a shared counter, so a worker that
 * starts late or runs slower simply parses fewer. Each keeps the bodies it
 * parsed and renders their markdown once all are parsed: by then the main
 * thread knows every route (and every invalid page) and can start rendering.
 */
import type { Worker } from 'node:worker_threads';
import { fromPlain, siteErrorsOf, type PlainSiteError, type SiteError } from './errors';
import { parsePage, type ParseContext, type PageSource } from './parse-page';
import { withBody, type PageBody, type PageHead, type PageInfo } from './types';

/** What the main thread asks of each worker, once. */
export interface ParseRequest extends ParseContext {
  /** Every file of the site: the worker parses the batches it claims (see claimBatches). */
  files: string[];
  /** Shared by all workers: index 0 is the next unclaimed file. */
  next: Int32Array;
}

export interface MarkedBody extends PageBody {
  relativeFile: string;
}

/** Pages the main thread parsed, for the worker to render their markdown: sent to each worker once, after parsing. */
export interface MarkRequest {
  bodies: { relativeFile: string; content: string }[];
}

/** What a worker posts, in this order: parsed batches, parsed-all, marked batches, done. */
export type WorkerMessage =
  | { type: 'parsed'; sources: PageSource[]; errors: PlainSiteError[] }
  | { type: 'parsed-all' }
  | { type: 'marked'; bodies: MarkedBody[] }
  | { type: 'done' }
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
  /** Shared by this thread and the workers: index 0 is the next unclaimed file. */
  private readonly next = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    workers: Promise<Worker[]>,
    private readonly files: string[],
    private readonly ctx: ParseContext,
  ) {
    this.workers = workers.then((list) => {
      for (const worker of list) {
        let done = false;
        worker.on('message', (message: WorkerMessage) => {
          done ||= message.type === 'done';
          this.receive(message);
        });
        worker.on('error', (error) => this.fail(error));
        // A worker ends by itself once done; before that, only a crash or termination ends it.
        worker.on('exit', (code) => done || this.fail(new Error(`A page worker stopped before its pages were done (exit code ${code})`)));
        worker.postMessage({ ...ctx, files, next: this.next } satisfies ParseRequest);
      }
      return list;
    });
    this.workers.catch((error: Error) => this.fail(error));
  }

  private receive(message: WorkerMessage): void {
    if (message.type === 'crashed') this.fail(Object.assign(new Error(message.error.message), { stack: message.error.stack }));
    else this.inbox.push(message);
    this.wake?.();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake?.();
  }

  /** The next message from any worker, in the order they arrived; a worker's failure once the messages before it are handled. */
  private async take(): Promise<WorkerMessage> {
    while (this.read === this.inbox.length && !this.failure) await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = undefined;
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
    const add = (source: PageSource) => {
      try {
        this.heads.set(source.relativeFile, describe(source));
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found);
      }
    };
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
          for (const relativeFile of batch.value) {
            try {
              const { source, content } = parsePage(relativeFile, this.ctx);
              ownBodies.push({ relativeFile, content });
              add(source);
            } catch (error) {
              const found = siteErrorsOf(error);
              if (found.length === 0) throw error;
              errors.push(...found);
            }
          }
        }
        continue;
      }
      const message = await this.take();
      if (message.type === 'parsed-all') parsing--;
      else if (message.type !== 'parsed') early.push(message); // a faster worker's markdown, for render
      else {
        errors.push(...message.errors.map(fromPlain));
        message.sources.forEach(add);
      }
    }
    // The pages parsed here: each worker renders the markdown of an equal share once its own is done.
    workers.forEach((worker, i) => worker.postMessage({ bodies: ownBodies.filter((_, at) => at % workers.length === i) } satisfies MarkRequest));
    // Messages that came early are handled first when rendering.
    this.inbox.splice(0, this.read, ...early);
    this.read = 0;
    this.marking = workers.length;
    const heads = this.files.flatMap((file) => this.heads.get(file) ?? []);
    return { heads, errors: errors.sort(byFile) };
  }

  /** The valid pages, a batch at a time, as the workers render their markdown. */
  async *pages(): AsyncGenerator<PageInfo[]> {
    while (this.marking > 0) {
      const message = await this.take();
      if (message.type === 'done') this.marking--;
      else if (message.type === 'marked') {
        yield message.bodies.flatMap((body) => {
          const head = this.heads.get(body.relativeFile);
          return head ? [withBody(head, body)] : [];
        });
      }
    }
  }
}

/** Sorts what the pages' step returns into file order, whatever order the workers finished in. */
export const inFileOrder = <T extends { file?: string }>(items: T[]): T[] => items.sort(byFile);
