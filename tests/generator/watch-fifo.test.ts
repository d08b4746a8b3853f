/**
 * `site watch` and a file turned into a named pipe: the update fails with NotRegularFile naming the file (never
 * waiting on the pipe), the last good pages go on being served, browsers are told the failure (at once, when they
 * connect), and the next change that removes the pipe recovers. Before, a pipe in the theme left esbuild waiting for
 * a writer for ever: no edit was built again; and a failed update answered every page with the overlay's 500.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { startWatch, type Watching } from '../../generator/dev/watch';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject;
let watching: Watching;
const results: { error?: unknown; changed: string[] }[] = [];
const POLL = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  project = await tempProject();
  watching = await startWatch({
    root: project.root,
    port: 0,
    logger: silentLogger,
    cacheDir: project.file('cache'),
    onRebuild: (result, changed) => results.push({ error: 'error' in result ? result.error : undefined, changed }),
  });
}, 120_000);

afterAll(async () => {
  await watching?.close();
  await project?.cleanup();
});

const get = async (route: string) => {
  const res = await fetch(`${watching.server.url}${route}`);
  return { status: res.status, body: await res.text() };
};

/** What the event stream tells a browser that connects now, before it says it is connected. */
const firstEvent = () =>
  new Promise<string>((resolve, reject) => {
    const request = http.get(`${watching.server.url}/__site/events`, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes(': connected\n\n')) {
          request.destroy();
          resolve(text);
        }
      });
    });
    request.on('error', reject);
  });

/** Replaces a file of the project with a named pipe; resolves with the failed update that reports it. */
async function pipeInstead(relative: string): Promise<unknown> {
  const count = results.length;
  await rm(project.file(relative));
  execFileSync('mkfifo', [project.file(relative)]);
  await expect.poll(() => results.slice(count).find((r) => r.error !== undefined), POLL).toBeDefined();
  return results.slice(count).find((r) => r.error !== undefined)!.error;
}

/**
 * Puts the file back, then saves another page (the next change: chokidar does not always report a pipe turned back
 * into a file at once); resolves once an update succeeded.
 */
async function restore(relative: string, text: string): Promise<void> {
  const count = results.length;
  await rm(project.file(relative));
  await writeFile(project.file(relative), text);
  await writeFile(project.file('pages/404.md'), `${await project.read('pages/404.md')}\n`);
  await expect.poll(() => results.slice(count).some((r) => r.error === undefined), POLL).toBe(true);
}

describe('site watch and a named pipe', () => {
  it('names a pipe in the theme, keeps serving the last good pages, and recovers when it is a file again', async () => {
    const template = 'templates/pages/prose.tsx';
    const text = await project.read(template);
    const error = await pipeInstead(template);
    expect(siteErrorsOf(error).map((e) => [e.kind, e.file?.endsWith(template)])).toEqual([['NotRegularFile', true]]);
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(about.body).toContain('We exist to be built in tests.');
    const told = await firstEvent();
    expect(told).toMatch(/^event: failed$/m);
    expect(told).toContain('NotRegularFile');
    await restore(template, text);
    await project.edit('pages/about.md', (t) => t.replace('We exist to be built in tests.', 'Built past the pipe.'));
    await expect.poll(async () => (await get('/about')).body, POLL).toContain('Built past the pipe.');
    expect(await firstEvent()).not.toMatch(/^event: failed$/m);
  });

  it('names a page turned into a pipe, serves its last good version and the other pages, and recovers', async () => {
    const page = 'pages/services/audits.md';
    const text = await readFile(project.file(page), 'utf8');
    const error = await pipeInstead(page);
    expect(siteErrorsOf(error).map((e) => [e.kind, e.file?.endsWith(page)])).toEqual([['NotRegularFile', true]]);
    for (const route of ['/services/audits', '/about']) expect((await get(route)).status, route).toBe(200);
    expect((await get('/services/audits')).body).toContain('Audit details.');
    await restore(page, text.replace('Audit details.', 'Audits again.'));
    await expect.poll(async () => (await get('/services/audits')).body, POLL).toContain('Audits again.');
  });
});
