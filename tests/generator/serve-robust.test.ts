/**
 * The preview server under hostile and unlucky requests: malformed requests,
 * every kind of Range, other methods, symbolic links out of its folder, and a
 * folder rebuilt under it. Each request gets an answer, content from outside
 * the folder is never sent, and the server answers the next request.
 * Requests go out on raw sockets, exactly as written.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rename, rm, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../generator/dev/serve';
import { globMatches } from '../../generator/output/headers-rules';
import { REPO, tempSite } from '../support/fixture';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const SECRET = 'TOP-SECRET-OUTSIDE-THE-FOLDER';

let base: string;
let site: string;
let server: RunningServer;
const port = (s: RunningServer = server) => (s.server.address() as net.AddressInfo).port;

async function files(dir: string, entries: Record<string, string | Buffer>) {
  for (const [name, contents] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), contents);
  }
}

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'site-serve-robust-'));
  site = path.join(base, 'site');
  await files(path.join(base, 'outside'), { 'secret.txt': SECRET, 'secret.html': `<p>${SECRET}</p>` });
  await files(site, {
    'index.html': '<h1>home</h1>',
    'about.html': '<h1>about</h1>',
    '404.html': '<h1>not found page</h1>',
    'ten.txt': '0123456789',
    'empty.txt': '',
    'big.txt': 'a'.repeat(5000),
    'rules.json': '{"prerender":[]}',
    'assets/app-aaa.css': 'body{}',
    '.env': `TOKEN=${SECRET}`,
    '.git/config': SECRET,
    '.well-known/security.txt': 'Contact: mailto:x@example.com\n',
    _headers: [
      '/*',
      '  X-Rule: all',
      '  Bad Header Name: dropped',
      '  Content-Length: 1',
      '/rules.json',
      '  Content-Type: application/speculationrules+json',
      '/*a*a*a*a*a*a*a*a*a*a*a*a*b',
      '  X-Pathological: matched',
      '',
    ].join('\n'),
  });
  await symlink(path.join(base, 'outside/secret.txt'), path.join(site, 'leak.txt'));
  await symlink(path.join(base, 'outside/secret.html'), path.join(site, 'leak.html'));
  await symlink('../outside', path.join(site, 'outdir'));
  await symlink('ten.txt', path.join(site, 'inside-link.txt'));
  await symlink('assets', path.join(site, 'linked-assets'));
  await symlink(path.join(base, 'nowhere'), path.join(site, 'dangling.txt'));
  execFileSync('mkfifo', [path.join(site, 'pipe.txt')]);
  server = await serve({ dir: site, port: 0, anyFolder: true });
});
afterAll(async () => {
  await server?.close();
  await rm(base, { recursive: true, force: true });
});

/** Sends bytes as they are and reads the whole answer, until the server closes the connection. */
function raw(text: string | Buffer, s: RunningServer = server): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port(s), '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.setTimeout(10_000, () =>
      socket.destroy(new Error(`no answer to ${JSON.stringify(String(text).slice(0, 80))}`)),
    );
    socket.on('error', reject);
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
  });
}

function parse(bytes: Buffer): Answer {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: {}, body: bytes };
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = bytes.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, lineEnd).toString(), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1] ?? 0), headers, body };
}

const get = (target: string, headers: Record<string, string> = {}, method = 'GET', s?: RunningServer) =>
  raw(
    `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}Connection: close\r\n\r\n`,
    s,
  );

/** The server is still there and serving. */
async function stillServes(s?: RunningServer) {
  const about = await get('/about', {}, 'GET', s);
  expect(about.status).toBe(200);
  expect(about.body.toString()).toContain('about');
}

