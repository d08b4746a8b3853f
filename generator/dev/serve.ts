/**
 * `site serve`: a preview server that behaves like a production static host.
 * sirv serves the files (ETag / 304, HEAD, content types); this module adds
 * clean URLs, the `_headers` rules, compression, the 404 page with status 404,
 * and refuses path traversal in any encoding before a request reaches sirv.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { headersFor, parseHeaders, type HeaderRule } from '../output/headers-rules';

export interface ServeOptions {
  dir: string;
  port?: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
  /** Re-reads `_headers` and 404.html (after a rebuild). */
  reload(): Promise<void>;
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
  return /\0|\\/.test(decoded) || decoded.split('/').some((segment) => segment === '..' || segment === '.') || !decoded.startsWith('/');
}

const NOT_FOUND_FILE = '/404.html';

const TEXT_TYPES: Record<string, string> = { '.txt': 'text/plain; charset=utf-8', '.xml': 'application/xml; charset=utf-8' };

/** Lets watch mode answer some requests itself (live pages, reload events) before files are served. */
export type RequestHook = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean;

export function createHandler(dir: string, state: { rules: HeaderRule[]; notFound: Buffer | undefined }, hook?: RequestHook) {
  const root = path.resolve(dir);
  const applyHeaders = (res: http.ServerResponse, pathname: string) => {
    for (const [name, value] of headersFor(state.rules, pathname)) res.setHeader(name, value);
  };
  const files = sirv(root, {
    dev: false,
    etag: true,
    dotfiles: true,
    extensions: ['html'],
    ignores: false,
    setHeaders(res, pathname) {
      const type = TEXT_TYPES[path.extname(pathname)];
      if (type) res.setHeader('Content-Type', type);
      if (pathname.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const compress = compression();

  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    if (isUnsafePath(url)) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    const pathname = decodeURIComponent(url.split('?')[0]!);
    applyHeaders(res, pathname);
    compress(req as never, res as never, () => {
      const notFound = () => {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(req.method === 'HEAD' ? undefined : (state.notFound ?? 'Not found'));
      };
      // Host configuration files are not part of the site; /index and /x.html are not canonical URLs.
      // The not-found page's own file is the exception: hosts answer /404.html with 200 (Netlify, GitHub
      // Pages, nginx's error_page; Cloudflare Pages via /404), so crawlers and audits can fetch it as they
      // would in production. Unknown paths still get 404.
      if (pathname === '/_headers' || (pathname.endsWith('.html') && pathname !== NOT_FOUND_FILE) || pathname === '/index') return notFound();
      if (hook?.(req, res, pathname)) return;
      files(req, res, notFound);
    });
  };
}

export async function serve(options: ServeOptions & { hook?: RequestHook }): Promise<RunningServer> {
  const dir = path.resolve(options.dir);
  const state: { rules: HeaderRule[]; notFound: Buffer | undefined } = { rules: [], notFound: undefined };
  const reload = async () => {
    state.rules = parseHeaders(await readFile(path.join(dir, '_headers'), 'utf8').catch(() => ''));
    state.notFound = await readFile(path.join(dir, '404.html')).catch(() => undefined);
  };
  await reload();
  const server = http.createServer(createHandler(dir, state, options.hook));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${options.port} on ${host} is already in use: pass another with --port`) : error);
    });
    server.listen(options.port ?? 4321, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    server,
    reload,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
