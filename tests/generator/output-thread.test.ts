/**
 * A full build's pages written on a thread of their own (output/output-thread.ts, core/page-output.ts): the same
 * bytes, sizes (in the same order) and file list as a build that writes them on its own thread; a page the thread
 * cannot write fails the build with the same WriteFailed, the previous output untouched; stop() resolves only once
 * the thread has stopped, so nothing lands in a staging folder given up; and which builds use the thread.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siteErrorsOf, type SiteError } from '../../generator/base/errors';
import { outputPlan, writesOnThread } from '../../generator/core/page-output';
import { startOutputThread } from '../../generator/output/output-thread';
import { MARK } from '../../generator/output/output-folder';
import { spareOf } from '../../generator/output/write-site';
import { snapshotDir, tempSite, type TempSite } from '../support/fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-output-thread-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function site(): Promise<TempSite> {
  const made = await tempSite('basic');
  cleanups.push(() => made.cleanup());
  return made;
}

/** The error a promise rejects with (one SiteError expected). */
async function rejection(promise: Promise<unknown>): Promise<SiteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  const [first] = siteErrorsOf(error);
  expect(first, `not a SiteError: ${String(error)}`).toBeDefined();
  return first!;
}

/** Whether a thread of this process waits in the open of a named pipe for the other end. */
async function threadInPipeOpen(): Promise<boolean> {
  const tasks = await readdir('/proc/self/task');
  const waits = await Promise.all(
    tasks.map((task) => readFile(`/proc/self/task/${task}/wchan`, 'utf8').catch(() => '')),
  );
  return waits.includes('wait_for_partner');
}

/** How many threads this process runs (a worker thread is one until it has ended). */
const threadsOfProcess = async () => (await readdir('/proc/self/task')).length;

describe('the output thread', () => {
  it('writes what it is given, in order, and gives back each size', async () => {
    const dir = await tempDir();
    const thread = startOutputThread({ dir });
    const shared = Buffer.from('<footer>é</footer>'); // a view of Node's pool, sent as its own bytes
    await thread.put({ file: 'a.html', contents: ['<p>a</p>', shared], source: 'a.md' });
    await thread.put({ file: 'b/index.html', contents: ['<p>ü</p>'], source: 'b.md' });
    expect(await thread.finish()).toEqual([8 + shared.length, 9]);
    expect(await readFile(path.join(dir, 'a.html'), 'utf8')).toBe('<p>a</p><footer>é</footer>');
    expect(await readFile(path.join(dir, 'b/index.html'), 'utf8')).toBe('<p>ü</p>');
  });

  it('fails with WriteFailed naming the file it could not write, and writes nothing after it', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'b'), 'a file where a folder is needed');
    const threads = await threadsOfProcess();
    const thread = startOutputThread({ dir });
    await thread.put({ file: 'a.html', contents: ['a'], source: 'a.md' });
    await thread.put({ file: 'b/index.html', contents: ['b'], source: 'pages/b.md' });
    await thread.put({ file: 'c.html', contents: ['c'], source: 'c.md' });
    const error = await rejection(thread.finish());
    expect(error).toMatchObject({ kind: 'WriteFailed', file: 'pages/b.md' });
    expect(error.message).toMatch(/^Could not write b\/index\.html/);
    expect((await readdir(dir)).sort()).toEqual(['a.html', 'b']);
    expect(await threadsOfProcess(), 'the thread has ended').toBe(threads);
  });

  it("gives the render's error once every page is written, or the thread's failure before it, and ends", async () => {
    const dir = await tempDir();
    const threads = await threadsOfProcess();
    const thread = startOutputThread({ dir });
    await thread.put({ file: 'a.html', contents: ['a'], source: 'a.md' });
    const render = new Error('a page failed to render');
    expect(await thread.failedWith(render).catch((error: unknown) => error)).toBe(render);
    expect(await readFile(path.join(dir, 'a.html'), 'utf8')).toBe('a');
    expect(await threadsOfProcess(), 'the thread has ended').toBe(threads);

    await writeFile(path.join(dir, 'b'), 'a file where a folder is needed');
    const failing = startOutputThread({ dir });
    await failing.put({ file: 'b/index.html', contents: ['b'], source: 'b.md' });
    expect(await rejection(failing.failedWith(render))).toMatchObject({ kind: 'WriteFailed', file: 'b.md' });
    expect(await threadsOfProcess(), 'the thread has ended').toBe(threads);
  });

  it('has put() waited for once 64 pages given are unwritten, until the thread has written most of them', async () => {
    const dir = await tempDir();
    execFileSync('mkfifo', [path.join(dir, 'held.html')]);
    const thread = startOutputThread({ dir });
    const puts: (void | Promise<void>)[] = [];
    puts.push(thread.put({ file: 'held.html', contents: ['held'], source: 'held.md' }));
    for (let i = 1; i < 64; i++) puts.push(thread.put({ file: `${i}.html`, contents: [`${i}`], source: `${i}.md` }));
    expect(puts.slice(0, 63).every((put) => put === undefined)).toBe(true);
    const waiting = puts[63];
    expect(waiting).toBeInstanceOf(Promise);
    let resumed = false;
    void waiting!.then(() => (resumed = true));
    while (!(await threadInPipeOpen())) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumed, 'put() resolved while the thread could write nothing').toBe(false);
    // A reader lets the held page through: the thread writes on, and the render with it.
    const reader = await open(path.join(dir, 'held.html'), 'r');
    await waiting;
    await reader.close();
    expect((await thread.finish()).length).toBe(64);
    expect(await readFile(path.join(dir, '63.html'), 'utf8')).toBe('63');
  });

  it('stop() resolves only once the thread has stopped, even in the middle of a write', async () => {
    const dir = await tempDir();
    // The thread's open of a named pipe waits for a reader: the thread is held inside that write.
    execFileSync('mkfifo', [path.join(dir, 'b.html')]);
    const thread = startOutputThread({ dir });
    await thread.put({ file: 'a.html', contents: ['a'], source: 'a.md' });
    await thread.put({ file: 'b.html', contents: ['b'], source: 'b.md' });
    await thread.put({ file: 'c.html', contents: ['c'], source: 'c.md' });
    // Waits for the state: a thread of this process held in a named pipe's open (Linux names where each thread sleeps).
    while (!(await threadInPipeOpen())) await new Promise((resolve) => setTimeout(resolve, 10));
    let stopped = false;
    const stopping = thread.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped, 'stop() resolved while the thread was still writing').toBe(false);
    // A reader lets the thread's open return; it stops there, before writing the page or the next one.
    const reader = await open(path.join(dir, 'b.html'), 'r');
    await stopping;
    await reader.close();
    expect(existsSync(path.join(dir, 'c.html'))).toBe(false);
  });
});

