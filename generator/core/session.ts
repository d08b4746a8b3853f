/**
 * A build that stays in memory, for `site watch`: the same steps as
 * `site build`, re-run only for what a change affects.
 *
 *   site.yml               → everything
 *   a page (.md)           → that page (added, changed or deleted), then links and the sitemap
 *   public/ file           → that file
 *   a stylesheet (.css)    → the assets, then every page (the stylesheet's hashed name changed)
 *   a template             → the theme, every page's frontmatter and rendering
 *   an island             → the assets and the theme (islands render on the server too), every page
 *
 * State changes only when an update succeeds: a failed update leaves the
 * previous pages, assets and output as they were.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleTheme, hostFiles, projectPaths, type BuildOptions, type ProjectPaths } from './build';
import type { Assets } from '../assets/bundle-assets';
import { checkLinks, linksOfRendered } from '../checks/check-links';
import { CONFIG_FILE, loadConfig, type SiteConfig } from '../content/config';
import { siteErrorsOf, throwIfAny, type SiteError } from './errors';
import { siteImages } from '../assets/images';
import { duplicateRoutes, loadPage, loadPages } from '../content/load-pages';
import { listPageFiles } from '../content/page-files';
import { loadTheme, ThemeBundler } from '../render/load-theme';
import { loadMarkdown, MarkdownCache } from '../content/markdown';
import { cacheFolder, formatWarning } from '../cache/cache-dir';
import { checkPublicCollisions, isPublished, listPublicFiles } from '../output/public-files';
import { renderPage, renderPages, type RenderedPage } from '../render/render-pages';
import { summaryOf, type PageInfo, type Theme } from './types';
import { timed } from './logger';
import { updateFiles, writeSite } from '../output/write-site';

export type ChangeKind = 'config' | 'page' | 'public' | 'style' | 'theme' | 'island';

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
  /** Only the stylesheet changed: browsers can swap it without reloading. */
  stylesheet?: string;
  kinds: ChangeKind[];
  ms: number;
  /** Time per step, for --verbose and the benchmark. */
  steps: Record<string, number>;
}

interface State {
  config: SiteConfig;
  theme: Theme;
  assets: Assets;
  pages: Map<string, PageInfo>;
  rendered: Map<string, RenderedPage>;
}

export class SiteSession {
  readonly paths: ProjectPaths;
  private state?: State;
  /** Made from the config and logo: kept until they change (a config change rebuilds everything). */
  private images?: Map<string, Uint8Array>;
  /** Re-bundles the theme incrementally after an edit (made once the cache folder is known). */
  private themeBundler?: ThemeBundler;
  private cacheChecked = false;
  /** Rendered markdown bodies: a template or config edit re-validates every page but re-renders no unchanged body. */
  private readonly markdownCache = new MarkdownCache();

  constructor(private readonly options: BuildOptions = {}) {
    this.paths = projectPaths(options);
  }

  /** Releases the incremental bundler (an esbuild context). */
  async dispose(): Promise<void> {
    await this.themeBundler?.dispose();
  }

  /** The rendered page for a route, if there is one. */
  page(route: string): RenderedPage | undefined {
    return this.state?.rendered.get(route);
  }

  /** Builds everything and replaces the output folder (as `site build` does). */
  async buildAll(): Promise<UpdateResult> {
    const started = performance.now();
    await this.useCacheFolder();
    const config = await this.loadConfig();
    const { theme } = await loadTheme(this.paths.themeDir, this.paths.cacheDir);
    const [assets, pages] = await Promise.all([bundleTheme(theme, this.paths), this.loadAllPages(config, theme)]);
    const rendered = this.renderAll(pages, config, theme, assets);
    const images = await siteImages(config, this.paths.publicDir, this.paths.cacheDir);
    const files = await this.checkedFiles(rendered, assets, config, theme, images);
    await writeSite(this.paths.outDir, files, this.paths.publicDir, this.paths);
    this.images = images;
    this.state = { config, theme, assets, pages, rendered };
    return { routes: ['*'], kinds: ['config'], ms: performance.now() - started, steps: {} };
  }

