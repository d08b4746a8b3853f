/**
 * `site watch`: the Site of `site build` (core/site.ts), kept alive and fed
 * the files chokidar reports, so it rebuilds only what a change affects and
 * writes it into an output folder of its own in the build cache, never the
 * build's (output/watch-folder.ts: watch builds drafts, and dist/ is what
 * `site build` made, the folder a deploy uploads); served like `site serve`,
 * from that folder as it is on disk, with a reload client added to each page. Bursts of
 * changes are batched into one rebuild; a failed rebuild never stops the
 * watcher: the terminal prints the error, browsers show the overlay, and the
 * next good save recovers by itself. After a failed update, the next change
 * updates everything from the files as they are then, so fixing the mistake
 * is enough, whatever the failed update had half done. A watched folder
 * deleted and made again (a branch switch) is watched again; the watcher's
 * own errors are reported, never fatal.
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { watch as chokidar } from 'chokidar';
import type { BuildOptions } from '../core/build';
import { DEV_CLIENT, OVERLAY_CSS } from './dev-client';
import { catalogued, SiteError } from '../base/errors';
import { SYSTEM_HINTS } from '../base/errors-data';
import { displayPath } from '../base/paths';
import type { Logger } from '../base/logger';
import { overlayHtml } from './overlay';
import { serve, type RunningServer } from './serve';
import { typeOf } from './media-types';
import { projectPaths, Site, type PagesWritten, type UpdateResult } from '../core/site';
import { cacheFolder } from '../cache/cache-dir';
import { removeWatchFolder, watchFolder } from '../output/watch-folder';
import { checkOutputPlace, readOwnedFolder, restoreOutput } from '../output/output-folder';
import { stageEmpty } from '../output/write-site';
import { briefList } from '../base/brief-list';

/** Quiet time that closes a burst of changes (a branch switch, a save-all) into one rebuild. */
export const BATCH_MS = 5;

/**
 * How long an update's search index and content store wait once its pages are written and browsers told, unless a
 * change comes first: the browsers' reloads are answered before Pagefind indexes every page on the other core (at
 * 10,000 posts, an edit's page was served tens of milliseconds later when the index began at once).
 */
export const RELOAD_GRACE_MS = 150;

/** A wait of `ms` that `end()` cuts short: the grace an update's background work gives the reloads it caused. */
export function graceOf(ms: number): { wait: Promise<void>; end: () => void } {
  let end!: () => void;
  const wait = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    end = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { wait, end };
}

/** As a build's, but for the output folder: watch writes its own (output/watch-folder.ts). */
export interface WatchOptions extends Omit<BuildOptions, 'outDir'> {
  port?: number;
  host?: string;
  logger: Logger;
  format?: (error: unknown) => string;
  /**
   * Called at each state of the start, awaited: the watchers made and reading the folders (`scanning`), the first
   * build made but not yet in place (`built`), and "Serving at" said (`serving`). Tests change files there.
   */
  onStart?: (state: 'scanning' | 'built' | 'serving') => void | Promise<void>;
  /** Called after every rebuild attempt (tests and the benchmark listen here). */
  onRebuild?: (result: UpdateResult | { error: unknown; ms: number }, changed: string[]) => void;
}

export interface Watching {
  site: Site;
  server: RunningServer;
  close(): Promise<void>;
}

/** The compression middleware buffers; events must go out at once. */
const flush = (res: http.ServerResponse) => (res as http.ServerResponse & { flush?: () => void }).flush?.();

const clientTag = (route: string) =>
  `<script type="module" src="/__site/client.js?route=${encodeURIComponent(route)}"></script>`;
const withClient = (html: string, route: string) => html.replace('</head>', `${clientTag(route)}</head>`);
const routeOf = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '').replace(/\.html$/, '') : '/');

