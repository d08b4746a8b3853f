/**
 * Sends one opened file of the served folder: 304 for a current copy, 206 for
 * one byte range, 416 for a range past its end, else 200; HEAD gets the
 * headers alone.
 *
 * A file is streamed from the handle opened before the headers went out, so
 * the bytes match the ETag and Content-Length even if a rebuild replaces or
 * removes the file meanwhile. If fewer bytes arrive than announced (a file
 * cut short in place) or the read fails, the connection is closed: the
 * client sees a broken response, never a short one taken for whole, and the
 * server carries on.
 */
import type http from 'node:http';
import { byteRange } from './byte-range';
import type { OpenFile } from './open-inside';
import { etagOf, ifRangeAllows, isNotModified, lastModifiedOf } from './validators';

const release = (file: OpenFile) => void file.handle.close().catch(() => undefined);

/**
 * `setHeaders` sets the file's own headers (type, caching, the `_headers` rules) before the validators
 * and lengths, which only the file decides.
 */
export function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: OpenFile,
  setHeaders: () => void,
): void {
  try {
    answer(req, res, file, setHeaders);
  } catch (error) {
    // The caller answers the error (500, or a closed connection once headers went out); closing twice is harmless.
    release(file);
    throw error;
  }
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, file: OpenFile, setHeaders: () => void): void {
  const { stats } = file;
  const etag = etagOf(stats);
  setHeaders();
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', lastModifiedOf(stats));
  res.setHeader('Accept-Ranges', 'bytes');

  if (isNotModified(req.headers, etag, stats)) {
    release(file);
    res.removeHeader('Content-Type');
    res.writeHead(304).end();
    return;
  }
  // Range is defined for GET alone (RFC 9110 §14.2): on HEAD it is ignored.
  const range =
    req.method === 'GET' && ifRangeAllows(req.headers, stats)
      ? byteRange(req.headers.range, stats.size)
      : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    release(file);
    res.setHeader('Content-Range', `bytes */${stats.size}`);
    res.removeHeader('Content-Type');
    res.writeHead(416, { 'Content-Length': 0 }).end();
    return;
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : stats.size - 1;
  if (range.kind === 'partial') res.setHeader('Content-Range', `bytes ${start}-${end}/${stats.size}`);
  res.writeHead(range.kind === 'partial' ? 206 : 200, { 'Content-Length': end - start + 1 });
  if (req.method === 'HEAD' || stats.size === 0 || res.destroyed) {
    release(file);
    res.end();
    return;
  }
  // From here the stream owns the file: it closes it when it ends, fails or is destroyed.
  stream(res, file, start, end);
}

function stream(res: http.ServerResponse, file: OpenFile, start: number, end: number): void {
  const input = file.handle.createReadStream({ start, end, autoClose: true });
  input.once('error', () => res.destroy());
  input.once('end', () => (input.bytesRead === end - start + 1 ? res.end() : res.destroy()));
  // A client gone mid-response: stop reading, which closes the file.
  res.once('close', () => input.destroy());
  input.pipe(res, { end: false });
}
