/**
 * The validators of a served file (ETag, Last-Modified) and the conditional
 * requests that use them (RFC 9110 §13): If-None-Match / If-Modified-Since
 * answer 304, If-Range decides whether a Range is honoured.
 *
 * The ETag is weak: the same file goes out gzip-compressed or not, and a
 * strong tag would claim the two are byte for byte the same.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Stats } from 'node:fs';

export const etagOf = (stats: Stats) => `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

export const lastModifiedOf = (stats: Stats) => new Date(stats.mtimeMs).toUTCString();

/** The opaque part of an entity tag, for the weak comparison (§8.8.3.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** True when the client's copy is current: answer 304 to a GET or HEAD. If-None-Match wins over If-Modified-Since (§13.2.2). */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, stats: Stats): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    return noneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const date = Date.parse(since);
  // HTTP dates have whole seconds; an unreadable date is ignored (§13.1.3).
  return !Number.isNaN(date) && Math.floor(stats.mtimeMs / 1000) * 1000 <= date;
}

/**
 * True when a Range may be honoured under If-Range (§13.1.5): without one, or
 * when it names this very representation by a strong validator. Our ETag is
 * weak, so only a date can match: exactly the Last-Modified sent, and only when
 * that is strong, i.e. the file is at least a second older than now (§8.8.2.2).
 */
export function ifRangeAllows(headers: IncomingHttpHeaders, stats: Stats, now = Date.now()): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  // Sent twice, it names no one representation.
  if (typeof ifRange !== 'string') return false;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return false;
  return value === lastModifiedOf(stats) && stats.mtimeMs <= now - 1000;
}
