/**
 * `site serve`: a preview server that behaves like a production static host:
 * clean URLs, the `_headers` rules, compression, ETag / 304, byte ranges, and
 * the 404 page with status 404. A file is sent by the `send` package
 * (send-static.ts); this module is the middleware around it.
 *
 * It serves the folder as it is now (but for `site check`'s own server, see
 * `crawler`). Nothing is indexed at startup and no
 * folder is held open: each request looks the file up by its path
 * (open-inside.ts), so the files of a rebuild (even one by `site build` in
 * another terminal, which renames a new folder over the old) are served at
 * once, removed ones are 404, and `_headers` and 404.html are read again when
 * they change. No request can stop it: methods other than GET and HEAD get
 * 405, a path that could leave the folder in any encoding gets 400, a file
 * whose real path leaves the folder (a symbolic link out) is 404, and any
 * error while answering ends that one response, not the server.
 *
 * It refuses what the build refuses: the root and home folders are never
 * served, and a folder without a build's mark only with `anyFolder`
 * (`--any-dir`). The host's own files (`_headers`, the mark) are never served
 * under any spelling; paths a host would not answer as they are (`/about/`,
 * `//about`, `/about.html`, `/index`) get a redirect to the canonical route or
 * 404; every answer carries `X-Content-Type-Options: nosniff`. With a `base`
 * (`/notes`), the site is served under that path, as a host serves a site
 * whose base URL has one.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import compression from 'compression';
import { SiteWarning } from '../base/errors';
import { createGate, FILES_AT_ONCE } from '../base/at-most';
import { MARK, restoreOutput } from '../output/output-folder';
import { headersFor, parseHeaders, type HeaderRule } from '../output/headers-rules';
import { typeOf } from './media-types';
import { openInside } from './open-inside';
import { snapshotOpener, type OpenFolderFile } from './folder-snapshot';
import { normaliseBase } from './build-base';
import { routeOfHtmlName } from '../pages/routes';
import { sendStatic } from './send-static';
import { checkFolder, checkSafe, isLoopback, listenError } from './serve-start';

export { baseOfBuild, baseUrlOfBuild, normaliseBase } from './build-base';

export interface ServeOptions {
  dir: string;
  port?: number;
  host?: string;
  /** Serve a folder that holds no build's mark (never the root or a home folder). Default: false. */
  anyFolder?: boolean;
  /** The path the site is served under (`/notes`: the site's base URL has that path). Default: none. */
  base?: string;
  /**
   * The only client is this process's own crawler (`site check`): no time limits on a request or an idle connection.
   * Node's limits guard a server facing a network from slow clients; here the slow party is this very process, whose
   * crawl of thousands of pages can keep a request waiting past them on a loaded machine, and a 408 would be reported
   * as a broken link. Its files are looked up in a listing of the folder taken at start (folder-snapshot.ts), which the
   * check reads as it was then. Default: false (Node's limits and the folder as it is now, for `site serve` and
   * `site watch`).
   */
  crawler?: boolean;
}

/** The server's limits for the check's own crawler: requestTimeout 0 turns off headersTimeout too (Node's default). */
const CRAWLER_LIMITS: http.ServerOptions = { requestTimeout: 0, headersTimeout: 0, keepAliveTimeout: 0 };

export interface RunningServer {
  url: string;
  server: http.Server;
  /** Set when the server listens beyond this machine's loopback. */
  warnings: SiteWarning[];
  close(): Promise<void>;
}

/** True when a raw request path could leave the site folder, however it is encoded. */
export function isUnsafePath(rawUrl: string): boolean {
  const rawPath = rawUrl.split('?')[0] ?? '';
  let decoded = rawPath;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return true;
    }
  }
  return (
    /\0|\\/.test(decoded) ||
    decoded.split('/').some((segment) => segment === '..' || segment === '.') ||
    !decoded.startsWith('/')
  );
}

/** The methods a static site answers; every other one gets 405 with this list (RFC 9110 §15.5.6). */
export const ALLOWED_METHODS = 'GET, HEAD';

const NOT_FOUND_FILE = '/404.html';

/** Headers a `_headers` rule may not set: they describe the bytes on the wire, which only the server knows. */
const FRAMING_HEADERS = new Set([
  'content-length',
  'content-range',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
  'te',
]);

/** A short plain-text answer; with end(body) after setHeader, Node sends its Content-Length. */
function answer(res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', typeOf('.txt'));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(body);
}

/** Lets watch mode answer some requests itself (reload events, the error overlay) before files are served. */
export type RequestHook = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean;

/** Lets watch mode add to every HTML page it serves (its reload client): the page as the folder holds it in, the page to send out. */
export type HtmlTransform = (html: string, pathname: string) => string;

