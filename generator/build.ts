/**
 * `site build`: a short list of named, timed steps.
 *
 *   config → theme → pages → assets → render → links → host files → write → report
 *
 * Assets are bundled before rendering (not after, as in some generators) so
 * pages can reference the content-hashed file names directly; bundling runs
 * alongside page loading.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { bundleAssets, type Assets } from './bundle-assets';
import { checkLinks } from './check-links';
import { CONFIG_FILE, loadConfig, type SiteConfig } from './config';
import { SiteError, throwIfAny } from './errors';
import { headersFile, robots, securityTxt, sitemap, styleHash } from './host-files';
import { siteImages } from './images';
import { loadPages, PUBLIC_DIR } from './load-pages';
import { loadTheme } from './load-theme';
import { createLogger, timed, type Logger } from './logger';
import { renderPages, scriptEntries, type RenderedPage } from './render-pages';
import { formatReport, measure, type OutputFile } from './report';
import type { PageInfo, Theme } from './types';
import { writeSite, type SiteFiles } from './write-site';
import { listFiles } from './list-files';

export interface BuildOptions {
  /** Project root: holds templates/, islands/ and the cache. Default: the working directory. */
  root?: string;
  /** Content folder with the markdown pages and site.yml. Default: <root>/pages. */
  pagesDir?: string;
  /** Output folder. Default: <root>/dist. */
  outDir?: string;
  /** Overrides the config's baseUrl (e.g. for a preview deployment). */
  baseUrl?: string;
  logger?: Logger;
  /** List every output file in the report. */
  verbose?: boolean;
  now?: Date;
}

export interface BuildResult {
  config: SiteConfig;
  pages: PageInfo[];
  outputs: OutputFile[];
  warnings: string[];
  steps: Record<string, number>;
  ms: number;
  outDir: string;
}

export interface ProjectPaths {
  root: string;
  pagesDir: string;
  outDir: string;
  themeDir: string;
  islandsDir: string;
  publicDir: string;
  cacheDir: string;
}

export function projectPaths(options: BuildOptions): ProjectPaths {
  const root = path.resolve(options.root ?? process.cwd());
  const pagesDir = path.resolve(root, options.pagesDir ?? 'pages');
  return {
    root,
    pagesDir,
    outDir: path.resolve(root, options.outDir ?? 'dist'),
    themeDir: path.join(root, 'templates'),
    islandsDir: path.join(root, 'islands'),
    publicDir: path.join(pagesDir, PUBLIC_DIR),
    cacheDir: path.join(root, 'node_modules', '.cache', 'site'),
  };
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const log = options.logger ?? createLogger();
  const paths = projectPaths(options);
  const steps: Record<string, number> = {};
  const step = <T>(name: string, run: () => T | Promise<T>) => timed(steps, name, run);

  const config = await step('config', async () => withBaseUrl(await loadConfig(paths.pagesDir, paths.root), options.baseUrl));
  const { theme } = await step('theme', () => loadTheme(paths.themeDir, paths.cacheDir));
  // esbuild bundles in its own process while this one reads the pages: the two steps overlap.
  const [pages, assets] = await Promise.all([
    step('pages', () => loadPages({ pagesDir: paths.pagesDir, config, theme, displayRoot: paths.root })),
    step('assets', () => bundleTheme(theme, paths)),
  ]);
  const rendered = await step('render', () => renderPages(pages, { site: config, theme, assets }));
  const publicFiles = await listFiles(paths.publicDir);
  const images = await step('images', () => siteImages(config, paths.publicDir, paths.cacheDir));
  const files = siteFiles(rendered, assets, images, pages, config, options.now ?? new Date(), theme);
  const configFile = path.relative(paths.root, path.join(paths.pagesDir, CONFIG_FILE));
  const warnings = await step('links', () => linkWarnings(rendered, new Set([...files.keys(), ...publicFiles]), config, pages, configFile));
  await step('write', () => writeSite(paths.outDir, files, paths.publicDir));

  const outputs = measure(files);
  const ms = performance.now() - started;
  for (const warning of warnings) log.warn(warning);
  log.info(formatReport(outputs, { pages: pages.length, ms, outDir: path.relative(process.cwd(), paths.outDir) || '.', detail: options.verbose }));
  log.debug(`steps: ${Object.entries(steps).map(([name, t]) => `${name} ${t.toFixed(1)} ms`).join(' · ')}`);
  return { config, pages, outputs, warnings, steps, ms, outDir: paths.outDir };
}

/** True when the output is missing or older than any source (pages, templates, islands). */
export async function isStale(paths: ProjectPaths): Promise<boolean> {
  const built = await stat(path.join(paths.outDir, 'sitemap.xml')).then((s) => s.mtimeMs, () => 0);
  if (built === 0) return true;
  for (const dir of [paths.pagesDir, paths.themeDir, paths.islandsDir]) {
    for (const file of await listFiles(dir)) {
      if ((await stat(path.join(dir, file))).mtimeMs > built) return true;
    }
  }
  return false;
}

function withBaseUrl(config: SiteConfig, baseUrl: string | undefined): SiteConfig {
  if (!baseUrl) return config;
  if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(baseUrl)) {
    throw new SiteError('InvalidConfig', `--base-url "${baseUrl}" is not an absolute http(s) URL`, { field: 'baseUrl', hint: 'Pass a URL like https://example.org' });
  }
  return { ...config, baseUrl: baseUrl.replace(/\/+$/, '') };
}

export async function bundleTheme(theme: Theme, paths: ProjectPaths): Promise<Assets> {
  return bundleAssets(
    { stylesheet: path.join(paths.themeDir, theme.stylesheet), scripts: await scriptEntries(paths.islandsDir), preloadFont: theme.preloadFont },
    paths.root,
  );
}

export function siteFiles(rendered: RenderedPage[], assets: Assets, images: Map<string, Uint8Array>, pages: PageInfo[], config: SiteConfig, now: Date, theme: Theme): SiteFiles {
  const files: SiteFiles = new Map();
  for (const page of rendered) files.set(page.outFile, page.html);
  for (const [file, contents] of assets.files) files.set(file, contents);
  for (const [file, contents] of images) files.set(file, contents);
  files.set('sitemap.xml', sitemap(pages, config));
  files.set('robots.txt', robots(config));
  files.set('.well-known/security.txt', securityTxt(config, now));
  files.set('_headers', headersFile(config, { styleHashes: (theme.inlineStyles ?? []).map(styleHash) }));
  return files;
}

/** Broken links fail the build; links to planned routes become warnings; a planned route with a page is a config error. */
function linkWarnings(rendered: RenderedPage[], files: ReadonlySet<string>, config: SiteConfig, pages: PageInfo[], configFile: string): string[] {
  const errors = pages
    .filter((page) => config.plannedRoutes.includes(page.route))
    .map((page) => new SiteError('InvalidConfig', `plannedRoutes: ${page.route} now has a page (${page.file}); remove it from plannedRoutes`, { field: 'plannedRoutes', file: configFile }));
  const { errors: broken, planned } = checkLinks(rendered, files, config.plannedRoutes);
  throwIfAny([...errors, ...broken]);
  const linked = [...planned].filter(([, from]) => from.size > 0).map(([route]) => route);
  return linked.length ? [`${linked.length} planned route${linked.length === 1 ? ' has' : 's have'} no page yet and will answer 404: ${linked.join(', ')}`] : [];
}
