/**
 * `site watch` always comes back: a folder of pages added and removed leaves
 * no folder behind (a build after the session succeeds); a broken site.yml,
 * fixed, is served fixed; a named pipe appearing as a page or a public file
 * is named, and once removed the site is served again; pages/ deleted and
 * restored (a branch switch) is watched again. Each waits on the served page, never on time.
 */
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import type { Logger } from '../../generator/base/logger';
import { silentLogger } from '../../generator/base/logger';
import { overlayHtml } from '../../generator/dev/overlay';
import { startWatch, type Watching } from '../../generator/dev/watch';
import { SiteError } from '../../generator/base/errors';
import { REPO } from '../support/fixture';

let root: string;
let watching: Watching;
const logged: string[] = [];
const logger: Logger = { info() {}, warn() {}, debug() {}, error: (m) => logged.push(m) };
const file = (rel: string) => path.join(root, rel);
const get = async (route: string) => {
  const res = await fetch(watching.server.url + route);
  return { status: res.status, body: await res.text() };
};
const POLL = { timeout: 20_000, interval: 50 };

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-watch-back-'));
  await cp(path.join(REPO, 'templates'), file('templates'), { recursive: true });
  await cp(path.join(REPO, 'islands'), file('islands'), { recursive: true });
  await cp(path.join(REPO, 'tests/fixtures/basic'), file('pages'), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), file('node_modules'), 'dir');
  await symlink(path.join(REPO, 'generator'), file('generator'), 'dir');
  watching = await startWatch({ root, port: 0, logger, cacheDir: file('cache') });
}, 60_000);

afterAll(async () => {
  await watching?.close();
  await rm(root, { recursive: true, force: true });
});

describe('site watch comes back', () => {
  it('removes the folders its updates made: a folder of pages added then deleted leaves none, and a build afterwards succeeds', async () => {
    await mkdir(file('pages/guides/deep'), { recursive: true });
    await writeFile(
      file('pages/guides/deep/one.md'),
      '---\ntitle: One guide\ndescription: A guide added while the watcher runs.\n---\n\nGuide text.\n',
    );
    await expect.poll(async () => (await get('/guides/deep/one')).status, POLL).toBe(200);
    await rm(file('pages/guides'), { recursive: true });
    await expect.poll(async () => (await get('/guides/deep/one')).status, POLL).toBe(404);
    await expect.poll(() => existsSync(path.join(watching.site.paths.outDir, 'guides')), POLL).toBe(false);
    await build({ root, cacheDir: file('cache'), outDir: file('dist'), logger: silentLogger });
  });

  it('serves the fixed site after a broken site.yml is fixed', async () => {
    const good = await readFile(file('pages/site.yml'), 'utf8');
    logged.length = 0;
    await writeFile(file('pages/site.yml'), `${good}\nthis is: [not yaml\n`);
    await expect.poll(() => logged.join('\n'), POLL).toMatch(/build failed/);
    // The last good pages are served meanwhile (browsers show the failure over them).
    expect((await get('/about')).status).toBe(200);
    await writeFile(file('pages/site.yml'), good.replace(/^name: .*$/m, 'name: Fixed Again'));
    await expect.poll(async () => (await get('/about')).body, POLL).toContain('Fixed Again');
    expect((await get('/about')).status).toBe(200);
  });

  it('names a named pipe that appears as a page or in public/ (NotRegularFile), and comes back once it is gone', async () => {
    for (const pipe of ['pages/pipe.md', 'pages/public/pipe.txt']) {
      logged.length = 0;
      execFileSync('mkfifo', [file(pipe)]);
      await expect.poll(() => logged.join('\n'), POLL).toMatch(/NotRegularFile/);
      expect(logged.join('\n')).toContain(`${pipe} is a named pipe (FIFO)`);
      const served = await get('/about');
      expect(served.status, 'the last good page is served').toBe(200);
      expect(served.body.match(/\/__site\/client\.js/g), 'one reload client').toHaveLength(1);
      // Gone, and the next change builds.
      await rm(file(pipe));
      const about = await readFile(file('pages/about.md'), 'utf8');
      await writeFile(file('pages/about.md'), `${about}\nPast ${pipe}.\n`);
      await expect.poll(async () => (await get('/about')).body, POLL).toContain(`Past ${pipe}.`);
    }
  });

  it('watches pages/ again after it is deleted and restored', async () => {
    logged.length = 0;
    await rename(file('pages'), file('pages-away'));
    await expect.poll(() => logged.join('\n'), POLL).toMatch(/build failed/);
    await rename(file('pages-away'), file('pages'));
    await expect.poll(async () => (await get('/about')).status, POLL).toBe(200);
    const about = await readFile(file('pages/about.md'), 'utf8');
    await writeFile(
      file('pages/about.md'),
      about.replace('We exist to be built in tests.', 'Edited after the folder came back.'),
    );
    await expect.poll(async () => (await get('/about')).body, POLL).toContain('Edited after the folder came back.');
  });
});

describe('the overlay', () => {
  it('is headed by the error\'s own title, "Unexpected Application Error!" for render failures and bugs, with stacks only when verbose', () => {
    const typo = new SiteError(
      'InvalidFrontmatter',
      { field: 'title', problem: 'required, and missing' },
      { file: 'pages/about.md' },
    );
    expect(overlayHtml(typo, '/about')).toContain('<h1>Invalid frontmatter</h1>');
    const bug = new Error('boom');
    expect(overlayHtml(bug, '/about')).toContain('<h1>Unexpected Application Error!</h1>');
    expect(overlayHtml(bug, '/about')).not.toContain(bug.stack!.split('\n')[1]!.trim());
    expect(overlayHtml(bug, '/about', true)).toContain(bug.stack!.split('\n')[1]!.trim());
  });
});