describe('malformed requests', () => {
  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n'],
    ['a method alone', 'GET\r\n\r\n'],
    ['binary bytes', Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10])],
    ['an unknown HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nnonsense\r\n\r\n'],
    ['a control character in a header', 'GET / HTTP/1.1\r\nHost: x\r\nX-A: b\u0001c\r\n\r\n'],
    ['a 20 kB header', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`],
    ['a 70 kB path', `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['an absurd Content-Length', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n'],
    [
      'Content-Length with Transfer-Encoding',
      'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a bad chunk size', 'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['a NUL in the path', 'GET /ab\u0000c HTTP/1.1\r\nHost: x\r\n\r\n'],
  ])('answers %s with an error status and keeps serving', async (_name, request) => {
    const answer = await raw(request);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(600);
    await stillServes();
  });

  it('answers a connection that closes mid-request, and keeps serving', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port(), '127.0.0.1', () => socket.end('GET /big.txt HTTP/1.1\r\nHost: x\r\nRa'));
      socket.on('close', () => resolve());
      socket.resume();
    });
    await stillServes();
  });

  it.each(['/%zz', '/%E0%A4%A', '/%', '/about%', '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd', '/%ff%fe'])(
    'answers the bad percent-encoding %s with 400',
    async (target) => {
      const answer = await get(target);
      expect(answer.status).toBe(400);
      await stillServes();
    },
  );

  it('answers an absolute-form request target by its path, and refuses traversal in it', async () => {
    expect((await get('http://localhost/about')).status).toBe(200);
    const traversal = await get('http://localhost/../outside/secret.txt');
    expect(traversal.status).toBe(400);
    expect(traversal.body.toString()).not.toContain(SECRET);
  });

  it('answers a name too long for the file system with 404', async () => {
    expect((await get(`/${'a'.repeat(5_000)}`)).status).toBe(404);
    await stillServes();
  });

  it('ignores a bad query string', async () => {
    expect((await get('/about?%zz=%')).status).toBe(200);
  });

  it('matches a _headers glob with many * in linear time', async () => {
    // As a regular expression this rule takes exponential time on a long path of "a" without "b".
    const answer = await get(`/${'a'.repeat(3_000)}`);
    expect(answer.status).toBe(404);
    expect(answer.headers['x-pathological']).toBeUndefined();
    expect((await get('/aaaaaaaaaaaaab')).headers['x-pathological']).toBe('matched');
  });
});

