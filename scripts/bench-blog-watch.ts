/**
 * The edit-to-served time of a post title edit in `site watch` on the example blog (examples/blog/) with N posts, as a
 * writer meets it: `node bin/site.js watch` in its own process, a post's title saved, then the time until the served
 * post page has the new title (asked over HTTP until it does), median of several edits; with the pages the watch
 * re-rendered for the edit, as its log line names them. Prints figures; passes or fails nothing. Run alone:
 *   npx tsx scripts/bench-blog-watch.ts 1000
 */
import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { blogSite } from './bench-blog';
import { REPO } from './lib/temp-project';

const EDITS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface BlogWatchRun {
  posts: number;
  startMs: number;
  servedMs: number[];
  /** The routes the watch re-rendered for the last edit, from its log line. */
  rerendered: string[];
}

export async function measureBlogWatch(posts: number): Promise<BlogWatchRun> {
  const root = await blogSite(posts);
  const started = performance.now();
  const child = spawn('node', [path.join(REPO, 'bin/site.js'), 'watch', '--port', '0'], { cwd: root });
  const lines: string[] = [];
  let partial = '';
  let notify = () => {};
  child.stdout.on('data', (chunk: Buffer) => {
    const all = (partial + chunk.toString()).split('\n');
    partial = all.pop()!;
    lines.push(...all);
    notify();
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const died = exited.then(() => {
    throw new Error(`site watch exited:\n${lines.join('\n')}`);
  });
  died.catch(() => undefined); // raced below, while the watch runs
  /** The next log line (from `from` on) that matches. */
  const lineMatching = (from: number, match: RegExp) =>
    Promise.race([
      new Promise<string>((resolve) => {
        const look = () => {
          const found = lines.slice(from).find((line) => match.test(line));
          if (found !== undefined) resolve(found);
        };
        notify = look;
        look();
      }),
      died,
    ]);
  try {
    const serving = await lineMatching(0, /Serving at /);
    const startMs = performance.now() - started;
    const url = /Serving at (\S+)/.exec(serving)![1]!.replace(/\/$/, '');
    const name = `post-${Math.ceil(posts / 2)}`;
    const file = path.join(root, `pages/blog/${name}.md`);
    // The watcher reports itself ready a moment after the server: an edit before that is not seen.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const servedMs: number[] = [];
    let rerendered: string[] = [];
    for (let i = 0; i < EDITS; i++) {
      const title = `Edited title ${i}`;
      const before = lines.length;
      const text = (await readFile(file, 'utf8')).replace(/^title: .*$/m, `title: "${title}"`);
      const at = performance.now();
      await writeFile(file, text);
      // Served: the post page, as a browser asks for it, has the new title.
      for (;;) {
        const page = await fetch(`${url}/blog/${name}`).then((response) => response.text());
        if (page.includes(`<h1 id="page-title">${title}</h1>`)) break;
        if (performance.now() - at > 60_000) throw new Error(`not served in a minute:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      servedMs.push(performance.now() - at);
      const logged = await lineMatching(before, / → /);
      rerendered = logged
        .replace(/^.* → /, '')
        .replace(/ in \d+ ms.*$/, '')
        .split(', ');
    }
    return { posts, startMs, servedMs, rerendered };
  } finally {
    child.kill('SIGINT');
    await exited;
    await rm(root, { recursive: true, force: true });
  }
}

export const formatBlogWatchRun = (run: BlogWatchRun) =>
  [
    `${run.posts} posts: site watch serving in ${(run.startMs / 1000).toFixed(1)} s; a post title edit served in ${median(run.servedMs).toFixed(0)} ms (median of ${run.servedMs.length}; min ${Math.min(...run.servedMs).toFixed(0)}, max ${Math.max(...run.servedMs).toFixed(0)})`,
    `  re-rendered (${run.rerendered.length}): ${run.rerendered.join(', ')}`,
  ].join('\n');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const posts of (process.argv[2] ?? '1000').split(',').map(Number))
    console.log(formatBlogWatchRun(await measureBlogWatch(posts)));
}
