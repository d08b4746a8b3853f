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
 * What each kind of change redoes: docs/architecture.md, "A watch update"; what an update
 * renders, writes and removes: update-plan.ts.
 *
 * A page's frontmatter and markdown come from the content store when nothing
 * they depend on changed (content/content-store.ts); the rest is made anew each
 * time: every page's layout, content and head are rendered for it
 * (render/render-pages.tsx). An update either succeeds whole or changes
 * nothing: a failed one leaves the state, and the output folder, as they were.
 */
import path from 'node:path';
import { bundleProjectAssets } from '../assets/bundle-assets';
import { cacheFolder } from '../cache/cache-dir';
import { ContentStore } from '../content/content-store';
import { checkStateLinks } from '../checks/link-check';
import { loadConfig, type SiteConfig } from '../config/config';
import { readmeFolders } from '../pages/routes';
import { passedOverWarning } from '../pages/list-pages';
import { checkOutputPlace } from '../output/output-folder';
import { listPublicFiles } from '../output/public-files';
import { publishAttachments, routesShowing } from './attachments';
import { updateFiles } from '../output/update-files';
import { stageSite, type Staging } from '../output/write-site';
import { folderWriter } from '../output/write-in-place';
import { loadTheme, ThemeBundler } from '../render/load-theme';
import { htmlWithAbsoluteUrls } from '../render/base-path';
import { createInterner, pageLinks } from '../render/html-links';
import { renderPages } from '../render/render-pages';
import { planMemo, planSite, type Plan } from '../collections/plan';
import { classify, pagesToBuild, projectPaths, type ChangeKind, type ProjectPaths } from './project';
import type { SiteWarning } from '../base/errors';
import { timed } from '../base/logger';
import type { SiteOptions, UpdateResult } from './site-options';
import type { Theme } from '../pages/theme-types';
import { summaryOf, type PageInfo } from '../pages/page';
import { PageLoader } from './page-loader';
import { updateSearchIndex, withSearchFiles } from './search';
import { bundleCheckedAssets, checkCodeFiles } from './code-files';
import {
  byteLength,
  checkFilePlaces,
  pageWarnings,
  publicFileOf,
  siteHostFiles,
  siteImagesOf,
  socialCardWarnings,
  withBaseUrl,
} from './site-files';
import {
  changedHostFiles,
  removeUnplanned,
  pagesIn,
  renderContext,
  routesToRender,
  writePage,
  withoutRemovals,
  type Loaded,
  type Output,
  type State,
} from './update-plan';

export { classify, projectPaths, type ChangeKind, type ProjectPaths } from './project';
export type { SiteOptions, UpdateResult } from './site-options';

type Step = <T>(name: string, run: () => T | Promise<T>) => Promise<T>;

export class Site {
  readonly paths: ProjectPaths;
  private state?: State;
  /** The folder a full update writes into until commit(). */
  private staging?: Staging;
  private bundler?: ThemeBundler;
  private readonly loader: PageLoader;
  private cacheReady?: Promise<SiteWarning[]>;
  /** What the last plan made of each page, for the next (collections/plan.ts); a full update starts it anew. */
  private memo = planMemo();

  constructor(private readonly options: SiteOptions = {}) {
    this.paths = projectPaths(options);
    this.loader = new PageLoader(this.paths, options.drafts === true);
  }

  /** The config the last successful update used. */
  get config(): SiteConfig | undefined {
    return this.state?.config;
  }

  /**
   * Loads, in the background, what a later update is likely to need and a cached start did not: the markdown
   * pipeline (so the first page edit of a watch session does not wait for remark to load).
   */
  warmUp(): void {
    const config = this.state?.config;
    if (!config) return;
    const place = this.place;
    void import('../markdown/markdown')
      .then(({ loadMarkdown }) => loadMarkdown(config.markdown, place))
      .catch(() => undefined); // an update reports any problem
  }

  /** The theme, and the site config as an update reads it (validated with the theme's fields), without building anything. */
  async readProject(): Promise<{ theme: Theme; config: SiteConfig }> {
    const theme = await this.loadTheme();
    return { theme, config: await this.loadConfig(theme) };
  }

