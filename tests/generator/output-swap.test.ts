/**
 * The output swap survives a kill at every instant. A child process writes a site through writeSite and kills
 * itself (SIGKILL) just before one step of the swap (tests/support/swap-child.ts); after each kill, the output
 * folder holds a complete site, old or new, or is absent only between the two renames of the swap,
 * and then the very next command (build, serve) puts the finished new site in place before anything else,
 * and says so. Whatever the kill left, the build after it succeeds and leaves no staging folder.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../generator/core/build';
import type { Logger } from '../../generator/base/logger';
import { silentLogger } from '../../generator/base/logger';
import { startWatch } from '../../generator/dev/watch';
import { serve } from '../../generator/dev/serve';
import { MARK, readMark, restoreOutput } from '../../generator/output/output-folder';
import { spareOf, writeSite, type SwapStep } from '../../generator/output/write-site';
import { REPO } from '../support/fixture';
import { tempProject, type TempProject } from '../support/project';

vi.setConfig({ testTimeout: 120_000 });

const OLD = { 'index.html': 'old home', 'a/old.html': 'old page' };
const NEW = { 'index.html': 'new home', 'b/new.html': 'new page', 'b/c/deep.html': 'deep' };
const NEWER = { 'index.html': 'newer home' };
const STEPS: SwapStep[] = ['claim', 'write', 'prune', 'ready', 'clear-spare', 'old-aside', 'new-in-place', 'final'];

let dir: string | undefined;
let project: TempProject | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  await project?.cleanup();
  dir = project = undefined;
});

/** Writes `files` as a site into `out` in a child process that kills itself just before `step`; resolves on its death. */
async function killedAt(out: string, step: SwapStep, files: Record<string, string>): Promise<void> {
  const { signal, stderr } = await swapChild(out, step, files);
  expect(signal, `the child was killed at ${step}; stderr:\n${stderr}`).toBe('SIGKILL');
}

/** Runs tests/support/swap-child.ts: how it ended, and what it printed. */
async function swapChild(
  out: string,
  step: SwapStep,
  files: Record<string, string>,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO, 'tests/support/swap-child.ts'), out, step, JSON.stringify(files)],
    { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stderr })));
}

/** The site in `out` as its files and contents (the mark aside), or undefined when there is no output folder. */
async function siteIn(out: string): Promise<Record<string, string> | undefined> {
  if (!existsSync(out)) return undefined;
  const entries = await readdir(out, { recursive: true, withFileTypes: true });
  const site: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.relative(out, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (file !== MARK) site[file] = await readFile(path.join(out, file), 'utf8');
  }
  return site;
}

const stagingFolders = async (parent: string) => (await readdir(parent)).filter((n) => n.startsWith('.dist.tmp-'));

/** An output folder holding OLD, its spare holding an earlier site: a project after two builds. */
async function builtTwice(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'swap-'));
  const out = path.join(dir, 'dist');
  await writeSite(out, new Map([['index.html', 'first']]));
  await writeSite(out, new Map(Object.entries(OLD)));
  return out;
}

describe('a build killed at each step of its swap', () => {
  for (const step of STEPS) {
    const gap = step === 'new-in-place';
    it(`before ${step}: the output folder ${gap ? 'is missing, and the next command restores it' : 'holds a whole site'}; the build after succeeds`, async () => {
      const out = await builtTwice();
      await killedAt(out, step, NEW);
      const left = await siteIn(out);
      const expected = gap ? undefined : step === 'final' ? NEW : OLD;
      expect(left, 'what the kill left in the output folder').toEqual(expected);

      const notes = await restoreOutput(out);
      if (left === undefined) {
        expect(notes.map((n) => n.kind)).toEqual(['OutputRestored']);
        expect(notes[0]!.message).toMatch(/was missing: a build \(process \d+\) was killed/);
        expect(await siteIn(out), 'the finished site was put in place').toEqual(NEW);
        expect((await readMark(out))?.staging, 'its mark is an output mark').toBeUndefined();
      } else {
        expect(notes, 'an output folder that exists is left as it is').toEqual([]);
        expect(await siteIn(out)).toEqual(left);
      }

      await writeSite(out, new Map(Object.entries(NEWER)));
      expect(await siteIn(out)).toEqual(NEWER);
      expect(await stagingFolders(dir!), 'no staging folder is left behind').toEqual([]);
      expect(await siteIn(spareOf(out)), 'the site it replaced is the spare').toEqual(left ?? NEW);
    });
  }
});

