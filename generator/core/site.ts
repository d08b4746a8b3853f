/**
 * The engine. One Site loads the config, the theme and the pages, renders
 * them and writes the output folder; `site build` and `site watch` are the
 * same object:
 *
 *   const site = new Site(options);
 *   await site.update('all');        // build: everything, into a staging folder
 *   await site.commit();             // the staging folder replaces the output
 *   await site.update([changedFile]) // watch: only what the change affects, written into the live folder
 *
 * What a change redoes:
 *
 *   site config, logo      → everything (a new staging folder, committed at once)
 *   a page (.md)           → that page (added, changed or deleted), the link check and the sitemap
 *   a public/ file         → that file
 *   a stylesheet (.css)    → the assets, then every page (the stylesheet's hashed name changed)
 *   a template             → the theme, then every page (validated and rendered again)
 *   an island              → the assets and the theme (islands render on the server too), every page
 *
 * An update either succeeds whole or changes nothing: a failed one leaves the
 * state, and the output folder, as they were.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Assets } from '../assets/bundle-assets';
import { bundleAssets, scriptEntries } from '../assets/bundle-assets';
import { siteImages } from '../assets/images';
import { checkLinks, pageLinks, type PageLinks } from '../checks/check-links';
import { CONFIG_FILE, loadConfig, type SiteConfig } from '../content/config';
import { listFiles } from '../content/list-files';
import { duplicateRoutes, loadPage, loadPages } from '../content/load-pages';
import { loadMarkdown, MarkdownCache } from '../content/markdown';
import { listPageFiles, noPages, PUBLIC_DIR } from '../content/page-files';
import { outputFileOf } from '../content/routes';
import { headersFile, robots, securityTxt, sitemap, styleHash } from '../output/host-files';
import { stageSite, updateFiles, type SiteFiles, type Staging } from '../output/write-site';
import { folderWriter } from '../output/write-in-place';
import { writePages } from '../output/write-pages';
import { loadTheme, ThemeBundler } from '../render/load-theme';
import { renderPage, type PageAssets } from '../render/render-pages';
import { collectErrors, SiteError, siteErrorsOf, throwIfAny } from './errors';
import { timed, type Logger } from './logger';
import { summaryOf, type PageInfo, type PageSummary, type Theme } from './types';

export interface SiteOptions {
  /** Project root: holds templates/, islands/ and the cache. Default: the working directory. */
  root?: string;
  /** Content folder with the markdown pages and site.yml. Default: <root>/pages. */
  pagesDir?: string;
  /** Output folder. Default: <root>/dist. */
  outDir?: string;
  /** Overrides the config's baseUrl (e.g. for a preview deployment). */
  baseUrl?: string;
  /** The build's date (security.txt's expiry). Default: now. */
  now?: Date;
  /** Re-bundle the theme incrementally (watch mode keeps an esbuild context between edits). */
  incremental?: boolean;
  logger?: Logger;
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

