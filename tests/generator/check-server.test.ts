/**
 * `site check` crawls the site through a preview server of its own. A server facing a network keeps Node's time
 * limits on requests (slow clients); the check's server has none, since its only client is the check itself, whose
 * crawl of thousands of pages on a loaded machine kept requests waiting past those limits: each got a 408, reported
 * as a broken link. The crawl asks it for at most 100 connections at once, however many pages it starts from.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkSite } from '../../generator/dev/crawl-site';
import { serve } from '../../generator/dev/serve';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import type { SiteConfig } from '../../generator/config/config';
import { tempSite, type TempSite } from '../support/fixture';
import type { ServeOptions } from '../../generator/dev/serve';

/**
 * The options of each server the check starts on its own thread (the real one is started); or, while `inProcess` is
 * set, the same server started on this thread, given to `inProcess` (whose connections a test counts).
 */
const started: ServeOptions[] = [];
let inProcess: ((server: http.Server) => void) | undefined;
vi.mock('../../generator/dev/serve-off-thread', async (original) => {
  const actual = await original<typeof import('../../generator/dev/serve-off-thread')>();
  const { serve: serveHere } = await import('../../generator/dev/serve');
  return {
    serveOffThread: async (options: ServeOptions) => {
      started.push(options);
      if (!inProcess) return actual.serveOffThread(options);
      const running = await serveHere(options);
      inProcess(running.server);
      return {
        url: running.url,
        closeIdle: async () => running.server.closeIdleConnections(),
        close: () => running.close(),
      };
    },
  };
});

let site: TempSite;
let config: SiteConfig;

beforeAll(async () => {
  site = await tempSite('basic');
  config = (await site.build()).config;
});
afterAll(() => site.cleanup());

const limitsOf = (server: http.Server) => ({
  requestTimeout: server.requestTimeout,
  headersTimeout: server.headersTimeout,
  keepAliveTimeout: server.keepAliveTimeout,
});

/** A GET whose header lines arrive one at a time, each after the server has had time to take the one before. */
function slowGet(port: number, pathname: string, pauseMs: number): Promise<string> {
  const lines = [`GET ${pathname} HTTP/1.1\r\n`, 'Host: localhost\r\n', 'Accept: */*\r\n', 'Connection: close\r\n\r\n'];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    const next = () => {
      const line = lines.shift();
      if (line === undefined) return;
      socket.write(line);
      setTimeout(next, pauseMs);
    };
    socket.once('connect', next);
  });
}

describe("site check's own server", () => {
  it('has no time limit on a request, its headers or an idle connection, and is the server the check starts', async () => {
    const running = await serve({ dir: site.outDir, port: 0, crawler: true });
    try {
      expect(limitsOf(running.server)).toEqual({ requestTimeout: 0, headersTimeout: 0, keepAliveTimeout: 0 });
    } finally {
      await running.close();
    }
    started.length = 0;
    const report = await checkSite(site.outDir, config);
    expect(report.problems).toEqual([]);
    expect(started).toEqual([{ dir: site.outDir, port: 0, base: '', crawler: true }]);
  });

  it('is asked at most 100 connections at once, however many pages the crawl starts from', async () => {
    // linkinator starts every page it is given at once: on plain fetch a connection each, and past the server's listen
    // backlog the kernel drops them and TCP retries after seconds, then minutes (7,424 pages with no home page stalled
    // for 140 s). 400 pages with no home page of their own: the one the build makes lists them all, so the crawl goes
    // to every one of them at once. The server, on this thread here, counts the connections as it takes them.
    const root = await mkdtemp(path.join(os.tmpdir(), 'check-connections-'));
    let open = 0;
    let most = 0;
    inProcess = (server) =>
      server.on('connection', (socket: net.Socket) => {
        most = Math.max(most, ++open);
        socket.once('close', () => open--);
      });
    try {
      await mkdir(path.join(root, 'pages'));
      await writeFile(path.join(root, 'pages/site.yml'), 'name: Many\nbaseUrl: https://many.example.org\n');
      for (let i = 1; i <= 400; i++)
        await writeFile(path.join(root, `pages/p${i}.md`), `# Page ${i}\n\nOne of many.\n`);
      const { config: manyConfig } = await build({ root, pagesDir: 'pages', outDir: 'dist', logger: silentLogger });
      const report = await checkSite(path.join(root, 'dist'), manyConfig);
      expect(report.pages).toBe(401);
      expect(report.problems).toEqual([]);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(100);
    } finally {
      inProcess = undefined;
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers a request whose headers come slowly', async () => {
    const running = await serve({ dir: site.outDir, port: 0, crawler: true });
    try {
      const port = (running.server.address() as net.AddressInfo).port;
      const answer = await slowGet(port, '/about', 300);
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    } finally {
      await running.close();
    }
  });

  it('is not the server site serve runs, which keeps Node’s limits for clients on a network', async () => {
    const running = await serve({ dir: site.outDir, port: 0 });
    try {
      const limits = limitsOf(running.server);
      expect(limits.requestTimeout).toBeGreaterThan(0);
      expect(limits.headersTimeout).toBeGreaterThan(0);
      expect(limits.keepAliveTimeout).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });
});

describe('site check of an output built for another base URL', () => {
  it('checks it as built (site build --base-url with a path, as the GitHub Pages flow does): no broken link', async () => {
    // site.yml says https://fixture.example.com; the output was built for a path under another host.
    const outDir = path.join(site.dir, 'under-notes');
    await site.build({ outDir, baseUrl: 'https://x.example/notes/' });
    try {
      const report = await checkSite(outDir, config);
      expect(report.problems).toEqual([]);
      expect(report.checked).toBeGreaterThan(20);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
