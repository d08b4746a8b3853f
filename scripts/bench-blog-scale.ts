/**
 * The example blog at scale, as a writer meets it, each figure from processes of its own: `site build` (time from
 * spawn to exit, peak RSS, the output's size on disk), then `site watch` (time from spawn to "Serving at", a post's
 * title saved and the time until the served post has it, median of several edits, and the watch's peak RSS), with one
 * tag for every ten posts (2,000 tags at 20,000 posts, where the tag list is what grows); beside them `node -e 0`, a
 * bare Node start; and `site check --no-build` of the build's output (spawn to exit, peak RSS). With --engine, each size runs each checkout in turn (its bin/site.js with its lib/ compiled, and
 * its examples/blog/), so that two versions are compared side by side in one run; --skip-check leaves `site check` out
 * (minutes at 10,000 posts), for a run about the build and watch alone. Prints figures; passes or fails nothing. Run
 * alone:
 *   npx tsx scripts/bench-blog-scale.ts [--sizes 1000,10000,20000] [--engine <checkout> ...] [--skip-check]
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { blogSite } from './bench-blog';
import { REPO } from './lib/temp-project';
import { measuredNode, readRssMb, rssFileOf, timedNode } from './lib/timed-node';

const EDITS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface BlogScaleRun {
  engine: string;
  posts: number;
  tags: number;
  buildMs: number;
  buildRssMb: number;
  outputMb: number;
  watchStartMs: number;
  watchRssMb: number;
  editMs: number[];
  /** Each edit's update as site watch logs it: from the update's start to its pages written (no watcher, no server). */
  updateMs: number[];
  /** Left out (NaN) with --skip-check. */
  checkMs: number;
  checkRssMb: number;
}

/** The wall time of `node -e 0`, median of 7: the floor of any process the writer waits for. */
export async function bareNodeMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const at = performance.now();
    await new Promise((resolve) => spawn('node', ['-e', '0'], { stdio: 'ignore' }).on('exit', resolve));
    times.push(performance.now() - at);
  }
  return median(times);
}

/** `node <engine>/bin/site.js <args>` in `root`, reporting its peak RSS into `rssFile` at exit. */
const siteProcess = (engine: string, root: string, args: string[], rssFile: string) =>
  measuredNode([path.join(engine, 'bin/site.js'), ...args], root, rssFile);

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

/** `site <args>` in `root`, from spawn to exit, and its peak RSS; throws when it fails. */
const timedCommand = (engine: string, root: string, args: string[]) =>
  timedNode([path.join(engine, 'bin/site.js'), ...args], root);

