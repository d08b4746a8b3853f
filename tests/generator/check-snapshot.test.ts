/**
 * `site check`'s own server looks its files up in a listing of the folder taken when it starts (folder-snapshot.ts),
 * where `site serve` looks each name up on disk: its answers must be the live server's, request for request, on every
 * kind of path a crawl meets (pages, clean-URL spellings, redirects, the not-found page, host files, stylesheets),
 * and the live lookup must decide wherever the listing cannot (a symbolic link, a file gone since).
 */
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { listFiles } from '../../generator/base/list-files';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
let root: string;
let dir: string;

beforeAll(async () => {
  site = await tempSite('basic');
  await site.build();
  root = await mkdtemp(path.join(os.tmpdir(), 'check-snapshot-'));
  dir = path.join(root, 'dist');
  await cp(site.outDir, dir, { recursive: true });
});
afterAll(async () => {
  await site.cleanup();
  await rm(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function ask(server: RunningServer, method: string, target: string): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: target, headers: { 'Accept-Encoding': 'identity' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...headers } = res.headers;
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Every path of the folder as a crawl names it, and the spellings a host answers otherwise. */
async function targetsOf(folder: string): Promise<string[]> {
  const files = await listFiles(folder);
  const routes = files.map((f) => `/${f.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`);
  return [
    ...new Set([
      ...routes,
      ...files.map((f) => `/${f}`),
      ...routes.map((r) => `${r}/`),
      ...routes.map((r) => r.toUpperCase()),
      '/',
      '/index',
      '/missing',
      '/missing/',
      '/404',
      '/404.html',
      '/_headers',
      '/.site-build',
      '/alias',
      '/alias.html',
      '/caf%C3%A9',
    ]),
  ];
}

/** Both servers' answers to every target, GET and HEAD. */
async function compare(live: RunningServer, checks: RunningServer, targets: string[]) {
  for (const method of ['GET', 'HEAD'])
    for (const target of targets) {
      const [expected, actual] = [await ask(live, method, target), await ask(checks, method, target)];
      expect({ method, target, ...actual }).toEqual({ method, target, ...expected });
    }
}

describe("site check's own server, answering from the folder as listed", () => {
  it('answers every request as site serve does', async () => {
    await writeFile(path.join(dir, 'café.html'), '<!doctype html><title>café</title>');
    const [live, checks] = [await serve({ dir, port: 0 }), await serve({ dir, port: 0, crawler: true })];
    try {
      await compare(live, checks, await targetsOf(dir));
    } finally {
      await Promise.all([live.close(), checks.close()]);
    }
  }, 60_000);

  it('looks a name up as site serve does where the listing cannot decide: a symbolic link, a file gone since', async () => {
    // A link inside the folder is followed when it stays inside, and a listed file removed since is not there.
    await symlink('about.html', path.join(dir, 'alias.html'));
    const [live, checks] = [await serve({ dir, port: 0 }), await serve({ dir, port: 0, crawler: true })];
    try {
      expect((await ask(live, 'GET', '/alias')).status).toBe(200);
      await rm(path.join(dir, 'contact.html'), { force: true });
      await compare(live, checks, await targetsOf(dir));
      expect((await ask(checks, 'GET', '/contact')).status).toBe(404);
    } finally {
      await Promise.all([live.close(), checks.close()]);
      await rm(path.join(dir, 'alias.html'), { force: true });
    }
  }, 60_000);

  it('reads the folder as it was when it started: a page added since is not served', async () => {
    const checks = await serve({ dir, port: 0, crawler: true });
    try {
      await writeFile(path.join(dir, 'later.html'), '<!doctype html><title>later</title>');
      expect((await ask(checks, 'GET', '/later')).status).toBe(404);
    } finally {
      await checks.close();
      await rm(path.join(dir, 'later.html'), { force: true });
    }
  });
});