describe('restoreOutput moves in only a finished staging folder this engine made', () => {
  it('leaves alone a running build, a folder missing a listed file, one with a file not listed, and one not ready', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'swap-'));
    const out = path.join(dir, 'dist');
    const dead = await deadPid();
    const host = os.hostname();
    const staged = async (name: string, mark: object, files: Record<string, string>) => {
      const folder = path.join(dir!, name);
      await mkdir(folder);
      for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text);
      await writeFile(path.join(folder, MARK), JSON.stringify({ generator: 'site', ...mark }));
    };
    const ready = (pid: number) => ({ staging: { pid, host, ready: true } });
    await staged(`.dist.tmp-${process.pid}-9`, { files: ['a.html'], ...ready(process.pid) }, { 'a.html': 'running' });
    await staged(`.dist.tmp-${dead}-8`, { files: ['a.html', 'b.html'], ...ready(dead) }, { 'a.html': 'short' });
    await staged(`.dist.tmp-${dead}-7`, { files: ['a.html'], ...ready(dead) }, { 'a.html': 'x', 'mine.txt': 'mine' });
    await staged(`.dist.tmp-${dead}-6`, { files: ['a.html'], staging: { pid: dead, host } }, { 'a.html': 'half' });
    await staged(`.dist.tmp-${dead}-5`, { files: ['a.html'], ...ready(dead + 1) }, { 'a.html': 'other pid' });
    await staged(`.dist.tmp-${dead}-4`, { files: ['a.html'] }, { 'a.html': 'a copy' });
    const before = (await readdir(dir)).sort();
    expect(await restoreOutput(out)).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(before);
    // The newest of the dead build's finished folders is the one restored.
    await staged(`.dist.tmp-${dead}-3`, { files: ['a.html'], ...ready(dead) }, { 'a.html': 'older' });
    await staged(`.dist.tmp-${dead}-10`, { files: ['a.html'], ...ready(dead) }, { 'a.html': 'finished' });
    expect((await restoreOutput(out)).map((n) => n.kind)).toEqual(['OutputRestored']);
    expect(await siteIn(out)).toEqual({ 'a.html': 'finished' });
  });
});

describe('the next command after a kill between the two renames', () => {
  const logged = () => {
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (m) => warnings.push(m) };
    return { warnings, logger };
  };

  async function killedProject(): Promise<string> {
    project = await tempProject();
    const out = project.file('dist');
    await build({ root: project.root, outDir: out, cacheDir: project.file('cache'), logger: silentLogger });
    await killedAt(out, 'new-in-place', NEW);
    expect(existsSync(out)).toBe(false);
    return out;
  }

  it('site build restores the output folder first, and says so, even when it then fails', async () => {
    const out = await killedProject();
    await writeFile(project!.file('pages/site.yml'), 'name: [not yaml\n');
    const { warnings, logger } = logged();
    const failed = await build({ root: project!.root, outDir: out, cacheDir: project!.file('cache'), logger }).then(
      () => false,
      () => true,
    );
    expect(failed, 'the broken site.yml fails the build').toBe(true);
    expect(warnings.join('\n')).toMatch(/^OutputRestored: \S*dist was missing/m);
    expect(await siteIn(out)).toEqual(NEW);
  });

  it('site watch leaves the output folder to the build: it writes a folder of its own, and restores nothing', async () => {
    const out = await killedProject();
    const staged = await stagingFolders(project!.root);
    const { warnings, logger } = logged();
    const watching = await startWatch({ root: project!.root, port: 0, logger, cacheDir: project!.file('cache') });
    try {
      expect(warnings.join('\n')).not.toMatch(/OutputRestored/);
      expect((await fetch(`${watching.server.url}/about`)).status).toBe(200);
    } finally {
      await watching.close();
    }
    // The finished site is still there for the next build or serve to move into place.
    expect(existsSync(out)).toBe(false);
    expect(await stagingFolders(project!.root)).toEqual(staged);
  });

  it('site serve restores the output folder first, says so, and serves it', async () => {
    const out = await killedProject();
    const running = await serve({ dir: out, port: 0 });
    try {
      expect(running.warnings.map((w) => w.kind)).toEqual(['OutputRestored']);
      expect(await (await fetch(`${running.url}/`)).text()).toBe('new home');
    } finally {
      await running.close();
    }
  });
});

/** A process id that no process has (a child that has exited). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}