  /** Applies a batch of changed files (absolute paths). */
  async update(changed: string[]): Promise<UpdateResult> {
    const started = performance.now();
    const steps: Record<string, number> = {};
    const step = <T>(name: string, run: () => T | Promise<T>) => timed(steps, name, run);
    const kinds = [...new Set(changed.map((f) => classify(f, this.paths)).filter((k): k is ChangeKind => k !== undefined))];
    if (!this.state || kinds.includes('config') || changed.some((f) => f === path.join(this.paths.publicDir, this.state!.config.logo))) {
      return { ...(await this.buildAll()), kinds };
    }
    const previous = this.state;
    const next: State = { ...previous, pages: new Map(previous.pages), rendered: new Map(previous.rendered) };

    if (kinds.includes('theme') || kinds.includes('island')) {
      this.themeBundler ??= new ThemeBundler(this.paths.themeDir, this.paths.cacheDir);
      next.theme = (await step('theme', () => this.themeBundler!.load())).theme;
    }
    // The browser bundles change only when a stylesheet, an island or a module they import changed.
    const assetInputs = new Set(previous.assets.inputs);
    if (kinds.some((k) => k === 'style' || k === 'island') || changed.some((f) => assetInputs.has(f))) {
      next.assets = await step('assets', () => bundleTheme(next.theme, this.paths));
    }

    const everything = next.theme !== previous.theme || next.assets !== previous.assets;
    const changedPages = changed.filter((f) => classify(f, this.paths) === 'page').map((f) => path.relative(this.paths.pagesDir, f).replace(/\\/g, '/'));
    let routes: string[];
    if (next.theme !== previous.theme) {
      next.pages = await step('pages', () => this.loadAllPages(next.config, next.theme));
    } else {
      await step('pages', () => this.reloadPages(changedPages, next));
    }
    const output = new Map<string, string | Uint8Array | null>();
    if (everything) {
      next.rendered = await step('render', () => this.renderAll(next.pages, next.config, next.theme, next.assets));
      routes = ['*'];
    } else {
      routes = await step('render', () => this.rerender(changedPages, previous, next, output));
    }

    const images = this.images ?? (await step('images', () => siteImages(next.config, this.paths.publicDir, this.paths.cacheDir)));
    const files = await step('links', () => this.checkedFiles(next.rendered, next.assets, next.config, next.theme, images));
    // Everything when assets changed; otherwise only the pages that changed and the files listing pages.
    for (const [file, contents] of files) {
      if (everything || file === 'sitemap.xml' || routes.some((r) => next.rendered.get(r)?.outFile === file)) output.set(file, contents);
    }
    // Public files as a build publishes them: no dotfiles, no links out of the pages folder (checkedFiles threw for those).
    const published = new Map((await listPublicFiles(this.paths.publicDir, this.paths.pagesDir)).map((file) => [file.path, file.source]));
    for (const file of changed.filter((f) => classify(f, this.paths) === 'public')) {
      const relative = path.relative(this.paths.publicDir, file).split(path.sep).join('/');
      if (!isPublished(relative)) continue;
      const source = published.get(relative);
      const exists = source !== undefined && (await access(source).then(() => true, () => false));
      output.set(relative, exists ? await readFile(source) : null);
    }
    await step('write', () => updateFiles(this.paths.outDir, output, this.paths));
    this.state = next;
    const cssOnly = kinds.length === 1 && kinds[0] === 'style';
    return { routes, kinds, ms: performance.now() - started, steps, ...(cssOnly ? { stylesheet: next.assets.stylesheet } : {}) };
  }

  /** Caches in node_modules/.cache/site, or (with a warning) in a folder of this user's when that cannot be written. */
  private async useCacheFolder(): Promise<void> {
    if (this.cacheChecked) return;
    const cache = await cacheFolder(this.paths.cacheDir, path.join(this.paths.root, 'node_modules'));
    this.paths.cacheDir = cache.dir;
    this.cacheChecked = true;
    if (cache.warning) this.options.logger?.warn(formatWarning(cache.warning));
  }