export function projectPaths(options: Pick<SiteOptions, 'root' | 'pagesDir' | 'outDir'>): ProjectPaths {
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

export type ChangeKind = 'config' | 'page' | 'public' | 'style' | 'theme' | 'island';

/** What a changed file (an absolute path) is to the site; undefined for files the site does not read. */
export function classify(file: string, paths: ProjectPaths): ChangeKind | undefined {
  const inside = (dir: string) => file.startsWith(dir + path.sep);
  if (file === path.join(paths.pagesDir, CONFIG_FILE)) return 'config';
  if (inside(paths.publicDir)) return 'public';
  if (inside(paths.pagesDir)) return file.endsWith('.md') ? 'page' : undefined;
  if (inside(paths.themeDir)) return file.endsWith('.css') ? 'style' : /\.(tsx?|jsx?)$/.test(file) ? 'theme' : undefined;
  if (inside(paths.islandsDir)) return /\.(tsx?|jsx?)$/.test(file) ? 'island' : undefined;
  return undefined;
}

export interface UpdateResult {
  /** Routes whose HTML changed; ['*'] when every page did. */
  routes: string[];
  /** Set when only the stylesheet changed: browsers can swap it without reloading. */
  stylesheet?: string;
  kinds: ChangeKind[];
  /** Every page, after the update. */
  pages: PageSummary[];
  /** Files written (relative to the output folder) and their sizes. */
  written: Map<string, number>;
  /** Things worth knowing that do not fail the build. */
  warnings: string[];
  /** Time per named step. */
  steps: Record<string, number>;
  ms: number;
}

interface State {
  config: SiteConfig;
  theme: Theme;
  assets: Assets;
  images: Map<string, Uint8Array>;
  /** Pages by their path inside the pages folder (as change events name them). */
  pages: Map<string, PageInfo>;
  /** What the link check reads of each page, by route. */
  links: Map<string, PageLinks>;
}

export class Site {
  readonly paths: ProjectPaths;
  private state?: State;
  /** The folder a full update writes into until commit(). */
  private staging?: Staging;
  private readonly bundler?: ThemeBundler;
  /** Rendered bodies by source: a template or config edit validates every page again but renders no unchanged body twice. */
  private readonly markdownCache = new MarkdownCache();

  constructor(private readonly options: SiteOptions = {}) {
    this.paths = projectPaths(options);
    if (options.incremental) this.bundler = new ThemeBundler(this.paths.themeDir, this.paths.cacheDir);
  }

  /** The config the last successful update used. */
  get config(): SiteConfig | undefined {
    return this.state?.config;
  }

  /**
   * Brings the site up to date with `changed` (absolute paths), or everything. A full update writes a new
   * output folder beside the old one, which commit() swaps in; any other update writes into the output
   * folder once everything it changes has rendered and passed the link check.
   */
  async update(changed: 'all' | string[]): Promise<UpdateResult> {
    const started = performance.now();
    const steps: Record<string, number> = {};
    const step = <T>(name: string, run: () => T | Promise<T>) => timed(steps, name, run);
    const kinds = changed === 'all' ? (['config'] as ChangeKind[]) : [...new Set(changed.map((f) => classify(f, this.paths)).filter((k): k is ChangeKind => k !== undefined))];
    const everything = changed === 'all' || !this.state || kinds.includes('config') || changed.includes(path.join(this.paths.publicDir, this.state.config.logo));
    const result = everything ? await this.updateAll(step) : await this.updateSome(changed as string[], kinds, step);
    return { ...result, kinds, steps, ms: performance.now() - started };
  }

  /** Swaps the staging folder of a full update in as the output folder. */
  async commit(): Promise<void> {
    const staging = this.staging;
    if (!staging) return;
    this.staging = undefined;
    await staging.commit(this.outputFiles());
  }

  /** Drops the staging folder of a full update that will not be committed. */
  async abort(): Promise<void> {
    const staging = this.staging;
    this.staging = undefined;
    await staging?.abort();
  }

  async dispose(): Promise<void> {
    await this.abort();
    await this.bundler?.dispose();
  }

  private async updateAll(step: Step): Promise<Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>> {
    const files = await listPageFiles(this.paths.pagesDir);
    if (files.length === 0) throw noPages(this.paths.pagesDir, this.paths.root);
    const config = await step('config', () => this.loadConfig());
    const theme = await step('theme', () => this.loadTheme());
    await this.abort();
    const staging = await stageSite(this.paths.outDir, this.paths.publicDir);
    try {
      const assetsBuilt = step('assets', () => this.bundle(theme));
      assetsBuilt.catch(() => undefined); // reported below, once the pages are loaded
      const pages = await step('pages', async () => loadPages(await this.loadContext(config, theme), files));
      const assets = await assetsBuilt;
      const routes = new Set(pages.map((page) => page.route));
      const { rendered, errors } = await step('render', () =>
        writePages([pages], { site: config, theme, assets: pageAssets(assets), routes, shells: new Map() }, folderWriter(staging.dir)),
      );
      throwIfAny(errors);
      const images = await step('images', () => siteImages(config, this.paths.publicDir, this.paths.cacheDir));
      const state: State = {
        config,
        theme,
        assets,
        images,
        pages: new Map(pages.map((page) => [this.relativeFile(page), page])),
        links: new Map(rendered.map((page) => [page.route, page])),
      };
      const host = this.hostFiles(state);
      await step('write', () => staging.write(host));
      const warnings = await step('links', () => this.checkLinks(state, host));
      this.state = state;
      this.staging = staging;
      const written = new Map<string, number>([...rendered.map((r) => [r.outFile, r.bytes] as const), ...[...host].map(([file, contents]) => [file, byteLength(contents)] as const)]);
      return { routes: ['*'], pages: pages.map(summaryOf), written, warnings };
    } catch (error) {
      await staging.abort();
      throw error;
    }
  }

  private async updateSome(changed: string[], kinds: ChangeKind[], step: Step): Promise<Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>> {
    const previous = this.state!;
    const next: State = { ...previous, pages: new Map(previous.pages), links: new Map(previous.links) };
    if (kinds.includes('theme') || kinds.includes('island')) next.theme = await step('theme', () => this.loadTheme());
    // The browser bundles change when a stylesheet, an island or a module they import changed.
    const assetInputs = new Set(previous.assets.inputs);
    if (kinds.includes('style') || kinds.includes('island') || changed.some((file) => assetInputs.has(file))) next.assets = await step('assets', () => this.bundle(next.theme));

    const allPages = next.theme !== previous.theme || next.assets !== previous.assets;
    const changedPages = allPages ? [...previous.pages.keys()] : changed.filter((f) => classify(f, this.paths) === 'page').map((f) => path.relative(this.paths.pagesDir, f).split(path.sep).join('/'));
    const output: Map<string, string | Uint8Array | null> = new Map();
    const routes = await step('pages', () => (allPages ? this.reloadAll(next) : this.reloadPages(changedPages, previous, next, output)));
    await step('render', () => this.render(routes, next, output));
    const host = this.hostFiles(next);
    for (const [file, contents] of host) if (allPages || file === 'sitemap.xml') output.set(file, contents);
    for (const file of changed.filter((f) => classify(f, this.paths) === 'public')) {
      const relative = path.relative(this.paths.publicDir, file).split(path.sep).join('/');
      output.set(relative, (await access(file).then(() => true, () => false)) ? await readFile(file) : null);
    }
    const warnings = await step('links', () => this.checkLinks(next, host));
    await step('write', () => updateFiles(this.paths.outDir, output));
    this.state = next;
    const cssOnly = kinds.length === 1 && kinds[0] === 'style';
    const written = new Map([...output].filter((entry): entry is [string, string | Uint8Array] => entry[1] !== null).map(([file, contents]) => [file, byteLength(contents)]));
    return {
      routes: allPages ? ['*'] : [...routes],
      pages: [...next.pages.values()].map(summaryOf),
      written,
      warnings,
      ...(cssOnly ? { stylesheet: next.assets.stylesheet } : {}),
    };
  }

  private async loadConfig(): Promise<SiteConfig> {
    const config = await loadConfig(this.paths.pagesDir, this.paths.root);
    const { baseUrl } = this.options;
    if (baseUrl === undefined) return config;
    if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(baseUrl)) {
      throw new SiteError('InvalidConfig', `--base-url "${baseUrl}" is not an absolute http(s) URL`, { field: '--base-url', hint: 'Pass a URL like https://example.org' });
    }
    return { ...config, baseUrl: baseUrl.replace(/\/+$/, '') };
  }

  private async loadTheme(): Promise<Theme> {
    return (await (this.bundler ? this.bundler.load() : loadTheme(this.paths.themeDir, this.paths.cacheDir))).theme;
  }

  private async bundle(theme: Theme): Promise<Assets> {
    const { themeDir, islandsDir, root, cacheDir } = this.paths;
    return bundleAssets({ stylesheet: path.join(themeDir, theme.stylesheet), scripts: await scriptEntries(islandsDir), preloadFont: theme.preloadFont }, root, cacheDir);
  }

  /** What loading pages needs; the markdown pipeline is made once per plugin list (loadMarkdown keeps it). */
  private async loadContext(config: SiteConfig, theme: Theme) {
    const configFile = path.relative(this.paths.root, path.join(this.paths.pagesDir, CONFIG_FILE));
    const markdown = await loadMarkdown(config.markdown, { root: this.paths.root, configFile });
    return { pagesDir: this.paths.pagesDir, config, theme, displayRoot: this.paths.root, markdown, markdownCache: this.markdownCache };
  }

  private relativeFile(page: PageInfo): string {
    return path.relative(this.paths.pagesDir, path.resolve(this.paths.root, page.file)).split(path.sep).join('/');
  }

  /** Validates every page again (the theme's schemas may have changed); returns every route. */
  private async reloadAll(next: State): Promise<Set<string>> {
    const pages = await loadPages(await this.loadContext(next.config, next.theme), [...next.pages.keys()]);
    next.pages = new Map(pages.map((page) => [this.relativeFile(page), page]));
    next.links = new Map();
    return new Set(pages.map((page) => page.route));
  }

  /** Loads the changed page files into `next` (forgetting deleted ones, whose output is removed); returns the routes to render. */
  private async reloadPages(files: string[], previous: State, next: State, output: Map<string, string | Uint8Array | null>): Promise<Set<string>> {
    const present = new Set(await listPageFiles(this.paths.pagesDir));
    const routes = new Set<string>();
    const context = await this.loadContext(next.config, next.theme);
    const errors: SiteError[] = [];
    for (const file of files) {
      const before = previous.pages.get(file);
      if (before) {
        next.pages.delete(file);
        next.links.delete(before.route);
        output.set(outputFileOf(before.route), null);
      }
      if (!present.has(file)) continue;
      try {
        const page = await loadPage(file, context);
        next.pages.set(file, page);
        routes.add(page.route);
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found);
      }
    }
    errors.push(...duplicateRoutes([...next.pages.values()].map(summaryOf)));
    throwIfAny(errors);
    return routes;
  }

  /** Renders the pages of `routes` into `output`, and records their links in `next`. */
  private render(routes: Set<string>, next: State, output: Map<string, string | Uint8Array | null>): void {
    const ctx = { site: next.config, theme: next.theme, assets: pageAssets(next.assets), routes: new Set([...next.pages.values()].map((page) => page.route)), shells: new Map() };
    const pages = [...next.pages.values()].filter((page) => routes.has(page.route));
    const { results, errors } = collectErrors(pages, (page) => renderPage(page, ctx));
    throwIfAny(errors);
    for (const rendered of results) {
      output.set(rendered.outFile, rendered.html);
      next.links.set(rendered.page.route, pageLinks(rendered.page.route, rendered.page.file, rendered.linkSources));
    }
  }

  /** Every output file but the pages and the public folder's: assets, images, sitemap, robots.txt, security.txt and the host's headers. */
  private hostFiles(state: State): SiteFiles {
    const { assets, images, config, theme } = state;
    const files: SiteFiles = new Map();
    for (const [file, contents] of assets.files) files.set(file, contents);
    for (const [file, contents] of images) files.set(file, contents);
    files.set('sitemap.xml', sitemap([...state.pages.values()].map(summaryOf), config));
    files.set('robots.txt', robots(config));
    files.set('.well-known/security.txt', securityTxt(config, this.options.now ?? new Date()));
    files.set('_headers', headersFile(config, { styleHashes: (theme.inlineStyles ?? []).map(styleHash) }));
    return files;
  }

  /** Every file of the output after the last update, relative to it (what commit() keeps). */
  private outputFiles(): Set<string> {
    return this.files;
  }

  private files = new Set<string>();

  /** Broken links fail the update; links to planned routes are warnings; a planned route that has a page is a config error. */
  private async checkLinks(state: State, host: SiteFiles): Promise<string[]> {
    const { config } = state;
    const publicFiles = await listFiles(this.paths.publicDir);
    const configFile = path.relative(this.paths.root, path.join(this.paths.pagesDir, CONFIG_FILE));
    const errors = [...state.pages.values()]
      .filter((page) => config.plannedRoutes.includes(page.route))
      .map((page) => new SiteError('InvalidConfig', `plannedRoutes: ${page.route} now has a page (${page.file}); remove it from plannedRoutes`, { field: 'plannedRoutes', file: configFile }));
    const files = new Set([...[...state.pages.values()].map((page) => outputFileOf(page.route)), ...host.keys(), ...publicFiles]);
    const { errors: broken, planned } = checkLinks([...state.links.values()], files, config.plannedRoutes);
    throwIfAny([...errors, ...broken]);
    this.files = files;
    const linked = [...planned].filter(([, from]) => from.size > 0).map(([route]) => route);
    return linked.length ? [`${linked.length} planned route${linked.length === 1 ? ' has' : 's have'} no page yet and will answer 404: ${linked.join(', ')}`] : [];
  }
}

type Step = <T>(name: string, run: () => T | Promise<T>) => Promise<T>;

const pageAssets = ({ stylesheet, fontPreload, scripts, imports }: Assets): PageAssets => ({ stylesheet, fontPreload, scripts, imports });
const byteLength = (contents: string | Uint8Array) => (typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length);
