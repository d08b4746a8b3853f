/**
 * `site watch` meets a folder it cannot read: the watcher's error is a named error on the terminal, and the watch
 * goes on serving and rebuilding. The tests run as root, whom permissions do not stop, so the watch runs as the
 * user nobody (setpriv) on a project that user owns, and the folder appearing under pages/ is root's, mode 700.
 * Once it can be read, the next edit is built and served: the watch came back by itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliProject, reportedError, type CliProject, type TestSite } from '../support/cli-project';
import { giveToNobody, siteAsNobody } from '../support/as-nobody';

const POLL = { timeout: 60_000, interval: 100 };
vi.setConfig({ testTimeout: 240_000 });

let project: CliProject;
let site: TestSite;
let watch: ChildProcess;
let stdout = '';
let stderr = '';
let exited: { code: number | null; signal: string | null } | undefined;

beforeAll(async () => {
  project = await cliProject();
  site = await project.site();
  // The project and the site become nobody's: the watch may read and write them, and nothing of root's.
  await giveToNobody(project, site);
  watch = spawn(...siteAsNobody(['watch', '--pages', site.pagesDir, '--port', '0']), {
    cwd: project.root,
    env: { ...process.env, HOME: project.root },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  watch.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  watch.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  watch.once('exit', (code, signal) => (exited = { code, signal }));
}, 120_000);

afterAll(async () => {
  if (watch && !exited) {
    const gone = new Promise((resolve) => watch.once('exit', resolve));
    watch.kill('SIGINT');
    await gone;
  }
  await project?.cleanup();
});

const url = () => /Serving at (\S+)/.exec(stdout)![1]!;
const body = async (route: string) => (await fetch(url() + route)).text();

describe('site watch and a folder it cannot read', () => {
  it('reports the watcher error as a named error, never ends, and builds the next edit once the folder can be read', async () => {
    await expect
      .poll(() => (exited ? `exited: ${stderr}` : /Serving at (\S+)/.exec(stdout)?.[1]), POLL)
      .toMatch(/^http:/);
    expect(await body('/about')).toContain('We exist to be built in tests.');
    // root's folder, that nobody may not read, appears under pages/ (with a page in it).
    const locked = path.join(site.pagesDir, 'locked');
    await mkdir(locked, { mode: 0o700 });
    await writeFile(
      path.join(locked, 'secret.md'),
      '---\ntitle: Secret\ndescription: A page in a folder the watch may not read.\n---\n\nNo.\n',
    );
    await expect.poll(() => reportedError(stderr)?.kind, { ...POLL, message: 'the error printed' }).toBe('SystemError');
    const error = reportedError(stderr)!;
    expect(error.message).toMatch(/EACCES/);
    expect(error.message).toContain('locked');
    expect(error.hint).toMatch(/permissions/);
    expect(stderr, 'no stack without --verbose').not.toMatch(/\n\s+at .*:\d+:\d+/);
    expect(exited, 'the watch still runs').toBeUndefined();
    // An unrelated page is the last good build's meanwhile, never an error page.
    const meanwhile = await fetch(`${url()}/about`);
    expect(meanwhile.status).toBe(200);
    expect(await meanwhile.text()).toContain('We exist to be built in tests.');

    // Made readable again, the folder's pages are built with the next edit, and edits go on being built and served.
    await chmod(locked, 0o755);
    execFileSync('chown', ['-R', 'nobody', locked]);
    const about = path.join(site.pagesDir, 'about.md');
    await writeFile(
      about,
      (await readFile(about, 'utf8')).replace('We exist to be built in tests.', 'Edited past the locked folder.'),
    );
    await expect
      .poll(() => body('/about'), { ...POLL, message: 'the edit served' })
      .toContain('Edited past the locked folder.');
    expect(exited, 'the watch still runs').toBeUndefined();
  });
});