  /**
   * Brings the site up to date with `changed` (absolute paths), or everything. A full update writes a new
   * output folder beside the old one, which commit() swaps in; any other update writes into the output
   * folder once everything it changes has rendered and passed the link check.
   */
  async update(changed: 'all' | string[]): Promise<UpdateResult> {
    const started = performance.now();
    const steps: Record<string, number> = {};
    const step: Step = (name, run) => timed(steps, name, run);
    const kinds =
      changed === 'all'
        ? (['config'] as ChangeKind[])
        : [...new Set(changed.map((f) => classify(f, this.paths)).filter((k): k is ChangeKind => k !== undefined))];
    const everything =
      changed === 'all' ||
      !this.state ||
      kinds.includes('config') ||
      (this.state.config.logo !== undefined &&
        changed.includes(path.join(this.paths.publicDir, this.state.config.logo)));
    const result = await this.apply(everything ? undefined : (changed as string[]), kinds, step);
    return { ...result, kinds, steps, ms: performance.now() - started };
  }

  /** Swaps the staging folder of a full update in as the output folder. */
  async commit(): Promise<void> {
    const staging = this.staging;
    if (!staging) return;
    this.staging = undefined;
    await staging.commit(this.state!.files);
  }

  /** Drops the staging folder of a full update that will not be committed. */
  async abort(): Promise<void> {
    const staging = this.staging;
    this.staging = undefined;
    await staging?.abort();
  }

  /** What each page reads of the others (collections/plan.ts), from every page as it is now: a full build's plan, always. */
  private plan(pages: Iterable<PageInfo>, config: SiteConfig, theme: Theme): Plan {
    return planSite(pages, {
      site: config,
      theme,
      now: this.now,
      absoluteHtml: (html, pageUrl) => htmlWithAbsoluteUrls(html, config.baseUrl, pageUrl),
      memo: this.memo,
    });
  }

  /** The build's date (security.txt's expiry). */
  private get now(): Date {
    return this.options.now ?? new Date();
  }

  async dispose(): Promise<void> {
    await this.abort();
    await this.bundler?.dispose();
  }

  /** The cache folder: node_modules/.cache/site, or (with a warning, once) a private folder when that cannot be written. */
  private useCacheFolder(): Promise<SiteWarning[]> {
    return (this.cacheReady ??= cacheFolder(this.paths.cacheDir, path.join(this.paths.root, 'node_modules')).then(
      (cache) => {
        this.paths.cacheDir = cache.dir;
        return cache.warning ? [cache.warning] : [];
      },
    ));
  }