export async function measureBlogScale(posts: number, engine = REPO, check = true): Promise<BlogScaleRun> {
  const tags = Math.max(1, Math.round(posts / 10));
  const root = await blogSite(posts, tags, engine);
  try {
    const { ms: buildMs, rssMb: buildRssMb } = await timedCommand(engine, root, ['build', '--quiet']);
    const outputMb = (await folderBytes(path.join(root, 'dist'))) / 1024 / 1024;
    const { ms: checkMs, rssMb: checkRssMb } = check
      ? await timedCommand(engine, root, ['check', '--no-build'])
      : { ms: NaN, rssMb: NaN };
    // The watch starts as a writer's would after a build: the cache in place.
    const watchRss = rssFileOf();
    const { startMs, editMs, updateMs } = await watchEdits(engine, root, posts, watchRss);
    return {
      engine,
      posts,
      tags,
      buildMs,
      buildRssMb,
      outputMb,
      watchStartMs: startMs,
      watchRssMb: await readRssMb(watchRss),
      editMs,
      updateMs,
      checkMs,
      checkRssMb,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Whether each edit waits for the last update to be whole (`--after-idle`): else edits follow each other at once. */
let IDLE = false;

/** `site watch` started, then EDITS title edits of the middle post, each timed until the server serves it. */
async function watchEdits(engine: string, root: string, posts: number, rssFile: string) {
  const started = performance.now();
  // --verbose: the watch logs each update's steps once the whole update is done (its search index and content store
  // after its pages), which IDLE waits for.
  const child = siteProcess(engine, root, ['watch', '--port', '0', ...(IDLE ? ['--verbose'] : [])], rssFile);
  let text = '';
  let notify = () => {};
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    notify();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const url = await Promise.race([
      new Promise<string>((resolve) => {
        notify = () => {
          const found = /Serving at (\S+)/.exec(text);
          if (found) resolve(found[1]!.replace(/\/$/, ''));
        };
      }),
      exited.then(() => Promise.reject(new Error(`site watch exited:\n${text}`))),
    ]);
    const startMs = performance.now() - started;
    const name = `post-${Math.ceil(posts / 2)}`;
    const file = path.join(root, `pages/blog/${name}.md`);
    // The watcher reports itself ready a moment after the server: an edit before that is not seen.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const editMs: number[] = [];
    const updateMs: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const title = `Edited title ${i}`;
      const source = (await readFile(file, 'utf8')).replace(/^title: .*$/m, `title: "${title}"`);
      const logged = text.length;
      const at = performance.now();
      await writeFile(file, source);
      for (;;) {
        const page = await fetch(`${url}/blog/${name}`).then((response) => response.text());
        if (page.includes(`<h1 id="page-title">${title}</h1>`)) break;
        if (performance.now() - at > 120_000) throw new Error(`not served in two minutes:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      editMs.push(performance.now() - at);
      // The update's own time, as site watch logs it once its pages are written ("… → /blog/… in 63 ms").
      for (;;) {
        const found = / in (\d+) ms/.exec(text.slice(logged));
        if (found) {
          updateMs.push(Number(found[1]));
          break;
        }
        if (performance.now() - at > 120_000) throw new Error(`no update logged in two minutes:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      // The next edit after this one's update is whole, as a writer's next save comes seconds later; else it comes
      // while the search index of this one is made.
      while (IDLE && !/^ {2}\w+ [\d.]+ ms, /m.test(text.slice(logged))) {
        if (performance.now() - at > 120_000) throw new Error(`update not done in two minutes:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    return { startMs, editMs, updateMs };
  } finally {
    child.kill('SIGINT');
    await exited;
  }
}

export const blogScaleHeader = `${'engine'.padEnd(14)} ${'posts'.padStart(6)} ${'tags'.padStart(5)} ${'build'.padStart(9)} ${'peak RSS'.padStart(9)} ${'output'.padStart(9)} ${'watch start'.padStart(12)} ${'watch RSS'.padStart(10)} ${'edit served'.padStart(12)} ${'update'.padStart(7)} ${'check'.padStart(9)} ${'check RSS'.padStart(10)}   edits (served/update)`;

export const formatBlogScaleRun = (run: BlogScaleRun) =>
  `${path.basename(run.engine).padEnd(14)} ${String(run.posts).padStart(6)} ${String(run.tags).padStart(5)} ${`${(run.buildMs / 1000).toFixed(1)} s`.padStart(9)} ${`${run.buildRssMb.toFixed(0)} MB`.padStart(9)} ${`${run.outputMb.toFixed(0)} MB`.padStart(9)} ${`${(run.watchStartMs / 1000).toFixed(1)} s`.padStart(12)} ${`${run.watchRssMb.toFixed(0)} MB`.padStart(10)} ${`${median(run.editMs).toFixed(0)} ms`.padStart(12)} ${`${median(run.updateMs).toFixed(0)} ms`.padStart(7)} ${(Number.isNaN(run.checkMs) ? '-' : `${(run.checkMs / 1000).toFixed(1)} s`).padStart(9)} ${(Number.isNaN(run.checkRssMb) ? '-' : `${run.checkRssMb.toFixed(0)} MB`).padStart(10)}   ${run.editMs.map((ms, i) => `${ms.toFixed(0)}/${run.updateMs[i]}`).join(', ')}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,10000,20000' },
      engine: { type: 'string', multiple: true },
      'skip-check': { type: 'boolean', default: false },
      'after-idle': { type: 'boolean', default: false },
    },
  });
  IDLE = values['after-idle']!;
  const engines = (values.engine ?? [REPO]).map((engine) => path.resolve(engine));
  console.log(`node -e 0: ${(await bareNodeMs()).toFixed(0)} ms`);
  console.log(blogScaleHeader);
  for (const posts of values.sizes!.split(',').map(Number))
    for (const engine of engines)
      console.log(formatBlogScaleRun(await measureBlogScale(posts, engine, !values['skip-check'])));
  console.log(`node -e 0: ${(await bareNodeMs()).toFixed(0)} ms`);
}