  private async loadConfig(): Promise<SiteConfig> {
    const config = await loadConfig(this.paths.pagesDir, this.paths.root);
    return this.options.baseUrl ? { ...config, baseUrl: this.options.baseUrl.replace(/\/+$/, '') } : config;
  }

  /** What loading pages needs; the markdown pipeline is made once per plugin list (loadMarkdown keeps it). */
  private async context(config: SiteConfig, theme: Theme) {
    const configFile = path.relative(this.paths.root, path.join(this.paths.pagesDir, CONFIG_FILE));
    const markdown = await loadMarkdown(config.markdown, { root: this.paths.root, configFile });
    return { pagesDir: this.paths.pagesDir, config, theme, displayRoot: this.paths.root, markdown, markdownCache: this.markdownCache };
  }

  /** Every page, keyed by its path inside the pages folder (as change events name them). */
  private async loadAllPages(config: SiteConfig, theme: Theme): Promise<Map<string, PageInfo>> {
    const pages = await loadPages(await this.context(config, theme));
    return new Map(pages.map((page) => [path.relative(this.paths.pagesDir, path.resolve(this.paths.root, page.file)).replace(/\\/g, '/'), page]));
  }

  /** Reloads changed page files into `next.pages` (deleting those that are gone). */
  private async reloadPages(files: string[], next: State): Promise<void> {
    const present = new Set(await listPageFiles(this.paths.pagesDir));
    const errors: SiteError[] = [];
    const context = await this.context(next.config, next.theme);
    for (const file of files) {
      if (!present.has(file)) {
        next.pages.delete(file);
        continue;
      }
      try {
        next.pages.set(file, await loadPage(file, context));
      } catch (error) {
        errors.push(...errorsOrThrow(error));
      }
    }
    errors.push(...duplicateRoutes([...next.pages.values()].map(summaryOf)));
    throwIfAny(errors);
  }

  /** Re-renders changed pages; removes the output of deleted ones. Returns the routes that changed. */
  private rerender(files: string[], previous: State, next: State, output: Map<string, string | Uint8Array | null>): string[] {
    const routes = new Set<string>();
    const allRoutes = new Set([...next.pages.values()].map((p) => p.route));
    for (const file of files) {
      const before = previous.pages.get(file);
      const after = next.pages.get(file);
      if (before && before.route !== after?.route) {
        next.rendered.delete(before.route);
        output.set(previous.rendered.get(before.route)!.outFile, null);
        routes.add(before.route);
      }
      if (after) {
        next.rendered.set(after.route, renderPage(after, { site: next.config, theme: next.theme, assets: next.assets, routes: allRoutes }));
        routes.add(after.route);
      }
    }
    return [...routes];
  }

  private renderAll(pages: Map<string, PageInfo>, config: SiteConfig, theme: Theme, assets: Assets): Map<string, RenderedPage> {
    return new Map(renderPages([...pages.values()], { site: config, theme, assets }).map((r) => [r.page.route, r]));
  }

  /** All output files, after checking every link (a broken one fails the update). */
  private async checkedFiles(rendered: Map<string, RenderedPage>, assets: Assets, config: SiteConfig, theme: Theme, images: Map<string, Uint8Array>) {
    const pages = [...rendered.values()];
    const files = hostFiles(assets, images, pages.map((r) => summaryOf(r.page)), config, this.options.now ?? new Date(), theme);
    for (const page of pages) files.set(page.outFile, page.html);
    const publicFiles = await listPublicFiles(this.paths.publicDir, this.paths.pagesDir);
    const generated = new Map([...files.keys()].map((file) => [file, 'a file the build makes']));
    for (const page of pages) generated.set(page.outFile, `the page of ${page.page.file}`);
    checkPublicCollisions(publicFiles, generated, this.paths.publicDir);
    throwIfAny(checkLinks(pages.map(linksOfRendered), new Set([...files.keys(), ...publicFiles.map((file) => file.path)]), config.plannedRoutes).errors);
    return files;
  }
}

function errorsOrThrow(error: unknown): SiteError[] {
  const errors = siteErrorsOf(error);
  if (errors.length === 0) throw error;
  return errors;
}