describe('ranges (RFC 9110 §14)', () => {
  it.each([
    ['bytes=0-4', 206, 'bytes 0-4/10', '01234'],
    ['bytes=3-', 206, 'bytes 3-9/10', '3456789'],
    ['bytes=-3', 206, 'bytes 7-9/10', '789'],
    ['bytes=-20', 206, 'bytes 0-9/10', '0123456789'],
    ['bytes=9-9', 206, 'bytes 9-9/10', '9'],
    ['bytes=4-100', 206, 'bytes 4-9/10', '456789'],
    ['bytes=0-99999999999999999999999999', 206, 'bytes 0-9/10', '0123456789'],
    ['bytes=-99999999999999999999999999', 206, 'bytes 0-9/10', '0123456789'],
    ['BYTES=1-2', 206, 'bytes 1-2/10', '12'],
    ['bytes=1-2,', 206, 'bytes 1-2/10', '12'],
    ['bytes=10-', 416, 'bytes */10', ''],
    ['bytes=10-20', 416, 'bytes */10', ''],
    ['bytes=99999999999999999999999999-', 416, 'bytes */10', ''],
    ['bytes=-0', 416, 'bytes */10', ''],
    // Invalid or unsupported: ignored, the whole file with 200.
    ['bytes=5-1', 200, undefined, '0123456789'],
    ['bytes=abc', 200, undefined, '0123456789'],
    ['bytes=', 200, undefined, '0123456789'],
    ['bytes=-', 200, undefined, '0123456789'],
    ['bytes=,', 200, undefined, '0123456789'],
    ['bytes=--1', 200, undefined, '0123456789'],
    ['bytes=1-2-3', 200, undefined, '0123456789'],
    ['bytes=+1-2', 200, undefined, '0123456789'],
    ['bytes=1.5-2', 200, undefined, '0123456789'],
    ['bytes=0x1-2', 200, undefined, '0123456789'],
    ['bytes=1 -2', 200, undefined, '0123456789'],
    ['bytes 0-1', 200, undefined, '0123456789'],
    ['0-1', 200, undefined, '0123456789'],
    ['items=0-1', 200, undefined, '0123456789'],
    ['=0-1', 200, undefined, '0123456789'],
    // Several ranges: answered with the whole file (RFC 9110 §14.2 lets a server ignore Range).
    ['bytes=0-0,5-5', 200, undefined, '0123456789'],
    ['bytes=0-1,1-2,2-3,3-4,4-5', 200, undefined, '0123456789'],
    ['bytes=5-1,0-0', 200, undefined, '0123456789'],
    ['bytes=20-30,40-50', 200, undefined, '0123456789'],
  ])('Range: %s → %i', async (range, status, contentRange, body) => {
    const answer = await get('/ten.txt', { Range: range });
    expect(answer.status).toBe(status);
    expect(answer.headers['content-range']).toBe(contentRange);
    expect(answer.body.toString()).toBe(body);
    expect(Number(answer.headers['content-length'])).toBe(body.length);
    await stillServes();
  });

  it('announces byte ranges on whole files', async () => {
    expect((await get('/ten.txt')).headers['accept-ranges']).toBe('bytes');
  });

  it('ignores a Range on HEAD', async () => {
    const head = await get('/ten.txt', { Range: 'bytes=0-1' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('10');
    expect(head.headers['content-range']).toBeUndefined();
    expect(head.body.length).toBe(0);
  });

  it('answers a Range on an empty file with the empty file', async () => {
    for (const range of ['bytes=0-0', 'bytes=-1', 'bytes=0-']) {
      const answer = await get('/empty.txt', { Range: range });
      expect(answer.status, range).toBe(200);
      expect(answer.headers['content-length']).toBe('0');
    }
  });

  it('never compresses a partial body: Content-Range counts the file’s own bytes', async () => {
    const whole = await get('/big.txt', { 'Accept-Encoding': 'gzip' });
    expect(whole.headers['content-encoding']).toBe('gzip');
    // Larger than the compression threshold (1 kB), as a whole file would be compressed.
    const part = await get('/big.txt', { 'Accept-Encoding': 'gzip', Range: 'bytes=10-2009' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe('bytes 10-2009/5000');
    expect(part.body.toString()).toBe('a'.repeat(2000));
  });

  it('honours If-Range only for the very same file (a strong validator)', async () => {
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(site, 'ten.txt'), hourAgo, hourAgo);
    const { headers } = await get('/ten.txt');
    const lastModified = headers['last-modified']!;
    expect((await get('/ten.txt', { Range: 'bytes=0-1', 'If-Range': lastModified })).status).toBe(206);
    expect(
      (await get('/ten.txt', { Range: 'bytes=0-1', 'If-Range': new Date(hourAgo.getTime() - 60_000).toUTCString() }))
        .status,
    ).toBe(200);
    // The ETag is weak (the file also goes out compressed); If-Range needs a strong one.
    expect((await get('/ten.txt', { Range: 'bytes=0-1', 'If-Range': headers.etag! })).status).toBe(200);
    expect((await get('/ten.txt', { Range: 'bytes=0-1', 'If-Range': '"something"' })).status).toBe(200);
  });

  it('answers 304 to If-None-Match, in a list or weak, and to If-Modified-Since', async () => {
    const { headers } = await get('/ten.txt');
    expect((await get('/ten.txt', { 'If-None-Match': headers.etag! })).status).toBe(304);
    expect((await get('/ten.txt', { 'If-None-Match': `"other", ${headers.etag!.replace(/^W\//, '')}` })).status).toBe(
      304,
    );
    expect((await get('/ten.txt', { 'If-None-Match': '"other"' })).status).toBe(200);
    expect((await get('/ten.txt', { 'If-Modified-Since': headers['last-modified']! })).status).toBe(304);
    expect((await get('/ten.txt', { 'If-Modified-Since': 'not a date' })).status).toBe(200);
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL'])(
    'answers %s with 405 and Allow: GET, HEAD',
    async (method) => {
      const answer = await raw(
        `${method} /about HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello`,
      );
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
      expect(answer.body.toString()).not.toContain('<h1>about');
      await stillServes();
    },
  );

  it('answers CONNECT with 405 and Allow: GET, HEAD', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    await stillServes();
  });

  it('answers a request for an Upgrade as a plain request', async () => {
    const answer = await get('/about', { Upgrade: 'websocket', Connection: 'Upgrade' });
    expect(answer.status).toBe(200);
    await stillServes();
  });

  it('answers a POST with a body, then the next request on the same connection', async () => {
    const answer = await raw(
      'POST /about HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET /ten.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(405);
    // parse() reads the first answer; the second follows it on the same connection.
    expect(answer.body.toString()).toContain('HTTP/1.1 200 OK');
    expect(answer.body.toString()).toMatch(/0123456789$/);
  });
});

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
    const dir = path.join(base, 'linked-host-files');
    await files(dir, { 'about.html': '<h1>about</h1>' });
    await symlink(path.join(base, 'outside/secret.html'), path.join(dir, '404.html'));
    await files(path.join(base, 'outside'), { headers: `/*\n  X-Leak: ${SECRET}\n` });
    await symlink(path.join(base, 'outside/headers'), path.join(dir, '_headers'));
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
    const link = path.join(base, 'site-link');
    await symlink(site, link);
    const other = await serve({ dir: link, port: 0, anyFolder: true });
    try {
      await stillServes(other);
      expect((await get('/leak.txt', {}, 'GET', other)).body.toString()).not.toContain(SECRET);
    } finally {
      await other.close();
    }
  });
});

