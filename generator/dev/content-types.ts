/**
 * The Content-Type the preview server sends for a file, by its extension:
 * the types static hosts send for the files a website holds. Text types name
 * UTF-8, which the build writes. A `_headers` rule overrides any of these
 * (a JSON file served as application/speculationrules+json, say).
 */
import path from 'node:path';

const UTF8 = '; charset=utf-8';

const TYPES: Record<string, string> = {
  // Documents and code
  '.html': `text/html${UTF8}`,
  '.htm': `text/html${UTF8}`,
  '.css': `text/css${UTF8}`,
  '.js': `text/javascript${UTF8}`,
  '.mjs': `text/javascript${UTF8}`,
  '.cjs': `text/javascript${UTF8}`,
  '.json': 'application/json',
  '.map': 'application/json',
  '.jsonld': 'application/ld+json',
  '.webmanifest': 'application/manifest+json',
  '.xml': `application/xml${UTF8}`,
  '.rss': `application/rss+xml${UTF8}`,
  '.atom': `application/atom+xml${UTF8}`,
  '.xsl': `application/xslt+xml${UTF8}`,
  '.txt': `text/plain${UTF8}`,
  '.asc': `text/plain${UTF8}`,
  '.md': `text/markdown${UTF8}`,
  '.csv': `text/csv${UTF8}`,
  '.ics': `text/calendar${UTF8}`,
  '.vtt': `text/vtt${UTF8}`,
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  // Images
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.apng': 'image/apng',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.bmp': 'image/bmp',
  // Fonts
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  // Audio and video
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
};

/** Bytes of no known type: browsers download them rather than guess (with X-Content-Type-Options: nosniff). */
export const UNKNOWN_TYPE = 'application/octet-stream';

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? UNKNOWN_TYPE;
}
