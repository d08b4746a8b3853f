/**
 * Measures the watch loop on the real site (in a temporary copy), as a
 * developer runs it: `node bin/site.js watch` in its own process. It times the
 * initial start (process start to serving) and, median of 20 edits each, the
 * time from saving a page or a template to the rebuild being written and
 * announced (the watcher's log line), then checks the output shows the edit.
 * Prints figures; passes or fails nothing. Usage: npm run bench:watch
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempProject } from './lib/temp-project';

const EDITS = 20;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)})`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `site watch` in a new process, resolved once it serves; `line(match)` waits for its next log line that matches. */
async function startWatchProcess(root: string) {
  const child: ChildProcessWithoutNullStreams = spawn('node', ['bin/site.js', 'watch', '--port', '0'], { cwd: root });
  let waiting: { match: (line: string) => boolean; resolve: () => void } | undefined;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const lines = output.split('\n');
    output = lines.pop()!;
    for (const line of lines) if (waiting?.match(line)) waiting.resolve();
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const line = (match: (line: string) => boolean) => new Promise<void>((resolve) => (waiting = { match, resolve }));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await Promise.race([
    line((l) => l.includes('Serving at')),
    exited.then(() => Promise.reject(new Error('site watch exited before serving'))),
  ]);
  return {
    line,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}

export async function coldStart(root: string): Promise<number> {
  const started = performance.now();
  const watching = await startWatchProcess(root);
  const ms = performance.now() - started;
  await watching.stop();
  return ms;
}

/** Saves `file` with a new version of its text, waits for the rebuild's log line, and checks `output` reflects it. */
export async function timedEdits(
  root: string,
  file: string,
  output: string,
  edit: (text: string, n: number) => string,
  marker: (n: number) => string,
): Promise<number[]> {
  const watching = await startWatchProcess(root);
  const original = await readFile(path.join(root, file), 'utf8');
  const times: number[] = [];
  try {
    for (let n = 1; n <= EDITS; n++) {
      await pause(100); // edits a moment apart, as a person makes them: each is its own rebuild
      const rebuilt = watching.line((l) => l.includes(`${file} →`) || l.includes('build failed'));
      const start = performance.now();
      await writeFile(path.join(root, file), edit(original, n));
      await rebuilt;
      times.push(performance.now() - start);
      const html = await readFile(path.join(root, 'dist', output), 'utf8');
      if (!html.includes(marker(n))) throw new Error(`${output} does not show edit ${n}`);
    }
  } finally {
    await writeFile(path.join(root, file), original);
    await watching.stop();
  }
  return times;
}

export async function measureWatch(): Promise<{ start: number; page: number[]; template: number[] }> {
  const project = await tempProject();
  try {
    await coldStart(project.root); // warm the compile caches, as a developer's second start would be
    const start = await coldStart(project.root);
    const page = await timedEdits(
      project.root,
      'pages/about.md',
      'about.html',
      (t, n) => t.replace(/^description: (.*)$/m, `description: $1 Edit ${n}.`),
      (n) => ` Edit ${n}.`,
    );
    const template = await timedEdits(
      project.root,
      'templates/layout/Footer.tsx',
      'careers.html',
      (t, n) => t.replace('All rights reserved.', `All rights reserved (${n}).`),
      (n) => `All rights reserved (${n}).`,
    );
    return { start, page, template };
  } finally {
    await project.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { start, page, template } = await measureWatch();
  console.log(`site watch, real site (${EDITS} edits each)`);
  console.log(`  initial start (process to serving): ${start.toFixed(0)} ms   target < 1500 ms`);
  console.log(`  page edit → updated output:        ${fmt(page)}   target < 50 ms`);
  console.log(`  template edit → updated output:    ${fmt(template)}   target < 300 ms`);
}
