/**
 * `site build`: a short list of named, timed steps.
 *
 *   config → theme ∥ markdown (plugins) → pages ∥ assets → render (+ write pages) → images → write → links → commit → report
 *
 * Assets are bundled before rendering (not after, as in some generators) so
 * pages can reference the content-hashed file names directly; bundling runs
 * alongside page loading. Large sites load and render on worker threads
 * (parallel-pages.ts). Pages are written into a staging folder as they are
 * rendered; the folder replaces the output only when every step succeeded.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { bundleAssets, scriptEntries, type Assets } from '../assets/bundle-assets';
import { checkLinks, type PageLinks } from '../checks/check-links';
import { CONFIG_FILE, loadConfig, type SiteConfig } from '../content/config';
import { SiteError, throwIfAny } from './errors';
import { headersFile, robots, securityTxt, sitemap, SPECULATION_RULES_FILE, speculationRules, styleHash } from '../output/host-files';
import { siteImages } from '../assets/images';
import { noPages, PUBLIC_DIR } from '../content/page-files';
import { startPages, type Prestart } from './page-workers';
import { loadTheme } from '../render/load-theme';
import { createLogger, timed, type Logger } from './logger';
import { PagePipeline } from './parallel-pages';
import type { PageAssets } from '../render/render-pages';
import { formatReport, measureGzip, type OutputFile } from './report';
import type { PageSummary, Theme } from './types';
import { stageSite, type SiteFiles, type Staging } from '../output/write-site';
import { listFiles } from '../content/list-files';
import { checkOutputPlace } from '../output/output-folder';
import { checkPublicCollisions } from '../output/public-files';
import { cacheFolder, formatWarning } from '../cache/cache-dir';

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
  /** Threads that load and render pages, this one included; default: one per core for sites of 300 pages or more, else 1. */
  threads?: number;
  /** The page list and workers, started early (page-workers.ts); used when it is for this pages folder. */
  prestart?: Promise<Prestart | undefined>;
}

export interface BuildResult {
  config: SiteConfig;
  pages: PageSummary[];
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

  const { files, threads, workers } = await pagesAndWorkers(paths.pagesDir, options);
  if (files.length === 0) {
    await terminate(workers);
    throw noPages(paths.pagesDir, paths.root);
  }
  let staging: Staging | undefined;
  const notes: string[] = [];
  try {
    // Before anything is written: the output folder must be a place of the build's own (output-folder.ts).
    checkOutputPlace(paths.outDir, paths);
    const cache = await cacheFolder(paths.cacheDir, path.join(paths.root, 'node_modules'));
    paths.cacheDir = cache.dir;
    if (cache.warning) notes.push(formatWarning(cache.warning));
    for (const note of notes) log.warn(note);
    const config = await step('config', async () => withBaseUrl(await loadConfig(paths.pagesDir, paths.root), options.baseUrl));
    const parseContext = { pagesDir: paths.pagesDir, config, displayRoot: paths.root };
    const configFile = path.relative(paths.root, path.join(paths.pagesDir, CONFIG_FILE));
    // On a large site the workers start parsing the pages now, while this thread loads the theme.
    const pipeline = threads > 1 ? new PagePipeline(workers, files, parseContext) : undefined;
    const loadingTheme = step('theme', () => loadTheme(paths.themeDir, paths.cacheDir));
    loadingTheme.catch(() => undefined); // reported below, once the output folder is known to be safe
    // The markdown pipeline with the site's plugins, where the markdown is rendered: here, or on a large site on the
    // workers, which load it themselves (the first to find a bad plugin reports it), so this thread never loads remark.
    const loadingMarkdown = pipeline ? undefined : step('markdown', async () => (await import('../content/markdown')).loadMarkdown(config.markdown, { root: paths.root, configFile }));
    loadingMarkdown?.catch(() => undefined); // reported below, as the theme's failure is
    staging = await stageSite(paths.outDir, paths.publicDir, paths);
    const theme = await loadingTheme;
    const markdown = await loadingMarkdown;
    pipeline?.renderMarkdown({ root: paths.root, configFile, reservedIds: theme.theme.reservedIds ?? [] });
    // The assets (reused when unchanged, else bundled by esbuild in its own process) while the pages load.
    const bundling = step('assets', () => bundleTheme(theme.theme, paths));
    bundling.catch(() => undefined); // its failure is reported below, once the pages are loading
    const { PageSteps } = await import('./page-steps');
    const pageSteps = new PageSteps(files, { ...parseContext, theme: theme.theme, markdown }, theme, pipeline);
    const [summaries, assets] = await Promise.all([step('pages', () => pageSteps.load()), bundling]);
    const rendered = await step('render', () => pageSteps.render(pageAssets(assets), staging!.dir));
    const images = await step('images', () => siteImages(config, paths.publicDir, paths.cacheDir));
    const other = hostFiles(assets, images, summaries, config, options.now ?? new Date(), theme.theme);
    // Before the public files are copied in (staging.write): none may take the place of a file the build makes.
    checkPublicCollisions(staging.publicFiles, generatedFiles(rendered, other), paths.publicDir);
    await step('write', () => staging!.write(other));
    const publicFiles = staging.publicFiles.map((file) => file.path);
    const outputFiles = new Set([...rendered.map((r) => r.outFile), ...other.keys(), ...publicFiles]);
    const warnings = await step('links', () => linkWarnings(rendered, outputFiles, config, summaries, configFile));
    await step('commit', () => staging!.commit(outputFiles));

    const sizes = [...rendered.map((r) => ({ file: r.outFile, bytes: r.bytes })), ...[...other].map(([file, contents]) => ({ file, bytes: Buffer.byteLength(contents) }))];
    // The gzip sizes are for the printed report only: a quiet build skips reading and compressing files back.
    const outputs = log.quiet ? sizes : await measureGzip(sizes, paths.outDir, { detail: options.verbose });
    const ms = performance.now() - started;
    for (const warning of warnings) log.warn(warning);
    log.info(formatReport(outputs, { pages: summaries.length, ms, outDir: path.relative(process.cwd(), paths.outDir) || '.', detail: options.verbose }));
    log.debug(`steps: ${Object.entries(steps).map(([name, t]) => `${name} ${t.toFixed(1)} ms`).join(' · ')}${threads > 1 ? ` (pages on ${threads} threads)` : ''}`);
    return { config, pages: summaries, outputs, warnings: [...notes, ...warnings], steps, ms, outDir: paths.outDir };
  } catch (error) {
    await staging?.abort();
    throw error;
  } finally {
    await terminate(workers);
  }
}

