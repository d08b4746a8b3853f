/**
 * The preview server under every kind of Range (RFC 9110 §14): satisfiable,
 * unsatisfiable, invalid or unsupported, several at once, on HEAD, on an empty
 * file and on a file it would compress; If-Range, and the conditional
 * requests that answer 304. Each request gets the answer the RFC allows, and
 * the server answers the next one. Requests go out on raw sockets, exactly as
 * written (../support/raw-http.ts).
 */
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveTrapFolder, type TrapFolder } from '../support/trap-folder';
import { requestsTo } from '../support/raw-http';

let trap: TrapFolder;
beforeAll(async () => {
  trap = await serveTrapFolder();
});
afterAll(() => trap?.close());
const { get, stillServes } = requestsTo(() => trap.server);

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
    await utimes(path.join(trap.site, 'ten.txt'), hourAgo, hourAgo);
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
