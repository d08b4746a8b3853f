/**
 * The preview server while the folder it serves is rebuilt under it, as the
 * build's commit renames a new folder into place: it serves the new files and
 * 404s the removed ones, reads the new _headers and 404.html, answers 404
 * while the folder is missing, and finishes or closes a response whose file
 * is removed, swapped or cut short meanwhile, never leaving it hanging. The
 * same for a site rebuilt by `site build`.
 */
import { mkdir, mkdtemp, rename, rm, truncate, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { tempSite } from '../support/fixture';
import { writeFiles } from '../support/trap-folder';
import { requestsTo } from '../support/raw-http';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'site-serve-rebuilt-'));
});
afterAll(() => rm(base, { recursive: true, force: true }));
// Each request names the server it goes to.
const { get, port, stillServes } = requestsTo();

describe('a folder rebuilt under the running server', () => {
  let dir: string;
  let running: RunningServer;
  const version = (n: number, hash: string) => ({
    'index.html': `<h1>home v${n}</h1><link href="/assets/site-${hash}.css">`,
    'about.html': `<h1>about v${n}</h1>`,
    '404.html': `<h1>missing v${n}</h1>`,
    [`assets/site-${hash}.css`]: `/* v${n} */`,
    _headers: `/*\n  X-Version: ${n}\n`,
  });
  /** Writes a new folder beside the served one and renames it into place, as the build's commit does. */
  async function rebuild(files: Record<string, string>) {
    const staging = `${dir}.tmp-${Date.now()}`;
    await writeFiles(staging, files);
    await rm(`${dir}.spare`, { recursive: true, force: true });
    await rename(dir, `${dir}.spare`);
    await rename(staging, dir);
  }

  beforeAll(async () => {
    dir = path.join(base, 'rebuilt', 'dist');
    await writeFiles(dir, version(1, 'aaaa'));
    running = await serve({ dir, port: 0, anyFolder: true });
  });
  afterAll(() => running.close());

  it('serves the new files, 404s the removed ones, and reads the new _headers and 404.html', async () => {
    expect((await get('/assets/site-aaaa.css', {}, 'GET', running)).status).toBe(200);
    await rebuild(version(2, 'bbbb'));
    const css = await get('/assets/site-bbbb.css', {}, 'GET', running);
    expect(css.status).toBe(200);
    expect(css.body.toString()).toBe('/* v2 */');
    const gone = await get('/assets/site-aaaa.css', {}, 'GET', running);
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toContain('missing v2');
    expect(gone.headers['x-version']).toBe('2');
    expect((await get('/', {}, 'GET', running)).body.toString()).toContain('home v2');
    // The old folder is deleted too: nothing of it is held.
    await rm(`${dir}.spare`, { recursive: true, force: true });
    await rebuild(version(3, 'cccc'));
    expect((await get('/assets/site-cccc.css', {}, 'GET', running)).status).toBe(200);
    expect((await get('/assets/site-bbbb.css', {}, 'GET', running)).status).toBe(404);
    expect((await get('/about', {}, 'GET', running)).headers['x-version']).toBe('3');
  });

  it('answers 404 while the folder is missing, and serves it again once it is back', async () => {
    await rename(dir, `${dir}.away`);
    expect((await get('/about', {}, 'GET', running)).status).toBe(404);
    await rename(`${dir}.away`, dir);
    expect((await get('/about', {}, 'GET', running)).status).toBe(200);
  });

  /**
   * A response held mid-way (the client stops reading) while `meanwhile` runs; resolves with what arrived
   * once the body is complete or the server closes the connection. The connection is kept alive, so a
   * response that ends short of its Content-Length without closing would leave the client waiting (and fail).
   */
  function heldResponse(target: string, meanwhile: () => Promise<void>) {
    return new Promise<{ status: number; announced: number; received: number; closedByServer: boolean }>(
      (resolve, reject) => {
        const socket = net.connect(port(running), '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`),
        );
        let start = Buffer.alloc(0);
        let received = 0;
        let held = false;
        let head: { status: number; announced: number; length: number } | undefined;
        const result = (closedByServer: boolean) => ({
          status: head?.status ?? 0,
          announced: head?.announced ?? NaN,
          received: received - (head?.length ?? 0),
          closedByServer,
        });
        socket.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (!head) {
            start = Buffer.concat([start, chunk]);
            const end = start.indexOf('\r\n\r\n');
            if (end >= 0) {
              const text = start.subarray(0, end).toString();
              head = {
                status: Number(text.slice(9, 12)),
                announced: Number(/content-length: (\d+)/i.exec(text)?.[1]),
                length: end + 4,
              };
            }
          }
          if (head && received - head.length >= head.announced) {
            resolve(result(false));
            socket.destroy();
          }
          if (held) return;
          held = true;
          socket.pause();
          meanwhile().then(() => socket.resume(), reject);
        });
        socket.setTimeout(15_000, () => socket.destroy(new Error('the response neither ended nor was closed')));
        socket.on('error', reject);
        socket.on('close', () => resolve(result(true)));
      },
    );
  }
  const BIG = 64 * 1024 * 1024;

  it('finishes a response whose file is removed and whose folder is swapped meanwhile', async () => {
    await writeFile(path.join(dir, 'video.bin'), '');
    await truncate(path.join(dir, 'video.bin'), BIG); // sparse: no disk space
    const answer = await heldResponse('/video.bin', async () => {
      await rebuild(version(4, 'dddd'));
      await rm(`${dir}.spare`, { recursive: true, force: true });
    });
    expect(answer).toEqual({ status: 200, announced: BIG, received: BIG, closedByServer: false });
    expect((await get('/video.bin', {}, 'GET', running)).status).toBe(404);
    await stillServes(running);
  });

  it('closes a response whose file is cut short in place meanwhile (as a rebuild recycles files), never leaving it hanging', async () => {
    await writeFile(path.join(dir, 'video.bin'), '');
    await truncate(path.join(dir, 'video.bin'), BIG);
    // Idle connections stay open: only the server's own check may close this one.
    const keepAlive = running.server.keepAliveTimeout;
    running.server.keepAliveTimeout = 0;
    const answer = await heldResponse('/video.bin', () => truncate(path.join(dir, 'video.bin'), 1000)).finally(
      () => (running.server.keepAliveTimeout = keepAlive),
    );
    expect(answer.status).toBe(200);
    expect(answer.announced).toBe(BIG);
    expect(answer.received).toBeLessThan(BIG);
    expect(answer.closedByServer).toBe(true);
    await stillServes(running);
  });
});

describe('a site rebuilt by `site build` under the running server', () => {
  it('serves the files the new build added, and 404s those it removed', async () => {
    const temp = await tempSite('basic');
    try {
      await mkdir(path.join(temp.pagesDir, 'public/files'), { recursive: true });
      await writeFile(path.join(temp.pagesDir, 'public/files/report-2024.txt'), 'old report');
      await temp.build();
      const running = await serve({ dir: temp.outDir, port: 0 });
      try {
        expect((await get('/files/report-2024.txt', {}, 'GET', running)).status).toBe(200);
        await rm(path.join(temp.pagesDir, 'public/files/report-2024.txt'));
        await writeFile(path.join(temp.pagesDir, 'public/files/report-2025.txt'), 'new report');
        await temp.build();
        const added = await get('/files/report-2025.txt', {}, 'GET', running);
        expect(added.status).toBe(200);
        expect(added.body.toString()).toBe('new report');
        expect((await get('/files/report-2024.txt', {}, 'GET', running)).status).toBe(404);
        expect((await get('/about', {}, 'GET', running)).status).toBe(200);
      } finally {
        await running.close();
      }
    } finally {
      await temp.cleanup();
    }
  });
});
