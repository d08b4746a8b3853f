/**
 * The worker thread of bundle-ahead.ts: checks that the build would make a
 * cache (it writes nothing where the build refuses to build), chooses the
 * cache folder as the Site does, then bundles the theme and the islands into
 * it, and says when each is there. On a thread of its own, its event loop
 * answers esbuild's plugin calls (the theme's shared packages) at once, while
 * the main thread is busy compiling the engine. Anything that goes wrong only
 * means the Site does that work itself.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { cacheFolder } from '../cache/cache-dir';
import { pagesToBuild, type ProjectPaths } from '../core/project';
import { bundleTheme, themeEntry } from '../render/load-theme';
import { bundleScripts, scriptEntries } from './bundle-assets';

/** What the worker says, in this order, once each bundle is in the cache or could not be made. */
export type AheadMessage = { bundled: 'theme' | 'scripts' };

const say = (message: AheadMessage) => parentPort!.postMessage(message);
const paths = (workerData as { paths: ProjectPaths }).paths;

// Only where the build itself would make its cache: past the checks it makes before writing anything, with a theme.
const buildable = await pagesToBuild(paths).then(() => access(themeEntry(paths.themeDir))).then(() => true, () => false);
// The folder the Site chooses too (cache-dir.ts; a fallback's warning is the Site's to give).
const cache = buildable ? await cacheFolder(paths.cacheDir, path.join(paths.root, 'node_modules')).catch(() => undefined) : undefined;
if (cache) {
  await bundleTheme(paths.themeDir, cache.dir).catch(() => undefined);
  say({ bundled: 'theme' });
  await bundleScripts(await scriptEntries(paths.islandsDir), paths.root, cache.dir).catch(() => undefined);
  say({ bundled: 'scripts' });
}
