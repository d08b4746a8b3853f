/**
 * The preview server refuses what the build refuses and answers as a static
 * host does: the root, home folders and folders no build marked are not
 * served; listening beyond loopback warns; a port in use and an unknown host
 * are named errors; the host's files are never served under any spelling;
 * non-canonical paths get a redirect or 404; every answer says nosniff; and a
 * site whose base URL has a path is served under it.
 */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
let server: RunningServer;
let underBase: RunningServer;
beforeAll(async () => {
  site = await tempSite('basic');
  await site.build();
  server = await serve({ dir: site.outDir, port: 0 });
  underBase = await serve({ dir: site.outDir, port: 0, base: '/notes/' });
});
afterAll(async () => {
  await server.close();
  await underBase.close();
  await site.cleanup();
});

function request(rawPath: string, { method = 'GET', to = server }: { method?: string; to?: RunningServer } = {}) {
  const { port } = to.server.address() as net.AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const refusal = (options: Parameters<typeof serve>[0]) =>
  serve(options).then(
    (s) => s.close().then(() => 'served'),
    (error: unknown) => error,
  );

describe('which folders site serve serves', () => {
  it('never the root of the file system or a home folder, even with --any-dir', async () => {
    for (const dir of ['/', os.homedir()]) {
      for (const anyFolder of [false, true])
        expect(await refusal({ dir, port: 0, anyFolder }), dir).toMatchObject({
          kind: 'UnsafeServeFolder',
          field: '--dir',
        });
    }
  });

  it('a folder no build marked only with --any-dir', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'serve-unmarked-'));
    try {
      await writeFile(path.join(dir, 'index.html'), '<h1>hi</h1>');
      const refused = await refusal({ dir, port: 0 });
      expect(refused).toMatchObject({ kind: 'UnmarkedServeFolder' });
      expect((refused as Error).message).toContain('.site-output.json');
      expect(await refusal({ dir, port: 0, anyFolder: true })).toBe('served');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('where site serve listens', () => {
  it('warns when it listens beyond loopback, not on loopback', async () => {
    expect(server.warnings).toEqual([]);
    const open = await serve({ dir: site.outDir, port: 0, host: '0.0.0.0' });
    try {
      expect(open.warnings.map((w) => w.kind)).toEqual(['ServingBeyondLoopback']);
      expect(String(open.warnings[0])).toContain('0.0.0.0');
    } finally {
      await open.close();
    }
  });

  it('names an unknown host', async () => {
    expect(await refusal({ dir: site.outDir, port: 0, host: 'no-such-host.invalid' })).toMatchObject({
      kind: 'UnknownHost',
      field: '--host',
    });
  });

  it('refuses an empty or malformed --port as a usage error, rather than pick a port', async () => {
    for (const port of ['', ' ', '12ab', '-1', '70000'])
      expect(await main(['serve', '--dir', site.outDir, '--port', port]), JSON.stringify(port)).toBe(2);
  });
});

describe('what site serve answers', () => {
  it("never serves the host's own files, under any spelling", async () => {
    for (const spelling of [
      '/_headers',
      '/_headers/',
      '//_headers',
      '/_headers%2f',
      '/_HEADERS',
      '/%5fheaders',
      '/services/../_headers',
      '/.site-output.json',
      '/services/_headers',
    ]) {
      const answer = await request(spelling);
      expect([400, 404], spelling).toContain(answer.status);
      expect(answer.body, spelling).not.toContain('Content-Security-Policy');
      expect(answer.body, spelling).not.toContain('"generator"');
    }
  });

  it('redirects a trailing slash to the canonical route, and answers other duplicates with 404', async () => {
    const slash = await request('/about/?x=1');
    expect(slash.status).toBe(301);
    expect(slash.headers.location).toBe('/about?x=1');
    expect((await request('/services/')).headers.location).toBe('/services');
    for (const duplicate of ['//about', '/about.html/', '/index/', '/index', '/services/index', '/about//', '/nope/']) {
      expect((await request(duplicate)).status, duplicate).toBe(404);
    }
    expect((await request('/about')).status).toBe(200);
    expect((await request('/')).status).toBe(200);
  });

  it('says nosniff in every answer, 400 and 405 included', async () => {
    for (const [rawPath, method] of [
      ['/', 'GET'],
      ['/nope', 'GET'],
      ['/../etc/passwd', 'GET'],
      ['/', 'POST'],
      ['/about/', 'GET'],
      ['/', 'HEAD'],
    ] as const) {
      expect((await request(rawPath, { method })).headers['x-content-type-options'], `${method} ${rawPath}`).toBe(
        'nosniff',
      );
    }
  });

  it('serves under a base path, and nothing outside it', async () => {
    expect(underBase.url).toMatch(/\/notes$/);
    const bare = await request('/notes', { to: underBase });
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/notes/');
    expect((await request('/notes/', { to: underBase })).status).toBe(200);
    const about = await request('/notes/about', { to: underBase });
    expect(about.status).toBe(200);
    expect(about.body).toBe((await request('/about')).body);
    expect((await request('/notes/about/', { to: underBase })).headers.location).toBe('/notes/about');
    for (const outside of ['/about', '/', '/notesabout', '/notes/_headers'])
      expect((await request(outside, { to: underBase })).status, outside).toBe(404);
  });
});
