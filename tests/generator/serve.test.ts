/** The preview server behaves like a production static host, and never serves outside its folder. */
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { baseOfBuild, isUnsafePath, normaliseBase, serve, type RunningServer } from '../../generator/dev/serve';
import { tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
let server: RunningServer;
beforeAll(async () => {
  site = await tempSite('basic');
  await site.build();
  server = await serve({ dir: site.outDir, port: 0 });
});
afterAll(async () => {
  await server.close();
  await site.cleanup();
});

/** A raw request: the path goes out exactly as written (fetch would normalise "..").*/
function request(rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const { port } = server.server.address() as net.AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: rawPath, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('site serve', () => {
  it('binds to loopback by default', () => {
    expect((server.server.address() as net.AddressInfo).address).toBe('127.0.0.1');
  });

  it('serves clean URLs with 200 and no redirect', async () => {
    const about = await request('/about');
    expect(about.status).toBe(200);
    expect(about.headers['content-type']).toMatch(/text\/html/);
    expect(about.body.toString()).toContain('<title>About Fixture Co | Fixture Co</title>');
    expect((await request('/services/audits')).status).toBe(200);
    expect((await request('/')).body.toString()).toContain('<title>Fixture Home');
  });

  it("redirects a page's own file name to its route, as Cloudflare Pages and Netlify do", async () => {
    for (const [file, route] of [
      ['/about.html?x=1', '/about?x=1'],
      ['/index.html', '/'],
      ['/services/index.html', '/services'],
      ['/services/audits.html', '/services/audits'],
    ]) {
      const res = await request(file!);
      expect(res.status, file).toBe(301);
      expect(res.headers.location, file).toBe(route);
    }
    for (const missing of ['/nope.html', '/index/index.html', '/_headers.html'])
      expect((await request(missing)).status, missing).toBe(404);
  });

  it('answers unknown paths and planned routes with the not-found page and status 404', async () => {
    for (const path of ['/nope', '/press', '/deep/er/path']) {
      const res = await request(path);
      expect(res.status, path).toBe(404);
      expect(res.body.toString()).toContain('Oops! Page not found');
    }
  });

  it('answers the not-found page at its own URLs with 200, like production hosts', async () => {
    for (const path of ['/404.html', '/404']) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(res.body.toString()).toContain('Oops! Page not found');
    }
  });

  it('applies the _headers rules', async () => {
    const about = await request('/about');
    expect(about.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(about.headers['x-content-type-options']).toBe('nosniff');
    expect(about.headers['strict-transport-security']).toMatch(/max-age=/);
    const css = (about.body.toString().match(/href="(\/assets\/site-[^"]+\.css)"/) ?? [])[1]!;
    expect((await request(css)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request('/_headers')).status).toBe(404);
  });

  it('serves security.txt as UTF-8 plain text', async () => {
    const res = await request('/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.toString()).toMatch(/^Contact: mailto:/m);
  });

  it('compresses, answers HEAD, and honours ETags with 304', async () => {
    const gz = await request('/about', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('About Fixture Co');
    const head = await request('/about', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = head.headers.etag!;
    expect(etag).toBeTruthy();
    expect((await request('/about', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    '/..%2f..%2fetc%2fpasswd',
    '/a/%252e%252e/%252e%252e/package.json',
    '/..\\package.json',
    '/%5c..%5cpackage.json',
    '/about%00.html',
    '/%c0%ae%c0%ae/package.json',
  ])('refuses path traversal: %s', async (raw) => {
    const res = await request(raw);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('"name"');
    expect(res.body.toString()).not.toContain('root:');
  });

  it('recognises traversal in any encoding', () => {
    expect(isUnsafePath('/a/../b')).toBe(true);
    expect(isUnsafePath('/%2e%2e/b')).toBe(true);
    expect(isUnsafePath('/%252e%252e/b')).toBe(true);
    expect(isUnsafePath('/a%5cb')).toBe(true);
    expect(isUnsafePath('/a%00b')).toBe(true);
    expect(isUnsafePath('/about')).toBe(false);
    expect(isUnsafePath('/.well-known/security.txt')).toBe(false);
  });

  it('says clearly when the port is taken', async () => {
    const { port } = server.server.address() as net.AddressInfo;
    const taken = await serve({ dir: site.outDir, port }).catch((error: unknown) => error);
    expect(taken).toMatchObject({
      kind: 'PortInUse',
      field: '--port',
      message: `Port ${port} on 127.0.0.1 is already in use (another server, or another site watch)`,
    });
    expect((taken as { hint: string }).hint).toContain('--port');
  });
});

describe('the base path site serve takes by default', () => {
  it("is the path of the base URL the site was built for, read from its robots.txt's sitemap line", async () => {
    const outDir = path.join(site.dir, 'under-a-path');
    await site.build({ outDir, baseUrl: 'https://example.github.io/notes' });
    expect(await baseOfBuild(outDir)).toBe('/notes');
    expect(await baseOfBuild(site.outDir)).toBeUndefined();
    await rm(outDir, { recursive: true, force: true });
  });

  it('is none for a robots.txt that names no sitemap, or one outside a plain path', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-serve-base-'));
    try {
      expect(await baseOfBuild(dir)).toBeUndefined();
      for (const robots of [
        'User-agent: *\nAllow: /\n',
        'Sitemap: not a url\n',
        'Sitemap: https://example.org/notes/feed.xml\n',
        'Sitemap: https://example.org/a%20b/sitemap.xml\n',
      ]) {
        await writeFile(path.join(dir, 'robots.txt'), robots);
        expect(await baseOfBuild(dir), robots).toBeUndefined();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('--base', () => {
  it('takes a path of plain names, with or without its slashes, and / or nothing for none', () => {
    expect(normaliseBase('/notes/')).toBe('/notes');
    expect(normaliseBase('notes/a')).toBe('/notes/a');
    expect(normaliseBase('/')).toBe('');
    expect(normaliseBase(undefined)).toBe('');
  });

  it('refuses anything else as the flag’s error, naming --base: another host (//evil.example), .., empty names', () => {
    for (const base of ['//evil.example', '../..', '/notes//a', '//', '/a b']) {
      const error = (() => {
        try {
          normaliseBase(base);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error, base).toMatchObject({ kind: 'InvalidOption', field: '--base' });
      expect((error as Error).message, base).toContain(`--base "${base}"`);
      expect((error as { hint: string }).hint, base).not.toMatch(/site\.yml|site config/);
    }
  });

  it('reads a robots.txt that is a named pipe as none, without waiting on it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-serve-pipe-'));
    try {
      execFileSync('mkfifo', [path.join(dir, 'robots.txt')]);
      expect(await baseOfBuild(dir)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
