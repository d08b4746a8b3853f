/** The CLI as a user runs it: help, version, exit codes and error output. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, tempSite, type TempSite } from '../support/fixture';

const run = (...args: string[]) => runIn(REPO, ...args);
const runIn = async (cwd: string, ...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', [`${REPO}/bin/site.js`, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

let site: TempSite;
beforeAll(async () => {
  site = await tempSite('basic');
});
afterAll(() => site.cleanup());

describe('site CLI', () => {
  it('prints help and the version', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: site \[options\] \[command\]/);
    expect(help.stdout).toMatch(/build \[options\]/);
    const buildHelp = await run('build', '--help');
    expect(buildHelp.stdout).toMatch(/--out <dir>\s+\[string\] output directory \(default: "dist"\)/);
    const version = await run('--version');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 2 on bad usage', async () => {
    expect((await run('build', '--nope')).code).toBe(2);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('build', '--quiet', '--verbose')).code).toBe(2);
  });

  it('builds a site and reports outputs with gzip sizes and the total time', async () => {
    const result = await run('build', '--pages', site.pagesDir, '--out', site.outDir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^HTML \(5 files\)/m);
    expect(result.stdout).toMatch(/gzip:/);
    expect(result.stdout).toMatch(/5 pages written to .* built in \d+ ms/);
    expect(result.stderr).toMatch(/warning: PlannedRouteLinked: 1 planned route has no page yet.*\/press/);
  });

  it('prints only errors with --quiet', async () => {
    const result = await run('build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('goes on quietly when its reader closes the pipe early (site watch --help | head -1)', async () => {
    const { spawn } = await import('node:child_process');
    /** Runs `site ...args` with its output read by nobody: the pipe closed before it prints a word. */
    const withClosedPipe = (...args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn('node', [`${REPO}/bin/site.js`, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.destroy();
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => resolve({ code, stderr }));
      });
    expect(await withClosedPipe('watch', '--help')).toEqual({ code: 0, stderr: '' });
    // A build whose report nobody reads still finishes and commits its output.
    await rm(site.outDir, { recursive: true, force: true });
    const built = await withClosedPipe('build', '--pages', site.pagesDir, '--out', site.outDir);
    expect(built.code).toBe(0);
    expect(built.stderr).not.toMatch(/EPIPE/);
    expect(await readdir(site.outDir)).toContain('index.html');
  });

  // CI relies on the exit code: a check that finds a broken link must fail the job.
  it('exits 1 from site check when the output has a broken link', async () => {
    expect((await run('build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir)).code).toBe(0);
    expect((await run('check', '--no-build', '--pages', site.pagesDir, '--out', site.outDir)).code).toBe(0);
    const page = path.join(site.outDir, 'about.html');
    const { readFile } = await import('node:fs/promises');
    await writeFile(page, (await readFile(page, 'utf8')).replace('</main>', '<a href="/nowhere">x</a></main>'));
    const broken = await run('check', '--no-build', '--pages', site.pagesDir, '--out', site.outDir);
    expect(broken.stdout).toMatch(/broken/);
    expect(broken.code).toBe(1);
  });

  it('names the output folder site check --no-build finds missing, and the flag that names it', async () => {
    const missing = path.join(site.dir, 'not-built');
    const result = await run('check', '--no-build', '--pages', site.pagesDir, '--out', missing);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /✖ NoBuiltSiteToCheck: No built site to check\n {2}at .*not-built \(field: --out\)\n/,
    );
    expect(result.stderr).toContain('it does not exist');
    expect(result.stderr).toContain('--out');
    expect(result.stderr).not.toContain('--dir');
  });

  it('exits 1 with a readable error, and the stack only with --verbose', async () => {
    await site.edit('about.md', 'keywords:', 'keywrods:');
    const result = await run('build', '--pages', site.pagesDir, '--out', site.outDir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /✖ UnknownFrontmatterKey: Unknown frontmatter key\n {2}at .*about\.md:4 \(field: keywrods\)/,
    );
    expect(result.stderr).toMatch(/hint: /);
    expect(result.stderr).not.toMatch(/\n\s+at .*\.ts:\d+/);
    const verbose = await run('build', '--verbose', '--pages', site.pagesDir, '--out', site.outDir);
    expect(verbose.stderr).toMatch(/\.ts:\d+/);
  });

  it('run in a folder that is not a project, exits 1 and leaves the folder as it was (no cache, no output)', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'not-a-project-'));
    try {
      await writeFile(path.join(folder, 'notes.txt'), "a file of the user's\n");
      const result = await runIn(folder, 'build');
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/MissingPagesFolder/);
      expect(await readdir(folder)).toEqual(['notes.txt']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('a site of many pages', () => {
  /** The CLI in `folder` under a limit of `files` open files (macOS's default is 256). */
  const runLimited = (folder: string, files: number, args: string) =>
    promisify(execFile)('bash', ['-c', `ulimit -n ${files} && exec node ${REPO}/bin/site.js ${args}`], {
      cwd: folder,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string; stderr: string }) => error);

  it('builds with --verbose and passes site check without running out of file handles', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'many-pages-'));
    try {
      await mkdir(path.join(folder, 'pages'));
      await writeFile(path.join(folder, 'pages/site.yml'), 'name: Many\nbaseUrl: https://many.example.org\n');
      for (let i = 1; i <= 600; i++)
        await writeFile(path.join(folder, `pages/p${i}.md`), `# Page ${i}\n\nOne page of many.\n`);
      // The report read every written file back at once, and failed with EMFILE after the build had put its output
      // in place (45,789 pages of tldr-pages under Linux's usual limit of 20,000).
      const built = await runLimited(folder, 128, 'build --verbose');
      expect(built.stderr).not.toMatch(/EMFILE|✖/);
      expect(built.stdout).toMatch(/ {2}p600\.html +[\d.]+ kB │ gzip: +[\d.]+ kB/);
      // And the home page the build makes for a site without one, listing them.
      expect(built.stdout).toContain('601 pages written to dist/');
      // site check read every page at once to find the pages that link to a missing #fragment.
      const checked = await runLimited(folder, 256, 'check --no-build');
      expect(checked.stderr).not.toMatch(/EMFILE|✖/);
      expect(checked.stdout).toMatch(/checked \d+ links on 601 pages/);
      expect(checked.stdout).toContain('no broken links');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('site watch', () => {
  it('starts, serves, and exits 0 on Ctrl-C', async () => {
    await site.edit('about.md', 'keywrods:', 'keywords:');
    const { spawn } = await import('node:child_process');
    const child = spawn('node', [`${REPO}/bin/site.js`, 'watch', '--pages', site.pagesDir, '--port', '0'], {
      cwd: REPO,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 20_000 }).toMatch(/Serving at http:\/\/127\.0\.0\.1:\d+/);
    const url = output.match(/Serving at (http:\/\/\S+)/)![1]!;
    expect((await fetch(`${url}/about`)).status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  });
});