/** The page files and the workers to load them with: those the CLI started early when they are for this folder, else started now. */
async function pagesAndWorkers(pagesDir: string, options: BuildOptions): Promise<Prestart> {
  const early = await options.prestart;
  if (early?.pagesDir === pagesDir && (options.threads === undefined || options.threads === early.threads)) return early;
  if (early) void terminate(early.workers);
  return startPages(pagesDir, options.threads);
}

const terminate = async (workers: Promise<Worker[]>) => void (await Promise.all((await workers).map((worker) => worker.terminate())));

const pageAssets = ({ stylesheet, fontPreload, scripts, imports }: Assets): PageAssets => ({ stylesheet, fontPreload, scripts, imports });

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
    paths.cacheDir,
  );
}

/** Every output file except the pages: assets, images, sitemap, robots.txt, security.txt, the host's headers and the speculation rules. */
export function hostFiles(assets: Assets, images: Map<string, Uint8Array>, pages: PageSummary[], config: SiteConfig, now: Date, theme: Theme): SiteFiles {
  const files: SiteFiles = new Map();
  for (const [file, contents] of assets.files) files.set(file, contents);
  for (const [file, contents] of images) files.set(file, contents);
  files.set('sitemap.xml', sitemap(pages, config));
  files.set('robots.txt', robots(config));
  files.set('.well-known/security.txt', securityTxt(config, now));
  files.set('_headers', headersFile(config, { styleHashes: (theme.inlineStyles ?? []).map(styleHash) }));
  files.set(SPECULATION_RULES_FILE, speculationRules(config));
  return files;
}

/** Every file the build writes itself, and what it is (for a public file that would overwrite one). */
function generatedFiles(pages: { outFile: string; file: string }[], other: SiteFiles): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of other.keys()) files.set(file, 'a file the build makes');
  for (const page of pages) files.set(page.outFile, `the page of ${page.file}`);
  return files;
}

/** Broken links fail the build; links to planned routes become warnings; a planned route with a page is a config error. */
function linkWarnings(rendered: PageLinks[], files: ReadonlySet<string>, config: SiteConfig, pages: PageSummary[], configFile: string): string[] {
  const errors = pages
    .filter((page) => config.plannedRoutes.includes(page.route))
    .map((page) => new SiteError('InvalidConfig', `plannedRoutes: ${page.route} now has a page (${page.file}); remove it from plannedRoutes`, { field: 'plannedRoutes', file: configFile }));
  const { errors: broken, planned } = checkLinks(rendered, files, config.plannedRoutes);
  throwIfAny([...errors, ...broken]);
  const linked = [...planned].filter(([, from]) => from.size > 0).map(([route]) => route);
  return linked.length ? [`${linked.length} planned route${linked.length === 1 ? ' has' : 's have'} no page yet and will answer 404: ${linked.join(', ')}`] : [];
}