describe('the _headers rules', () => {
  it('match paths by glob', () => {
    expect(globMatches('/*', '/')).toBe(true);
    expect(globMatches('/*', '/a/b.css')).toBe(true);
    expect(globMatches('/assets/*', '/assets/site-1.css')).toBe(true);
    expect(globMatches('/assets/*', '/assetsx/site-1.css')).toBe(false);
    expect(globMatches('/rules.json', '/rules.json')).toBe(true);
    expect(globMatches('/rules.json', '/rulesxjson')).toBe(false);
    expect(globMatches('/a/*/c', '/a/b/b/c')).toBe(true);
    expect(globMatches('/a/*/c', '/a/b/c/d')).toBe(false);
    expect(globMatches('/*.(x)+', '/y.(x)+')).toBe(true);
  });

  it('override the default headers, except those that frame the body', async () => {
    const rules = await get('/rules.json');
    expect(rules.headers['content-type']).toBe('application/speculationrules+json');
    expect(rules.headers['x-rule']).toBe('all');
    expect(rules.headers['content-length']).toBe(String('{"prerender":[]}'.length));
    expect(rules.body.toString()).toBe('{"prerender":[]}');
    expect((await get('/ten.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const target of ['/nope', '/about', '/ten.txt']) {
      const answer = await get(target);
      expect(answer.headers['x-rule'], target).toBe('all');
      if (answer.headers['content-length'] !== undefined)
        expect(Number(answer.headers['content-length']), target).toBe(answer.body.length);
    }
  });
});

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
  async function rebuild(files_: Record<string, string>) {
    const staging = `${dir}.tmp-${Date.now()}`;
    await files(staging, files_);
    await rm(`${dir}.spare`, { recursive: true, force: true });
    await rename(dir, `${dir}.spare`);
    await rename(staging, dir);
  }

  beforeAll(async () => {
    dir = path.join(base, 'rebuilt', 'dist');
    await files(dir, version(1, 'aaaa'));
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

describe('site serve on the command line', () => {
  const run = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)('node', [`${REPO}/bin/site.js`, ...args], {
        cwd: base,
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
    expect(result.stderr).toContain(path.join(base, 'nope'));
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
    const folder = path.join(base, 'odd 100% #1 café');
    const names = ['a b.txt', 'x#y.txt', 'café.txt', '%2e%2e.txt', '%41.txt'];
    await files(folder, Object.fromEntries(names.map((name) => [name, `file ${name}`])));
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
