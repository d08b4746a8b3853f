/**
 * `site watch` says "Serving at" only once its watchers have read the folders: a user (or a script) who saves a file
 * the moment it says so has the edit built and served. Before, the line came before chokidar had finished its first
 * scan, and on a project of some thousands of files a save in that window was never seen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliProject, type CliProject, type TestSite } from '../support/cli-project';
import { REPO } from '../support/fixture';

vi.setConfig({ testTimeout: 240_000 });

let project: CliProject;
let site: TestSite;
let watch: ChildProcess;
let exited = false;
let stdout = '';
let stderr = '';
let savedAtServing: Promise<void> | undefined;

beforeAll(async () => {
  project = await cliProject();
  site = await project.site();
  // Files enough that chokidar's first scan takes a while.
  const bulk = path.join(site.pagesDir, 'public', 'bulk');
  await mkdir(bulk, { recursive: true });
  await Promise.all(Array.from({ length: 4000 }, (_, i) => writeFile(path.join(bulk, `file-${i}.txt`), `${i}\n`)));
  const about = path.join(site.pagesDir, 'about.md');
  const text = await readFile(about, 'utf8');
  watch = spawn(process.execPath, [path.join(REPO, 'bin/site.js'), 'watch', '--pages', site.pagesDir, '--port', '0'], {
    cwd: project.root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  watch.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    // Saved the moment the line is read, as a script waiting for it would.
    if (!savedAtServing && stdout.includes('Serving at'))
      savedAtServing = writeFile(about, text.replace('We exist to be built in tests.', 'Saved at serving time.'));
  });
  watch.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  watch.once('exit', () => (exited = true));
}, 120_000);

afterAll(async () => {
  if (watch && !exited) {
    const gone = new Promise((resolve) => watch.once('exit', resolve));
    watch.kill('SIGINT');
    await gone;
  }
  await project?.cleanup();
});

describe('site watch, as it says it serves', () => {
  it('builds and serves a file saved the moment it says "Serving at"', async () => {
    await expect
      .poll(() => (exited ? `exited: ${stderr}` : savedAtServing && 'saved'), { timeout: 120_000 })
      .toBe('saved');
    await savedAtServing;
    const url = /Serving at (\S+)/.exec(stdout)![1]!;
    await expect
      .poll(async () => (exited ? `exited: ${stderr}` : (await fetch(`${url}/about`)).text()), {
        timeout: 30_000,
        interval: 200,
      })
      .toContain('Saved at serving time.');
  });
});
