/**
 * site check's server on a thread of its own (dev/serve-off-thread.ts, dev/serve-worker.ts): the same server as
 * serve()'s, its start's errors thrown on the check's thread as catalogued, its idle connections closed when asked,
 * and its thread ended with it.
 */
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../generator/base/errors';
import { serveOffThread } from '../../generator/dev/serve-off-thread';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
beforeAll(async () => {
  site = await tempSite('basic');
  await site.build();
});
afterAll(() => site.cleanup());

/** A GET over `agent` (a connection of its own by default): its status, body and socket. */
function get(
  url: string,
  agent: http.Agent | false = false,
): Promise<{ status: number; body: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    let socket: net.Socket;
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, socket }));
      })
      .on('socket', (given) => (socket = given))
      .on('error', reject);
  });
}

describe("site check's server on its own thread", () => {
  it('serves the folder as serve() does, and is gone once closed', async () => {
    const server = await serveOffThread({ dir: site.outDir, port: 0, crawler: true });
    const page = await get(`${server.url}/about`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html');
    await server.close();
    await expect(get(`${server.url}/about`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('throws what stops it from starting as the catalogued error it is', async () => {
    const missing = path.join(site.outDir, 'no-such-folder');
    const error = await serveOffThread({ dir: missing, port: 0, crawler: true }).then(
      () => expect.fail('expected a refusal'),
      (thrown: unknown) => thrown,
    );
    expect(SiteError.is(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'MissingServeFolder', file: missing });
  });

  it('closes the kept-alive connections no request is using when asked', async () => {
    const server = await serveOffThread({ dir: site.outDir, port: 0, crawler: true });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { socket } = await get(`${server.url}/about`, agent);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await server.closeIdle();
      await closed;
      expect((await get(`${server.url}/about`, agent)).status).toBe(200);
    } finally {
      agent.destroy();
      await server.close();
    }
  });
});
