/**
 * The bundles a build needs first, started before the rest of the engine has
 * loaded: a worker thread (bundle-ahead-task.ts) has esbuild bundle the theme,
 * then the islands, while Node compiles the engine's modules on this thread,
 * instead of after them. The CLI starts it and hands it to the Site
 * (SiteOptions.ahead).
 *
 * It only fills the cache. The Site finds these bundles as it finds an
 * earlier build's, each checked against its inputs (load-theme.ts,
 * asset-cache.ts): it looks in the cache first (a warm build waits for
 * nothing) and, on a miss, waits for the bundle being made here and looks
 * again. So what it renders does not depend on whether this ran, finished or
 * failed: a bundle that failed here is bundled again by the Site, which
 * reports the error.
 */
import { Worker } from 'node:worker_threads';
import { workerTask } from '../core/engine-files';
import { projectPaths, type ProjectPaths, type ProjectPlaces } from '../core/project';
import { themeBundled } from '../render/load-theme';
import { scriptsBundled } from './bundle-assets';
import type { AheadMessage } from './bundle-ahead-task';

export interface BundlesAhead {
  /** The places the bundles are made for: a Site of other places ignores them. */
  paths: ProjectPaths;
  /**
   * Each settles, never rejects, once its bundle is in the cache or will not be made here: where the build would
   * refuse to build before it writes anything, without a theme or a cache folder, or when esbuild fails.
   */
  theme: Promise<void>;
  scripts: Promise<void>;
}

const task = workerTask('bundle-ahead-task', 'assets/bundle-ahead-task.ts');

/**
 * Starts bundling the theme and the islands of the project at `places` (where the build would make a cache at all),
 * unless the cache names both as they are now: a build that will find them there starts no thread.
 */
export async function bundleAhead(places: ProjectPlaces): Promise<BundlesAhead> {
  const paths = projectPaths(places);
  const bundled = await Promise.all([themeBundled(paths.themeDir, paths.cacheDir), scriptsBundled(paths.islandsDir, paths.root, paths.cacheDir)]).catch(() => [false]);
  if (bundled.every(Boolean)) return { paths, theme: Promise.resolve(), scripts: Promise.resolve() };
  let theme!: () => void;
  let scripts!: () => void;
  const ahead: BundlesAhead = { paths, theme: new Promise((resolve) => (theme = resolve)), scripts: new Promise((resolve) => (scripts = resolve)) };
  // However it ends, what it has not said will not happen (settling twice changes nothing).
  const ended = () => {
    theme();
    scripts();
  };
  let worker: Worker;
  try {
    // Not unref'd: a Site's dispose waits for it (no process ends while it writes the cache), and it ends by itself.
    worker = new Worker(task.file, { workerData: { paths }, env: task.env });
  } catch {
    ended(); // no thread to be had (a limit on threads): the Site bundles as it would without one
    return ahead;
  }
  worker.on('message', (message: AheadMessage) => (message.bundled === 'theme' ? theme() : scripts()));
  worker.on('error', ended);
  worker.on('exit', ended);
  return ahead;
}

/** Whether `ahead` was made for a Site of `paths`. */
export const madeFor = (ahead: BundlesAhead, paths: ProjectPaths): boolean =>
  (['root', 'pagesDir', 'themeDir', 'islandsDir', 'cacheDir'] as const).every((place) => ahead.paths[place] === paths[place]);