describe('a build that writes its pages on the output thread', () => {
  it('writes the same bytes, sizes in the same order and file list as one that writes on its own thread', async () => {
    const project = await site();
    const one = await project.build({ workers: 0, outDir: path.join(project.dir, 'one') });
    const two = await project.build({ workers: 1, outDir: path.join(project.dir, 'two') });
    const sizes = (build: typeof one) => build.outputs.map((o): [string, number] => [o.file, o.bytes]);
    // The pages in the order rendered; the other files (images made alongside, in the order they are ready), as a set.
    const pages = (build: typeof one) => sizes(build).filter(([file]) => file.endsWith('.html'));
    expect(pages(two)).toEqual(pages(one));
    expect(pages(one).length).toBeGreaterThan(2);
    expect(new Map(sizes(two))).toEqual(new Map(sizes(one)));
    expect(await snapshotDir(path.join(project.dir, 'two'))).toEqual(await snapshotDir(path.join(project.dir, 'one')));
    expect(await readFile(path.join(project.dir, 'two', MARK), 'utf8')).toBe(
      await readFile(path.join(project.dir, 'one', MARK), 'utf8'),
    );
  });

  it('fails with the WriteFailed of a page it cannot write, and leaves the previous output as it was', async () => {
    const project = await site();
    await project.build({ workers: 1 });
    const before = await snapshotDir(project.outDir);
    const threads = await threadsOfProcess();
    // The recycled staging folder holds a file where a page needs a folder (errors.test.ts does the same on one thread).
    const spare = spareOf(project.outDir);
    await rm(spare, { recursive: true, force: true });
    await mkdir(spare, { recursive: true });
    await writeFile(path.join(spare, 'services'), 'in the way');
    await writeFile(path.join(spare, MARK), JSON.stringify({ generator: 'site', files: ['services'] }));
    const error = await rejection(project.build({ workers: 1 }));
    expect(error).toMatchObject({ kind: 'WriteFailed', file: expect.stringMatching(/services[\\/]\w+\.md$/) });
    expect(error.message).toMatch(/^Could not write services\//);
    expect(await snapshotDir(project.outDir)).toEqual(before);
    // The output thread ended before the build gave its staging folder up (Site.apply waits for it).
    expect(await threadsOfProcess()).toBe(threads);
    // The staging folder went back to being the spare, every file in it listed in its mark.
    const left = await readdir(project.dir);
    expect(left.filter((name) => name.includes('.tmp-'))).toEqual([]);
    const mark = JSON.parse(await readFile(path.join(spare, MARK), 'utf8')) as { files: string[] };
    const inSpare = (await readdir(spare, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name !== MARK)
      .map((entry) => path.relative(spare, path.join(entry.parentPath, entry.name)));
    expect(inSpare.sort()).toEqual([...mark.files].sort());
  });
});

describe('which builds write on the output thread', () => {
  const routes = new Set(Array.from({ length: 500 }, (_, i) => `/page-${i}`));
  const plain = { theme: { search: false } } as never;
  const none = { recycled: new Set<string>() };

  it('a build creating 500 page files or more, by default; with workers asked for, two or more', () => {
    expect(writesOnThread(plain, none, routes, outputPlan())).toBe(true);
    expect(writesOnThread(plain, none, new Set([...routes].slice(1)), outputPlan())).toBe(false);
    expect(writesOnThread(plain, none, new Set(['/a', '/b']), outputPlan(1))).toBe(true);
    expect(writesOnThread(plain, none, new Set(['/a']), outputPlan(1))).toBe(false);
  });

  it('not one that writes its pages over those of the folder it recycles, nor with search, nor with workers 0', () => {
    const recycled = { recycled: new Set([...routes].slice(1).map((route) => `${route.slice(1)}.html`)) };
    expect(writesOnThread(plain, recycled, routes, outputPlan(1))).toBe(false);
    expect(writesOnThread({ theme: { search: true } } as never, none, routes, outputPlan())).toBe(false);
    expect(writesOnThread(plain, none, routes, outputPlan(0))).toBe(false);
  });
});