/** The path of a request target: as sent (origin form), or the path of an absolute URL, which HTTP/1.1 servers must accept. */
function targetOf(url: string): string {
  const absolute = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!absolute) return url;
  const rest = url.slice(absolute[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The files a clean URL may name, in order: /about → about, about/index, about.html, about/index.html. */
function candidatesFor(pathname: string): string[] {
  const base = pathname.replace(/^\/+|\/+$/g, '');
  return base ? [base, `${base}/index`, `${base}.html`, `${base}/index.html`] : ['index', 'index.html'];
}

/** Dotfiles (.env, .git/) are never served, as hosts do; `.well-known/` is public by definition (RFC 8615). */
const isHidden = (pathname: string) =>
  pathname.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known');

/** The host's own files: its configuration and the build's mark (a dotfile, hidden anyway), by name in any case. */
const HOST_FILES = new Set(['_headers', '_redirects', MARK.toLowerCase()]);

/**
 * Not part of the site as hosts serve it: their configuration (at any depth, in any case), and `index` or `x.html`,
 * which are not canonical URLs.
 */
function isNotServed(pathname: string): boolean {
  // The not-found page's own file is the exception: hosts answer /404.html with 200 (Netlify, GitHub
  // Pages, nginx's error_page; Cloudflare Pages via /404), so crawlers and audits can fetch it as they
  // would in production. Unknown paths still get 404.
  const last = (pathname.split('/').pop() ?? '').toLowerCase();
  return (
    pathname.split('/').some((segment) => HOST_FILES.has(segment.toLowerCase())) ||
    last === 'index' ||
    (last.endsWith('.html') && pathname !== NOT_FOUND_FILE) ||
    isHidden(pathname)
  );
}

/**
 * A file of the served folder, read again only when it changed: the same inode, size and times mean the
 * same bytes. A missing file (or one that is not a regular file inside the folder) gives `fallback`.
 */
function folderFile<T>(open: OpenFolderFile, name: string, parse: (bytes: Buffer) => T, fallback: T): () => Promise<T> {
  let cached: { key: string; value: T } | undefined;
  return async () => {
    const file = await open([name]);
    if (!file) return fallback;
    try {
      const { dev, ino, size, mtimeMs, ctimeMs } = file.stats;
      const key = `${dev}:${ino}:${size}:${mtimeMs}:${ctimeMs}`;
      if (cached?.key !== key) cached = { key, value: parse(await file.handle.readFile()) };
      return cached.value;
    } finally {
      await file.handle.close();
    }
  };
}

export function createHandler(
  dir: string,
  hook?: RequestHook,
  transformHtml?: HtmlTransform,
  base = '',
  // How a file is looked up: the folder as it is now (open-inside.ts), or as `site check` listed it (folder-snapshot.ts).
  open: OpenFolderFile = (names) => openInside(path.resolve(dir), names),
) {
  const rules = folderFile<HeaderRule[]>(open, '_headers', (bytes) => parseHeaders(bytes.toString('utf8')), []);
  const notFoundPage = folderFile<Buffer | undefined>(open, NOT_FOUND_FILE.slice(1), (bytes) => bytes, undefined);
  // A 206's Content-Range counts the file's own bytes: compressing its body would break it.
  const compress = compression({ filter: (req, res) => res.statusCode !== 206 && compression.filter(req, res) });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      answer(res, 405, 'Method not allowed: this server answers GET and HEAD\n', { Allow: ALLOWED_METHODS });
      return;
    }
    const target = targetOf(req.url ?? '/');
    if (isUnsafePath(target)) {
      answer(res, 400, 'Bad request\n');
      return;
    }
    const [rawPath, query] = [target.split('?')[0]!, target.includes('?') ? target.slice(target.indexOf('?')) : ''];
    const fullPath = decodeURIComponent(rawPath);
    // Under a base path, /notes is /notes/ and everything outside it is not the site's.
    if (base && fullPath === base) return redirect(res, `${base}/${query}`);
    const inBase = !base || fullPath.startsWith(`${base}/`);
    const pathname = inBase ? fullPath.slice(base.length) : fullPath;
    const ruleHeaders = headersFor(await rules(), fullPath).filter(
      ([name]) => !FRAMING_HEADERS.has(name.toLowerCase()),
    );
    const applyRules = () => {
      for (const [name, value] of ruleHeaders) res.setHeader(name, value);
    };
    await new Promise<void>((resolve) => compress(req as never, res as never, () => resolve()));

    const notFound = async () => {
      const page = await notFoundPage();
      applyRules();
      res.statusCode = 404;
      res.setHeader('Content-Type', typeOf('.html'));
      res.setHeader('Cache-Control', 'no-cache');
      const body = page && transformHtml ? transformHtml(page.toString('utf8'), pathname) : page;
      res.end(req.method === 'HEAD' ? undefined : (body ?? 'Not found'));
    };
    if (hook && pathname.startsWith('/__site/')) {
      applyRules();
      if (hook(req, res, pathname)) return;
    }
    if (!inBase || pathname.includes('//') || /%2f|%5c/i.test(rawPath)) return notFound();
    // A page's own file name (/about.html): hosts answer it with the page, and Cloudflare Pages and Netlify redirect.
    const named = pathname === NOT_FOUND_FILE ? undefined : routeOfHtmlName(pathname);
    if (named !== undefined && !isNotServed(named)) {
      const page = await open(candidatesFor(named));
      await page?.handle.close();
      if (page) return redirect(res, `${base}${named}${query}`);
    }
    if (isNotServed(pathname)) return notFound();
    // A trailing slash is not a canonical route: hosts redirect /about/ to /about when there is such a page.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      const canonical = pathname.slice(0, -1);
      if (isNotServed(canonical)) return notFound();
      const page = await open(candidatesFor(canonical));
      await page?.handle.close();
      return page ? redirect(res, `${base}${canonical}${query}`) : notFound();
    }
    if (hook) {
      applyRules();
      if (hook(req, res, pathname)) return;
    }
    const file = await open(candidatesFor(pathname));
    if (!file) return notFound();
    if (transformHtml && file.name.endsWith('.html')) {
      // The page as it is on disk now, with watch mode's additions: sent whole, never cached.
      let html: string;
      try {
        html = transformHtml((await file.handle.readFile()).toString('utf8'), pathname);
      } finally {
        await file.handle.close();
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', typeOf('.html'));
      res.setHeader('Cache-Control', 'no-cache');
      applyRules();
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    await sendStatic(req, res, file, {
      setHeaders: () => {
        if (file.name.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        // The rules come before send's defaults, which it sets only where no header is: a rule's header wins.
        applyRules();
      },
      onError: (status, headers) => {
        if (status === 404) notFound().catch(() => res.destroy());
        else answer(res, status, '', { ...headers, 'Content-Length': '0' });
      },
    });
  };

  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    handle(req, res).catch((error: unknown) => {
      // A fault of the server or the disk (not a missing file): this response fails, the server goes on.
      console.error(`site serve: ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else answer(res, 500, 'Internal server error\n');
    });
  };
}

/** A permanent redirect to `location` (a path of this site), as a host answers a non-canonical URL. */
function redirect(res: http.ServerResponse, location: string): void {
  answer(res, 301, `Moved to ${location}\n`, { Location: location });
}

/**
 * CONNECT bypasses the request handler: it is refused on the raw socket. (Requests asking for an
 * Upgrade reach the handler as plain requests, since no 'upgrade' listener is set.)
 */
function refuseOnSocket(socket: Duplex) {
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

export async function serve(
  options: ServeOptions & { hook?: RequestHook; transformHtml?: HtmlTransform },
): Promise<RunningServer> {
  const dir = path.resolve(options.dir);
  const base = normaliseBase(options.base);
  // A build killed while swapping its output in may have left no folder to serve: its finished site goes back first.
  const restored = await restoreOutput(dir);
  await checkFolder(options.dir, dir);
  await checkSafe(options.dir, dir, options.anyFolder === true);
  // The check's server answers from the folder as the check listed it: the same answers, fewer system calls a request.
  const open = options.crawler ? await snapshotOpener(dir) : undefined;
  const handler = createHandler(dir, options.hook, options.transformHtml, base, open);
  // The check's crawler asks for up to 100 pages at once: answered all at once, each holding its file (and
  // `_headers`) open, a few hundred pages run out of file handles under macOS's default limit of 256.
  const gate = createGate(FILES_AT_ONCE);
  const server = http.createServer(
    options.crawler ? CRAWLER_LIMITS : {},
    options.crawler
      ? (req, res) =>
          void gate(
            () =>
              new Promise<void>((resolve) => {
                res.once('close', resolve);
                handler(req, res);
              }),
          )
      : handler,
  );
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => refuseOnSocket(socket));
  const host = options.host ?? '127.0.0.1';
  const wanted = options.port ?? 4321;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, wanted, host) ?? error));
    server.listen(wanted, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${base}/`;
  const warnings = isLoopback(host)
    ? restored
    : [...restored, new SiteWarning('ServingBeyondLoopback', { host, url, watch: options.hook !== undefined })];
  return {
    url: url.slice(0, -1),
    server,
    warnings,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
