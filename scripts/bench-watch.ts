/**
 * Measures the watch loop on the real site (in a temporary copy): the full
 * initial start of `site watch` (process start to serving), and the time
 * from saving a page or a template to the updated file in the output folder,
 * median of 20 edits each. Prints figures; passes or fails nothing.
 * Usage: npm run bench:watch
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { silentLogger } from '../generator/logger';
import { startWatch } from '../generator/watch';
import { tempProject } from './lib/temp-project';

const EDITS = 20;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)})`;

export async function coldStart(root: string): Promise<number> {
  const started = performance.now();
  const child = spawn('node', ['bin/site.js', 'watch', '--port', '0'], { cwd: root });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Serving at') && resolve());
    child.on('exit', (code) => reject(new Error(`site watch exited with ${code}`)));
  });
  const ms = performance.now() - started;
  child.kill('SIGINT');
  await new Promise((resolve) => child.on('exit', resolve));
  return ms;
}

/** Saves `file` with a new version of its text and waits until `output` reflects it. */
export async function timedEdits(root: string, file: string, output: string, edit: (text: string, n: number) => string, marker: (n: number) => string): Promise<number[]> {
  let done: (() => void) | undefined;
  const watching = await startWatch({ root, port: 0, logger: silentLogger, onRebuild: () => done?.() });
  const original = await readFile(path.join(root, file), 'utf8');
  const times: number[] = [];
  try {
    for (let n = 1; n <= EDITS; n++) {
      const rebuilt = new Promise<void>((resolve) => (done = resolve));
      const start = performance.now();
      await writeFile(path.join(root, file), edit(original, n));
      await rebuilt;
      const html = await readFile(path.join(root, 'dist', output), 'utf8');
      times.push(performance.now() - start);
      if (!html.includes(marker(n))) throw new Error(`${output} does not show edit ${n}`);
    }
  } finally {
    await writeFile(path.join(root, file), original);
    await watching.close();
  }
  return times;
}

export async function measureWatch(): Promise<{ start: number; page: number[]; template: number[] }> {
  const project = await tempProject();
  try {
    await coldStart(project.root); // warm the compile caches, as a developer's second start would be
    const start = await coldStart(project.root);
    const page = await timedEdits(project.root, 'pages/about.md', 'about.html', (t, n) => t.replace(/^description: (.*)$/m, `description: $1 Edit ${n}.`), (n) => ` Edit ${n}.`);
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