export async function startWatch(options: WatchOptions): Promise<Watching> {
  const log = options.logger;
  // Drafts are built while writing (never in the sitemap or a feed); site build leaves them out.
  const places = projectPaths(options);
  // The cache folder first: watch's output folder is in it (or in the private folder a build falls back on).
  const cache = await cacheFolder(places.cacheDir, path.join(places.root, 'node_modules'));
  if (cache.warning) log.warn(String(cache.warning));
  const outDir = await watchFolder(cache.dir, { ...places, baseUrl: options.baseUrl });
  const site = new Site({
    ...options,
    cacheDir: cache.dir,
    outDir,
    drafts: options.drafts ?? true,
    incremental: true,
  });
  // Each warning is printed when it comes, not again after every rebuild that still has it: a change of one of them
  // (a post added, its broken link among hundreds a migrated site allows) printed every one again.
  let warned = new Set<string>();
  const warn = (warnings: readonly unknown[]) => {
    const now = warnings.map(String);
    for (const text of now) if (!warned.has(text)) log.warn(text);
    warned = new Set(now);
  };
  const clients = new Set<http.ServerResponse>();
  let failure: unknown;
  /** Set once a build succeeded: its pages are served from then on, through any failed update, until the next good one. */
  let good = false;
  /** What browsers show of a failure: the catalogued errors, each with its place and hint. */
  const failed = (error: unknown) => ({
    errors: catalogued(error).map(({ kind, title, location, message, hint }) => ({
      kind,
      title,
      location,
      message,
      hint,
    })),
  });

  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) {
      client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      flush(client);
    }
  };
  const format = options.format ?? ((e: unknown) => String(e));

  const started = performance.now();
  // An output folder the build may not write is fatal here: watch would otherwise serve it, and write into it.
  checkOutputPlace(site.paths.outDir, site.paths);
  // A build killed while swapping its output in may have left no output folder: its finished site goes back first.
  for (const note of await restoreOutput(site.paths.outDir, site.paths)) log.warn(String(note));
  await readOwnedFolder(site.paths.outDir);

  // Watch mode answers its own requests (events, client, overlay); pages come from the output folder with the client added.
  const hook = (req: http.IncomingMessage, res: http.ServerResponse, pathname: string): boolean => {
    if (pathname === '/__site/events') {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        Connection: 'keep-alive',
      });
      // A page loaded while the last update failed shows that failure at once, over the last good page.
      if (failure !== undefined && good) res.write(`event: failed\ndata: ${JSON.stringify(failed(failure))}\n\n`);
      res.write(': connected\n\n');
      flush(res);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    }
    if (pathname === '/__site/client.js' || pathname === '/__site/overlay.css') {
      const js = pathname.endsWith('.js');
      res.writeHead(200, {
        'Content-Type': typeOf(path.extname(pathname)),
        'Cache-Control': 'no-cache',
      });
      res.end(js ? DEV_CLIENT : OVERLAY_CSS);
      return true;
    }
    // Until a build succeeded there is no page to show: the overlay stands in for every page. After that, a failed
    // update changed nothing, and the last good pages are served, the browsers showing the failure over them.
    if (!failure || good || path.extname(pathname) !== '') return false;
    const route = routeOf(pathname);
    res.statusCode = 500;
    res.setHeader('Content-Type', typeOf('.html'));
    res.setHeader('Cache-Control', 'no-cache');
    // The overlay carries the reload client already.
    res.end(req.method === 'HEAD' ? undefined : overlayHtml(failure, route, options.verbose === true));
    return true;
  };
  const transformHtml = (html: string, pathname: string) => withClient(html, routeOf(pathname));

  let pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the grace of the update running now, if it is in it: a change makes its background work wait no longer. */
  let endGrace = () => {};
  // Rebuilds queue behind the first build: a change reported while it runs is built once it is done.
  let firstBuilt!: () => void;
  let running: Promise<void> = new Promise<void>((resolve) => (firstBuilt = resolve));
  /** Set when a watched folder was made again: what it holds now is read whole. */
  let everything = false;
  let server: RunningServer | undefined;

  const rebuild = async () => {
    const changed = [...pending];
    pending = new Set();
    if (changed.length === 0) return;
    const at = performance.now();
    /** Logs an update whose pages are written and tells browsers: once, as soon as they are served. */
    let told = false;
    const tell = (result: PagesWritten) => {
      told = true;
      warn(result.warnings);
      const recovered = failure !== undefined;
      failure = undefined;
      good = true;
      const what = briefList(
        changed.map((f) => path.relative(process.cwd(), f)),
        3,
      );
      // A page is reloaded when its HTML changed, or a file it shows (an image beside it).
      const routes = [...result.routes, ...result.shows];
      log.info(
        `${new Date().toLocaleTimeString()} ${what} → ${routes.includes('*') ? 'all pages' : briefList(routes, 3) || 'no pages'} in ${Math.round(result.ms)} ms${recovered ? ' (recovered)' : ''}`,
      );
      if (result.stylesheet && !recovered)
        broadcast('css', { href: result.stylesheet, replaces: result.replacedStylesheet });
      else broadcast('reload', { routes: recovered ? ['*'] : routes });
      const grace = graceOf(RELOAD_GRACE_MS);
      endGrace = grace.end;
      return grace.wait;
    };
    try {
      // The server reads the output folder (its files, _headers and 404.html) as it is at each request. After a
      // failure, everything is read again: what the failed update left half done is never built upon. A watch
      // update's pages are told as soon as they are written (its search index and content store come after them).
      const result = await site.update(failure === undefined && !everything ? changed : 'all', tell);
      everything = false;
      await site.commit(); // a change of the config rebuilds everything into a new folder
      if (!told) void tell(result);
      log.debug(
        `  ${Object.entries(result.steps)
          .map(([step, ms]) => `${step} ${ms.toFixed(1)} ms`)
          .join(', ')}`,
      );
      options.onRebuild?.(result, changed);
    } catch (error) {
      failure = error;
      log.error(`${new Date().toLocaleTimeString()} build failed:\n${format(error)}`);
      broadcast('failed', failed(error));
      options.onRebuild?.({ error, ms: performance.now() - at }, changed);
    }
  };

  // The watchers start, and finish reading the folders, before the first build reads a file: a change made at any
  // moment of the start is either read by that build or reported to the queue, which builds it once that build is done.
  const watcher = chokidar([site.paths.pagesDir, site.paths.themeDir, site.paths.islandsDir], {
    ignoreInitial: true,
    // Without this, chokidar drops writes that follow one another within ~50 ms (measured: 3 of 6 seen);
    // a short stability window reports the final state of every file, at ~10 ms of latency.
    awaitWriteFinish: { stabilityThreshold: 8, pollInterval: 4 },
    ignored: (file) => /(^|[/\\])(\.|node_modules)/.test(path.basename(file)) && file !== site.paths.root,
  });
  const watched = [site.paths.pagesDir, site.paths.themeDir, site.paths.islandsDir].map((dir) => path.resolve(dir));
  const queue = (file: string) => {
    pending.add(path.resolve(file));
    // An update running now leaves its search index to the update of this change (core/site.ts, interrupt).
    site.interrupt();
    endGrace();
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A rebuild never rejects the chain, or later changes would wait forever.
      running = running.then(rebuild).catch((error: unknown) => log.error(format(error)));
    }, BATCH_MS);
  };
  watcher.on('all', (_event, file) => queue(file));
  // A folder chokidar cannot read (permissions, removed meanwhile) is reported; watching goes on.
  watcher.on('error', (error: unknown) => log.error(format(watcherError(error))));
  // The project's root, one level deep: a watched folder deleted and made again (a branch switch) is watched again.
  const parents = [...new Set(watched.map((dir) => path.dirname(dir)))];
  const roots = chokidar(parents, {
    ignoreInitial: true,
    depth: 0,
    ignored: (file) => !parents.includes(path.resolve(file)) && /^(\.|node_modules)/.test(path.basename(file)),
  });
  roots.on('error', () => undefined);
  roots.on('addDir', (dir) => {
    const folder = path.resolve(dir);
    if (!watched.includes(folder)) return;
    watcher.unwatch(folder);
    watcher.add(folder);
    everything = true;
    queue(folder);
  });
  const ready = Promise.all(
    [watcher, roots].map((w) => new Promise<void>((resolve) => w.once('ready', () => resolve()))),
  );
  try {
    await options.onStart?.('scanning');
    await ready;
    try {
      const result = await site.update('all');
      await options.onStart?.('built');
      await site.commit();
      good = true;
      warn(result.warnings);
    } catch (error) {
      failure = error;
      log.error(format(error));
      // Even when the first build failed, serve (the overlay) from an output folder of the build's own.
      await stageEmpty(site.paths.outDir, site.paths);
    }

    // A base URL with a path (https://example.github.io/notes) is served under that path, as its host will.
    const base = site.config ? new URL(site.config.baseUrl).pathname : undefined;
    server = await serve({
      dir: site.paths.outDir,
      port: options.port,
      host: options.host,
      base,
      hook,
      transformHtml,
    });
  } catch (error) {
    clearTimeout(timer);
    await Promise.all([watcher.close(), roots.close()]);
    await site.dispose();
    await removeWatchFolder(outDir);
    throw error;
  }
  for (const warning of server.warnings) log.warn(String(warning));
  // Said once the watchers have read the folders and the first build is done: every change made since the start is
  // built by now or queued, and a user (or a script) takes "Serving at" as the moment edits count.
  // A folder not made yet (islands/, most often) is watched for the moment it is.
  const shown = (dir: string) => `${path.relative(process.cwd(), dir) || '.'}${existsSync(dir) ? '' : ' (once made)'}`;
  log.info(`Watching ${[site.paths.pagesDir, site.paths.themeDir, site.paths.islandsDir].map(shown).join(', ')}`);
  log.info(`Serving at ${server.url} (ready in ${Math.round(performance.now() - started)} ms; Ctrl-C to stop)`);
  await options.onStart?.('serving');
  firstBuilt();
  site.warmUp();
  const serving = server;

  return {
    site,
    server: serving,
    async close() {
      clearTimeout(timer);
      await Promise.all([watcher.close(), roots.close()]);
      await running;
      for (const client of clients) client.end();
      await serving.close();
      await site.dispose();
      // A preview, never mistaken for a build: it goes when the watch stops.
      await removeWatchFolder(outDir);
    },
  };
}

/** A watcher's error as the named error the terminal shows: what failed, where, and that the watch goes on. */
function watcherError(error: unknown): SiteError {
  const e: NodeJS.ErrnoException = error instanceof Error ? error : new Error(String(error));
  const code = e.code ?? 'EIO';
  const shown = e.path === undefined ? undefined : displayPath(e.path);
  return new SiteError(
    'SystemError',
    { code, syscall: 'watch', path: shown, problem: e.message.replace(`${code}: `, '').replace(/, \w+ '.*'$/, '') },
    {
      file: shown,
      hint: `${SYSTEM_HINTS[code] ?? 'Check the folder named.'} site watch goes on without it; restart it once the folder can be read, to watch it too.`,
      cause: error,
    },
  );
}
