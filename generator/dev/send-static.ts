/**
 * Sends one file of the served folder with `send`, the file sender of
 * Express's static middleware: ETag and Last-Modified with 304 and 412, one
 * byte range (206, 416), HEAD, and the Content-Type by the file's extension
 * (from mime-types).
 *
 * What stays here is where a preview server must be stricter than send:
 * - The Range header is read by byte-range.ts, to the letter of RFC 9110
 *   (send's range-parser takes `bytes=5-1` as unsatisfiable and reads numbers
 *   loosely); send is handed the one range decided, or none.
 * - If-Range is honoured only for a strong validator (RFC 9110 §13.1.5): our
 *   ETag is weak, since the same file also goes out compressed.
 * - A file cut short in place while it is sent (a rebuild recycles files)
 *   closes the connection: a client never takes a short body for a whole one.
 * - send's error pages are replaced by the server's own answers (`onError`),
 *   which keep `nosniff` and the `_headers` rules.
 */
import type { Stats } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import send from 'send';
import { byteRange } from './byte-range';
import type { OpenFile } from './open-inside';

export interface SendOptions {
  /** Sets the file's own headers (caching, the `_headers` rules) before send sets the ones it has not. */
  setHeaders: () => void;
  /** Answers a status send could not answer with the file (404: it went away; 416; 412; 500: it failed to read). */
  onError: (status: number, headers: Record<string, string>) => void;
}

/** The Last-Modified send writes for a file (an HTTP date, whole seconds). */
const lastModifiedOf = (stats: Stats) => new Date(stats.mtimeMs).toUTCString();

/**
 * True when a Range may be honoured under If-Range (§13.1.5): without one, or when it names this very representation
 * by a strong validator. Our ETag is weak, so only a date can match: exactly the Last-Modified sent, and only when
 * that is strong, i.e. the file is at least a second older than now (§8.8.2.2).
 */
function ifRangeAllows(headers: http.IncomingHttpHeaders, stats: Stats, now = Date.now()): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  // Sent twice, it names no one representation.
  if (typeof ifRange !== 'string') return false;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return false;
  return value === lastModifiedOf(stats) && stats.mtimeMs <= now - 1000;
}

/** Leaves in the request the one range to send, in a form send reads as meant, or none. */
function decideRange(req: http.IncomingMessage, stats: Stats): void {
  const header = req.headers.range;
  const allowed = ifRangeAllows(req.headers, stats);
  delete req.headers.range;
  delete req.headers['if-range'];
  // Range is defined for GET alone (RFC 9110 §14.2): on HEAD it is ignored.
  if (header === undefined || req.method !== 'GET' || !allowed) return;
  const range = byteRange(header, stats.size);
  if (range.kind === 'partial') req.headers.range = `bytes=${range.start}-${range.end}`;
  else if (range.kind === 'unsatisfiable') req.headers.range = `bytes=${stats.size}-`;
}

/** The file's path under the folder, as the URL path send takes (every name percent-encoded as it is). */
const urlPathOf = (realRoot: string, realFile: string) =>
  `/${path.relative(realRoot, realFile).split(path.sep).map(encodeURIComponent).join('/')}`;

export async function sendStatic(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: OpenFile,
  options: SendOptions,
): Promise<void> {
  // send opens the file by its path again: the opened one served to check it (a regular file, inside the folder).
  await file.handle.close();
  decideRange(req, file.stats);
  send(req, urlPathOf(file.realRoot, file.real), {
    root: file.realRoot,
    dotfiles: 'allow', // hidden names are refused before (serve.ts), `.well-known/` is served
    index: false,
    cacheControl: false,
  })
    .on('headers', () => options.setHeaders())
    .on('stream', (stream: NodeJS.ReadableStream & { bytesRead: number }) => {
      const announced = Number(res.getHeader('Content-Length'));
      // Runs before send's pipe ends the response: fewer bytes than announced close the connection instead.
      stream.once('end', () => {
        if (stream.bytesRead !== announced) res.destroy();
      });
    })
    .on('error', (error: { status?: number; headers?: Record<string, string> }) => {
      if (res.headersSent) res.destroy();
      else options.onError(error.status ?? 500, error.headers ?? {});
    })
    .pipe(res);
}