  /**
   * The one way through an update, full or not: load what changed (everything, for a full update), plan, render the
   * pages the plans say changed, add the host and public files, check the links, then write. A full update writes
   * each page into its staging folder as it renders and the rest at the end, for commit() to swap in; any other
   * writes into the output folder only once everything it changes has rendered and passed the checks.
   */
  private async apply(
    changed: string[] | undefined,
    kinds: ChangeKind[],
    step: Step,
  ): Promise<Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>> {
    const previous = changed === undefined ? undefined : this.state!;
    const loaded = previous ? await this.loadChanged(changed!, kinds, previous, step) : await this.loadEverything(step);
    const { output, staging } = loaded;
    try {
      const written = new Map<string, number>();
      const write = staging && folderWriter(staging.dir);
      // What each page reads of the others, from every page as it is now (collections/plan.ts).
      const next: State = {
        ...loaded.next,
        plan: await step('plan', () => this.plan(loaded.next.pages.values(), loaded.next.config, loaded.next.theme)),
      };
      const rendered = await step('render', () => {
        const toRender =
          loaded.rerender === 'all'
            ? new Set(next.plan.pages.keys())
            : routesToRender(previous!.plan, next.plan, loaded.rerender, next.routeReads);
        if (previous) removeUnplanned(previous.plan, next, output);
        const intern = createInterner();
        renderPages(pagesIn(next.plan, toRender), renderContext(next), (page) => {
          const { route, file } = page.page;
          if (write) written.set(page.outFile, writePage(write, page));
          else output.set(page.outFile, page.chunks);
          next.links.set(route, pageLinks(route, file, page.linkSources, intern));
          next.routeReads.set(route, page.routeReads);
        });
        return toRender;
      });
      // Where the pages this update did not render are written (core/search.ts reads them for the index).
      const pageFolders = [staging?.dir ?? this.paths.outDir, ...(this.staging ? [this.staging.dir] : [])];
      next.search = await step('search', () => updateSearchIndex(next, previous, rendered, output, pageFolders));
      next.images = await loaded.images;
      const host = siteHostFiles(next, next.plan, this.now);
      changedHostFiles(host, previous?.plan, next.plan, loaded.rerender === 'all', output);
      next.attachments = await step('attachments', () =>
        publishAttachments(next.pages.values(), this.paths.pagesDir, previous?.attachments, changed, output),
      );
      const shows = previous ? routesShowing(next.pages.values(), output, rendered) : [];
      for (const file of written.keys()) next.files.add(file);
      for (const [file, contents] of output) {
        if (contents === null) next.files.delete(file);
        else next.files.add(file);
      }
      // No public file, nor file a page links to beside it, may take the place of a file the build makes.
      const publicFiles = staging
        ? staging.publicFiles
        : await listPublicFiles(this.paths.publicDir, this.paths.pagesDir);
      checkFilePlaces(withSearchFiles(host, next.search), next.plan, publicFiles, next.attachments, this.paths);
      const warnings = [
        ...loaded.notes,
        ...(await step('links', () => checkStateLinks(next, this.place.configFile, this.paths.publicDir))),
        ...passedOverWarning(next.passedOver, this.paths.pagesDir),
        ...pageWarnings(next.pages, next.plan, next.config, next.theme, this.place.configFile, this.paths.root),
        ...socialCardWarnings(next.config, next.theme),
      ];
      await step('write', () =>
        staging ? staging.write(withoutRemovals(output)) : updateFiles(this.paths.outDir, output, this.paths),
      );
      for (const [file, contents] of output) if (contents !== null) written.set(file, byteLength(contents));
      this.state = next;
      if (staging) this.staging = staging;
      const cssOnly = kinds.length === 1 && kinds[0] === 'style';
      return {
        routes: loaded.rerender === 'all' ? ['*'] : [...rendered],
        shows,
        pages: [...next.plan.pages.values()].map((planned) => summaryOf(planned.page)),
        written,
        warnings,
        content: loaded.content,
        ...(cssOnly && previous
          ? { stylesheet: next.assets.stylesheet, replacedStylesheet: previous.assets.stylesheet }
          : {}),
      };
    } catch (error) {
      await Promise.allSettled(loaded.alongside);
      await staging?.abort();
      throw error;
    }
  }

  /**
   * A full update's inputs: the theme, the config and every page, with the assets and images made alongside the
   * pages, and a new staging folder to write into.
   */
  private async loadEverything(step: Step): Promise<Loaded> {
    this.memo = planMemo();
    const { pages: files, passedOver } = await pagesToBuild(this.paths);
    const notes = await this.useCacheFolder();
    // Without a content store every page's markdown is rendered: remark loads while esbuild bundles the theme.
    if (!(await ContentStore.exists(this.paths.cacheDir, this.paths.pagesDir)))
      void import('../markdown/markdown').catch(() => undefined);
    const theme = await step('theme', () => this.loadTheme());
    // The config is validated against the engine's schema extended by the theme's (theme.config).
    const config = await step('config', () => this.loadConfig(theme));
    await this.abort();
    const staging = await stageSite(this.paths.outDir, this.paths.publicDir, this.paths);
    const assetsBuilt = step('assets', () => bundleProjectAssets(theme, this.paths));
    const images = step('images', () => siteImagesOf(config, theme, this.paths));
    // Reported in their turn: the assets' errors once the pages are loaded, the images' after the pages' own.
    assetsBuilt.catch(() => undefined);
    images.catch(() => undefined);
    const alongside = [assetsBuilt, images];
    try {
      const { pages, content } = await step('pages', () => this.loader.loadAll(files, config, theme));
      const next = {
        config,
        theme,
        assets: await assetsBuilt,
        images: new Map(),
        pages,
        readmes: readmeFolders(files),
        passedOver,
        links: new Map(),
        routeReads: new Map(),
        files: new Set(staging.publicFiles.map((file) => file.path)),
        attachments: new Map(),
      };
      return { next, rerender: 'all', output: new Map(), images, content, notes, staging, alongside };
    } catch (error) {
      await Promise.allSettled(alongside);
      await staging.abort();
      throw error;
    }
  }

