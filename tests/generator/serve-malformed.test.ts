/**
 * The preview server under malformed and unusual requests: a garbage request
 * line, bad headers, absurd lengths, bad percent-encoding, traversal in an
 * absolute-form target, a connection closed mid-request, a path that would
 * make a _headers glob slow, and methods other than GET and HEAD. Each gets an
 * answer (an error status where it cannot be served), content from outside
 * the folder is never sent, and the server answers the next request. Requests
 * go out on raw sockets, exactly as written (../support/raw-http.ts), to a
 * folder that holds what the server must never send
 * (../support/trap-folder.ts).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET, serveTrapFolder, type TrapFolder } from '../support/trap-folder';
import { requestsTo } from '../support/raw-http';

let trap: TrapFolder;
beforeAll(async () => {
  trap = await serveTrapFolder();
});
afterAll(() => trap?.close());
const { get, port, raw, stillServes } = requestsTo(() => trap.server);

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
