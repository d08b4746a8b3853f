/**
 * Which files the preview server sends, and which it never does: symbolic
 * links out of its folder (to files, folders, or a 404.html and _headers of
 * its own) are 404, links that stay inside are followed, hidden files and a
 * FIFO are 404, and names that need percent-encoding are served. `site serve`
 * given a folder that is missing or is a file names it and exits 1. Content
 * from outside the folder is never sent (../support/trap-folder.ts).
 */
import { execFile } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../../generator/dev/serve';
import { REPO } from '../support/fixture';
import { SECRET, serveTrapFolder, writeFiles, type TrapFolder } from '../support/trap-folder';
import { requestsTo } from '../support/raw-http';

let trap: TrapFolder;
beforeAll(async () => {
  trap = await serveTrapFolder();
});
afterAll(() => trap?.close());
const { get, stillServes } = requestsTo(() => trap.server);

describe('symbolic links and hidden files', () => {
  it.each(['/leak.txt', '/outdir/secret.txt', '/outdir/secret', '/leak', '/dangling.txt'])(
    'never follows %s out of the folder: 404',
    async (target) => {
      const answer = await get(target);
      expect(answer.status).toBe(404);
      expect(answer.body.toString()).not.toContain(SECRET);
      expect(answer.body.toString()).toContain('not found page');
    },
  );

  it('follows links that stay inside the folder', async () => {
    expect((await get('/inside-link.txt')).body.toString()).toBe('0123456789');
    expect((await get('/linked-assets/app-aaa.css')).body.toString()).toBe('body{}');
  });

  it('answers a FIFO in the folder with 404 at once', async () => {
    expect((await get('/pipe.txt')).status).toBe(404);
    await stillServes();
  });

  it.each(['/.env', '/.git/config', '/assets/.hidden', '/%2eenv'])('never serves the dotfile %s', async (target) => {
    const answer = await get(target);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain(SECRET);
  });

  it('serves .well-known/', async () => {
    expect((await get('/.well-known/security.txt')).status).toBe(200);
  });

  it('never reads a 404.html or _headers that links outside the folder', async () => {
    const dir = path.join(trap.base, 'linked-host-files');
    await writeFiles(dir, { 'about.html': '<h1>about</h1>' });
    await symlink(path.join(trap.base, 'outside/secret.html'), path.join(dir, '404.html'));
    await writeFiles(path.join(trap.base, 'outside'), { headers: `/*\n  X-Leak: ${SECRET}\n` });
    await symlink(path.join(trap.base, 'outside/headers'), path.join(dir, '_headers'));
    const other = await serve({ dir, port: 0, anyFolder: true });
    try {
      const missing = await get('/nope', {}, 'GET', other);
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).not.toContain(SECRET);
      expect(JSON.stringify(missing.headers)).not.toContain(SECRET);
      await stillServes(other);
    } finally {
      await other.close();
    }
  });

  it('serves a folder that is itself a link', async () => {
    const link = path.join(trap.base, 'site-link');
    await symlink(trap.site, link);
    const other = await serve({ dir: link, port: 0, anyFolder: true });
    try {
      await stillServes(other);
      expect((await get('/leak.txt', {}, 'GET', other)).body.toString()).not.toContain(SECRET);
    } finally {
      await other.close();
    }
  });
});

describe('site serve on the command line', () => {
  const run = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)('node', [`${REPO}/bin/site.js`, ...args], {
        cwd: trap.base,
        timeout: 30_000,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('names a missing folder, exits 1, and prints no stack', async () => {
    const result = await run('serve', '-d', 'nope', '--port', '0');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/✖ MissingServeFolder: Folder to serve not found\n {2}at nope\n/);
    expect(result.stderr).toContain(path.join(trap.base, 'nope'));
    expect(result.stderr).toMatch(/hint: Build the site first/);
    expect(result.stderr).not.toMatch(/\n\s+at .*:\d+/);
  });

  it('names a file given as the folder, exits 1, and prints no stack', async () => {
    const result = await run('serve', '-d', 'site/ten.txt', '--port', '0');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /✖ ServeFolderIsFile: The folder to serve is a file\n {2}at site\/ten\.txt\n {2}site\/ten\.txt is a file, not a folder/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at .*:\d+/);
  });
});

describe('names that need percent-encoding', () => {
  // A name with a % of its own is served when the % starts an escape; `100%.txt` is 400, as the traversal check decodes
  // a path more than once.
  it('serves files whose names hold a space, #, an escape or letters beyond ASCII, from a folder whose path holds %', async () => {
    const folder = path.join(trap.base, 'odd 100% #1 café');
    const names = ['a b.txt', 'x#y.txt', 'café.txt', '%2e%2e.txt', '%41.txt'];
    await writeFiles(folder, Object.fromEntries(names.map((name) => [name, `file ${name}`])));
    const running = await serve({ dir: folder, port: 0, anyFolder: true });
    try {
      for (const name of names) {
        const answer = await fetch(`${running.url}/${encodeURIComponent(name)}`);
        expect(answer.status, name).toBe(200);
        expect(await answer.text(), name).toBe(`file ${name}`);
        expect(answer.headers.get('content-type'), name).toBe('text/plain; charset=utf-8');
      }
    } finally {
      await running.close();
    }
  });
});