  /** What `changed` affects of `previous`, loaded again: the output folder is written in place. */
  private async loadChanged(changed: string[], kinds: ChangeKind[], previous: State, step: Step): Promise<Loaded> {
    checkOutputPlace(this.paths.outDir, this.paths);
    const next: Omit<State, 'plan'> = {
      ...previous,
      pages: new Map(previous.pages),
      links: new Map(previous.links),
      routeReads: new Map(previous.routeReads),
      files: new Set(previous.files),
    };
    let images = previous.images;
    if (kinds.includes('theme') || kinds.includes('island')) {
      next.theme = await step('theme', () => this.loadTheme());
      // The theme's config fields may have changed with it.
      if (next.theme.config !== previous.theme.config)
        next.config = await step('config', () => this.loadConfig(next.theme));
      // The social card's lines may come from the theme (theme.socialCard).
      if (next.theme !== previous.theme)
        images = await step('images', () => siteImagesOf(next.config, next.theme, this.paths));
    }
    // The browser bundles change when a stylesheet, an island or a module they import changed, or when the theme
    // names other files for them.
    const assetInputs = new Set(previous.assets.inputs);
    const assetFields = (theme: Theme) =>
      [theme.stylesheet, theme.preloadFont, theme.headScript, theme.search === true].join('\0');
    if (
      kinds.includes('style') ||
      kinds.includes('island') ||
      assetFields(next.theme) !== assetFields(previous.theme) ||
      changed.some((file) => assetInputs.has(file))
    )
      next.assets = await step('assets', () => bundleCheckedAssets(next.theme, this.paths));

    const output: Output = new Map();
    // The theme's schemas may have changed: every page is validated again (its markdown comes from the store).
    const allPages = next.theme !== previous.theme || next.assets !== previous.assets;
    const { routes, content } = await step('pages', () =>
      this.loader.loadChanged(
        changed
          .filter((f) => classify(f, this.paths) === 'page')
          .map((f) => path.relative(this.paths.pagesDir, f).split(path.sep).join('/')),
        allPages,
        previous,
        next,
        output,
      ),
    );
    for (const file of changed.filter((f) => classify(f, this.paths) === 'public'))
      output.set(...(await publicFileOf(file, this.paths)));
    return {
      next,
      rerender: routes,
      output,
      images: Promise.resolve(images),
      content,
      notes: [],
      alongside: [],
    };
  }

  private async loadConfig(theme: Theme): Promise<SiteConfig> {
    return withBaseUrl(await loadConfig(this.paths.pagesDir, this.paths.root, theme.config), this.options.baseUrl);
  }

  /**
   * The theme: the cached bundle while its inputs are unchanged (a watch session starts without esbuild); once a
   * watched theme changes, an esbuild context kept between edits re-bundles it incrementally.
   */
  private async loadTheme(): Promise<Theme> {
    await Promise.all([this.useCacheFolder(), checkCodeFiles(this.paths)]);
    const rebundle = this.options.incremental && this.state !== undefined;
    if (rebundle) this.bundler ??= new ThemeBundler(this.paths.themeDir, this.paths.cacheDir);
    return (await (this.bundler ? this.bundler.load() : loadTheme(this.paths.themeDir, this.paths.cacheDir))).theme;
  }

  /** The project root, and the site config file relative to it, as errors name them. */
  private get place(): { root: string; configFile: string } {
    return this.loader.place;
  }
}
