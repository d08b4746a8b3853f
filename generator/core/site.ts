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
 * A page's frontmatter and markdown come from the content store when nothing
 * they depend on changed (content/content-store.ts); the rest is made anew each
 * time: every page's layout, content and head are rendered for it
 * (render/render-pages.tsx). An update either succeeds whole or changes
 * nothing: a failed one leaves the state, and the output folder, as they were.
 */
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleProjectAssets, type Assets } from '../assets/bundle-assets';
import { defaultSocialCard, siteImages } from '../assets/images';
import { cacheFolder } from '../cache/cache-dir';
import { ContentStore } from '../content/content-store';
import { pageLinks, type PageLinks } from '../render/html-links';
import { checkSiteLinks } from '../checks/site-links';
import { CONFIG_FILE, loadConfig, type SiteConfig } from '../content/config';
import { describePage, duplicateRoutes, longTitles, nearMissKeys } from '../content/describe-page';
import { markdownRecipe } from '../content/markdown-recipe';
import { compileIds } from '../content/heading-ids';
import { listPageFiles } from '../content/page-files';
import { failWith, sortByFile, wholePages, withBodies, type Heads, type Item } from '../content/loaded-pages';
import { preparePages } from '../content/prepare-pages';
import { outputFileOf } from '../content/routes';
import { hostFiles } from '../output/host-files';
import { checkOutputPlace } from '../output/output-folder';
import { checkPublicCollisions, isPublished, listPublicFiles } from '../output/public-files';
import { stageSite, updateFiles, type Staging } from '../output/write-site';
import { folderWriter } from '../output/write-in-place';
import { writePages } from '../output/write-pages';
import { loadTheme, ThemeBundler } from '../render/load-theme';
import { renderPage, type PageAssets } from '../render/render-pages';
import { htmlWithAbsoluteUrls } from '../render/base-path';
import { planMemo, planSite, type Plan } from '../collections/plan';
import { engineDigest } from '../base/engine-files';
import { classify, pagesToBuild, projectPaths, type ChangeKind, type ProjectPaths } from './project';
import { collectErrors, SiteError, siteErrorsOf, SiteWarning, throwIfAny } from '../base/errors';
import { timed } from '../base/logger';
import type { SiteOptions, UpdateResult } from './site-options';
import type { Theme } from '../content/theme-types';
import { summaryOf, type PageInfo } from '../content/page';

export { classify, projectPaths, type ChangeKind, type ProjectPaths } from './project';
export type { SiteOptions, UpdateResult } from './site-options';

interface State {
  config: SiteConfig;
  theme: Theme;
  assets: Assets;
  images: Map<string, Uint8Array>;
  /** Pages by their path inside the pages folder (as change events name them). */
  pages: Map<string, PageInfo>;
  /** What the link check reads of each page, by route. */
  links: Map<string, PageLinks>;
  /** Every file of the output, relative to it. */
  files: Set<string>;
  /** Every page rendered (the site's and those its collections make), with what each read of the others; the feeds. */
  plan: Plan;
}

type Step = <T>(name: string, run: () => T | Promise<T>) => Promise<T>;
type Output = Map<string, string | Uint8Array | null>;
type Loaded = { pages: Map<string, PageInfo>; content: UpdateResult['content'] };

export class Site {
  readonly paths: ProjectPaths;
  private state?: State;
  /** The folder a full update writes into until commit(). */
  private staging?: Staging;
  private bundler?: ThemeBundler;
  private store?: ContentStore;
  private cacheReady?: Promise<SiteWarning[]>;
  /** What the last plan made of each page, for the next (collections/plan.ts); a full update starts it anew. */
  private memo = planMemo();

  constructor(private readonly options: SiteOptions = {}) {
    this.paths = projectPaths(options);
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
    void import('../content/markdown')
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
    const result = everything ? await this.updateAll(step) : await this.updateSome(changed as string[], kinds, step);
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

  private async updateAll(step: Step): Promise<Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>> {
    this.memo = planMemo();
    const files = await pagesToBuild(this.paths);
    const notes = await this.useCacheFolder();
    // Without a content store every page's markdown is rendered: remark loads while esbuild bundles the theme.
    if (!(await ContentStore.exists(this.paths.cacheDir, this.paths.pagesDir)))
      void import('../content/markdown').catch(() => undefined);
    const theme = await step('theme', () => this.loadTheme());
    // The config is validated against the engine's schema extended by the theme's (theme.config).
    const config = await step('config', () => this.loadConfig(theme));
    await this.abort();
    const staging = await stageSite(this.paths.outDir, this.paths.publicDir, this.paths);
    // Steps that run alongside the pages: a failed build waits for them, so that nothing is still writing once it returns.
    const alongside: Promise<unknown>[] = [];
    try {
      const assetsBuilt = step('assets', () => bundleProjectAssets(theme, this.paths));
      assetsBuilt.catch(() => undefined); // reported below, once the pages are loaded
      const imagesMade = step('images', () => this.images(config, theme));
      imagesMade.catch(() => undefined); // reported below, after the pages' errors
      alongside.push(assetsBuilt, imagesMade);
      const heads = await step('pages', () => this.loadHeads(files, config, theme, true));
      if (heads.errors.length > 0) await failWith(heads);
      const assets = await assetsBuilt;
      const pages = new Map<string, PageInfo>();
      const {
        rendered,
        errors: renderErrors,
        plan,
      } = await step('render', async () => {
        try {
          for await (const batch of withBodies(heads.items, pages)) void batch;
          // What each page reads of the others, from every page's current frontmatter and body (collections/plan.ts).
          const plan = this.plan(pages.values(), config, theme);
          const ctx = {
            site: config,
            theme,
            assets: pageAssets(assets),
            routes: new Set(plan.pages.keys()),
            shells: new Map(),
            collectionsOf: (route: string) => plan.pages.get(route)?.props,
          };
          // Each page is rendered and written in route order.
          return {
            ...(await writePages(
              [[...plan.pages.values()].map((planned) => planned.page)],
              ctx,
              folderWriter(staging.dir),
            )),
            plan,
          };
        } finally {
          await heads.finish();
        }
      });
      throwIfAny(sortByFile(renderErrors));
      const images = await imagesMade;
      const host = this.hostFiles({ config, theme, assets, images }, plan);
      // Before the public files are copied in (staging.write): none may take the place of a file the build makes.
      const generated = new Map<string, string>([...host.keys()].map((file) => [file, 'a file the build makes']));
      for (const page of rendered) generated.set(page.outFile, `the page of ${page.file}`);
      checkPublicCollisions(staging.publicFiles, generated, this.paths.publicDir);
      await step('write', () => staging.write(host));
      const state: State = {
        config,
        theme,
        assets,
        images,
        pages,
        links: new Map(rendered.map((page) => [page.route, page])),
        files: new Set([
          ...rendered.map((page) => page.outFile),
          ...host.keys(),
          ...staging.publicFiles.map((file) => file.path),
        ]),
        plan,
      };
      const warnings = await step('links', () => this.checkLinks(state));
      this.state = state;
      this.staging = staging;
      const written = new Map<string, number>([
        ...rendered.map((r) => [r.outFile, r.bytes] as const),
        ...[...host].map(([file, contents]) => [file, byteLength(contents)] as const),
      ]);
      const titles = [
        ...longTitles([...pages.values()], config, this.place.configFile),
        ...nearMissKeys([...pages.values()], theme, this.paths.root),
      ];
      return {
        routes: ['*'],
        pages: [...plan.pages.values()].map((planned) => summaryOf(planned.page)),
        written,
        warnings: [...notes, ...warnings, ...titles],
        content: heads.content,
      };
    } catch (error) {
      await Promise.allSettled(alongside);
      await staging.abort();
      throw error;
    }
  }

  private async updateSome(
    changed: string[],
    kinds: ChangeKind[],
    step: Step,
  ): Promise<Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>> {
    const previous = this.state!;
    checkOutputPlace(this.paths.outDir, this.paths);
    const next: State = {
      ...previous,
      pages: new Map(previous.pages),
      links: new Map(previous.links),
      files: new Set(previous.files),
    };
    if (kinds.includes('theme') || kinds.includes('island')) {
      next.theme = await step('theme', () => this.loadTheme());
      // The theme's config fields may have changed with it.
      if (next.theme.config !== previous.theme.config)
        next.config = await step('config', () => this.loadConfig(next.theme));
      // The social card's lines may come from the theme (theme.socialCard).
      if (next.theme !== previous.theme) next.images = await step('images', () => this.images(next.config, next.theme));
    }
    // The browser bundles change when a stylesheet, an island or a module they import changed.
    const assetInputs = new Set(previous.assets.inputs);
    if (kinds.includes('style') || kinds.includes('island') || changed.some((file) => assetInputs.has(file)))
      next.assets = await step('assets', () => bundleProjectAssets(next.theme, this.paths));

    const allPages = next.theme !== previous.theme || next.assets !== previous.assets;
    const output: Output = new Map();
    const { routes, content } = await step('pages', async () => {
      if (!allPages)
        return this.reloadPages(
          changed.filter((f) => classify(f, this.paths) === 'page').map((f) => this.relative(f)),
          previous,
          next,
          output,
        );
      // The theme's schemas may have changed: every page is validated again (its markdown comes from the store).
      const files = await listPageFiles(this.paths.pagesDir);
      const loaded = await this.loadAll(files, next.config, next.theme);
      next.pages = loaded.pages;
      next.links = new Map();
      return { routes: new Set([...loaded.pages.values()].map((page) => page.route)), content: loaded.content };
    });
    const rendered = await step('render', () => {
      next.plan = this.plan(next.pages.values(), next.config, next.theme);
      const toRender = allPages ? new Set(next.plan.pages.keys()) : reread(previous.plan, next.plan, routes);
      for (const route of previous.plan.pages.keys()) {
        if (next.plan.pages.has(route)) continue;
        output.set(outputFileOf(route), null);
        next.links.delete(route);
      }
      this.render(toRender, next, output);
      return toRender;
    });
    const host = this.hostFiles(next, next.plan);
    for (const [file, contents] of host)
      if (
        allPages ||
        file === 'sitemap.xml' ||
        (next.plan.feeds.has(file) && previous.plan.feeds.get(file) !== contents)
      )
        output.set(file, contents);
    for (const file of previous.plan.feeds.keys()) if (!next.plan.feeds.has(file)) output.set(file, null);
    for (const file of changed.filter((f) => classify(f, this.paths) === 'public'))
      output.set(...(await this.publicFile(file)));
    for (const [file, contents] of output) {
      if (contents === null) next.files.delete(file);
      else next.files.add(file);
    }
    // The files a page is published with: none may take the place of a file the build makes.
    const generated = new Map<string, string>([...host.keys()].map((file) => [file, 'a file the build makes']));
    for (const { page } of next.plan.pages.values())
      generated.set(outputFileOf(page.route), `the page of ${page.file}`);
    checkPublicCollisions(
      await listPublicFiles(this.paths.publicDir, this.paths.pagesDir),
      generated,
      this.paths.publicDir,
    );
    const warnings = [
      ...(await step('links', () => this.checkLinks(next))),
      ...longTitles([...next.pages.values()], next.config, this.place.configFile),
      ...nearMissKeys([...next.pages.values()], next.theme, this.paths.root),
    ];
    await step('write', () => updateFiles(this.paths.outDir, output, this.paths));
    this.state = next;
    const cssOnly = kinds.length === 1 && kinds[0] === 'style';
    const written = new Map(
      [...output]
        .filter((entry): entry is [string, string | Uint8Array] => entry[1] !== null)
        .map(([file, contents]) => [file, byteLength(contents)]),
    );
    return {
      routes: allPages ? ['*'] : [...rendered],
      pages: [...next.plan.pages.values()].map((planned) => summaryOf(planned.page)),
      written,
      warnings,
      content,
      ...(cssOnly ? { stylesheet: next.assets.stylesheet, replacedStylesheet: previous.assets.stylesheet } : {}),
    };
  }

  /** A public file as a build publishes it (null: no longer published). Dotfiles are never published; links out of the pages folder fail. */
  private async publicFile(file: string): Promise<[string, Uint8Array | null]> {
    const relative = path.relative(this.paths.publicDir, file).split(path.sep).join('/');
    if (!isPublished(relative)) return [relative, null];
    const published = new Map(
      (await listPublicFiles(this.paths.publicDir, this.paths.pagesDir)).map((found) => [found.path, found.source]),
    );
    const source = published.get(relative);
    const exists =
      source !== undefined &&
      (await access(source).then(
        () => true,
        () => false,
      ));
    return [relative, exists ? await readFile(source) : null];
  }

  private async loadConfig(theme: Theme): Promise<SiteConfig> {
    const config = await loadConfig(this.paths.pagesDir, this.paths.root, theme.config);
    const { baseUrl } = this.options;
    if (baseUrl === undefined) return config;
    if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(baseUrl)) {
      throw new SiteError(
        'InvalidConfig',
        { baseUrl },
        { field: '--base-url', hint: 'Pass a URL like https://example.org' },
      );
    }
    return { ...config, baseUrl: baseUrl.replace(/\/+$/, '') };
  }

  /**
   * The theme: the cached bundle while its inputs are unchanged (a watch session starts without esbuild); once a
   * watched theme changes, an esbuild context kept between edits re-bundles it incrementally.
   */
  private async loadTheme(): Promise<Theme> {
    await this.useCacheFolder();
    const rebundle = this.options.incremental && this.state !== undefined;
    if (rebundle) this.bundler ??= new ThemeBundler(this.paths.themeDir, this.paths.cacheDir);
    return (await (this.bundler ? this.bundler.load() : loadTheme(this.paths.themeDir, this.paths.cacheDir))).theme;
  }

  /**
   * Reads the pages (from the content store where nothing changed), renders their markdown and validates their
   * frontmatter against the theme. `errors`: every file that could not be read, parsed, rendered or validated, and
   * routes claimed twice. `all`: these are every page of the site (the store forgets the others).
   */
  private async loadHeads(files: readonly string[], config: SiteConfig, theme: Theme, all: boolean): Promise<Heads> {
    const place = this.place;
    // remark loads only when a page needs rendering: the recipe names its packages without importing them.
    const markdown = async () => (await import('../content/markdown')).loadMarkdown(config.markdown, place);
    const reservedIds = theme.reservedIds ?? [];
    const recipe = JSON.stringify([
      engineDigest(),
      markdownRecipe(config.markdown, place),
      compileIds(reservedIds).key,
      this.paths.root,
    ]);
    if (!this.store?.madeFor(recipe))
      this.store = await ContentStore.open(this.paths.cacheDir, this.paths.pagesDir, recipe);
    const store = this.store;
    const ctx = { pagesDir: this.paths.pagesDir, config, displayRoot: this.paths.root, markdown, reservedIds, store };
    const prepared = await preparePages(files, ctx);
    const items: Item[] = [];
    const errors = [...prepared.errors];
    for (const page of prepared.pages) {
      try {
        const head = describePage(page.source, { config, theme });
        // A draft is built only when asked (site watch, --drafts).
        if (head.data.draft === true && !this.options.drafts) continue;
        items.push({ relativeFile: page.relativeFile, head, body: page.body });
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found);
      }
    }
    if (all) errors.push(...duplicateRoutes(items.map((item) => summaryOf(item.head))));
    return {
      items,
      errors,
      content: { stored: prepared.stored, rendered: prepared.rendered },
      finish: async () => {
        if (all) store.keepOnly(new Set(files));
        await store.save();
      },
    };
  }

  /** Every page of `files`, whole; rejects with every page's errors. */
  private async loadAll(files: readonly string[], config: SiteConfig, theme: Theme): Promise<Loaded> {
    const heads = await this.loadHeads(files, config, theme, true);
    return { pages: await wholePages(heads), content: heads.content };
  }

  /** Every output file but the pages and the public folder's (output/host-files.ts). */
  private hostFiles(
    { config, theme, assets, images }: Pick<State, 'config' | 'theme' | 'assets' | 'images'>,
    plan: Plan,
  ) {
    const formEndpoint = theme.formEndpoint?.(config);
    // Drafts (built with --drafts, or by site watch) are never in the sitemap.
    const pages = [...plan.pages.values()]
      .filter(({ page }) => page.data.draft !== true)
      .map(({ page }) => summaryOf(page));
    const files = hostFiles({
      config,
      pages,
      made: [assets.files, images],
      inlineStyles: theme.inlineStyles,
      now: this.now,
      formEndpoint,
    });
    for (const [file, feed] of plan.feeds) files.set(file, feed);
    return files;
  }

  /** The social card and the icons made from the logo, with the theme's lines on the card. */
  private images(config: SiteConfig, theme: Theme) {
    const own = theme.socialCard?.(config) ?? {};
    const card = defaultSocialCard(config);
    return siteImages(config, this.paths.publicDir, this.paths.cacheDir, {
      subtitle: own.subtitle ?? card.subtitle,
      footnote: own.footnote ?? card.footnote,
    });
  }

  /** The project root, and the site config file relative to it, as errors name them. */
  private get place(): { root: string; configFile: string } {
    return {
      root: this.paths.root,
      configFile: path.relative(this.paths.root, path.join(this.paths.pagesDir, CONFIG_FILE)),
    };
  }

  private checkLinks(state: State): Promise<SiteWarning[]> {
    const { config, pages, links, files } = state;
    return checkSiteLinks({
      config,
      configFile: this.place.configFile,
      pages: pages.values(),
      links: links.values(),
      files,
      publicDir: this.paths.publicDir,
    });
  }

  private relative(file: string): string {
    return path.relative(this.paths.pagesDir, file).split(path.sep).join('/');
  }

  /** Loads the changed page files into `next` (forgetting deleted ones, whose output is removed); returns the routes to render. */
  private async reloadPages(
    files: string[],
    previous: State,
    next: State,
    output: Output,
  ): Promise<{ routes: Set<string>; content: UpdateResult['content'] }> {
    const present = new Set(await listPageFiles(this.paths.pagesDir));
    for (const file of files) {
      const before = previous.pages.get(file);
      if (!before) continue;
      next.pages.delete(file);
      next.links.delete(before.route);
      output.set(outputFileOf(before.route), null);
    }
    const existing = files.filter((file) => present.has(file));
    const heads = await this.loadHeads(existing, next.config, next.theme, false);
    heads.errors.push(
      ...duplicateRoutes([...next.pages.values(), ...heads.items.map((item) => item.head)].map(summaryOf)),
    );
    const pages = await wholePages(heads);
    for (const [file, page] of pages) next.pages.set(file, page);
    return { routes: new Set([...pages.values()].map((page) => page.route)), content: heads.content };
  }

  /** Renders the pages of `routes` into `output`, and records their links in `next`. */
  private render(routes: Set<string>, next: State, output: Output): void {
    const plan = next.plan;
    const ctx = {
      site: next.config,
      theme: next.theme,
      assets: pageAssets(next.assets),
      routes: new Set(plan.pages.keys()),
      shells: new Map(),
      collectionsOf: (route: string) => plan.pages.get(route)?.props,
    };
    const pages = [...plan.pages.values()].filter(({ page }) => routes.has(page.route)).map(({ page }) => page);
    const { results, errors } = collectErrors(pages, (page) => renderPage(page, ctx));
    throwIfAny(errors);
    for (const rendered of results) {
      output.set(rendered.outFile, rendered.html);
      next.links.set(rendered.page.route, pageLinks(rendered.page.route, rendered.page.file, rendered.linkSources));
    }
  }
}

const pageAssets = ({ stylesheet, fontPreload, scripts, imports, styles }: Assets): PageAssets => ({
  stylesheet,
  fontPreload,
  scripts,
  imports,
  styles,
});
const byteLength = (contents: string | Uint8Array) =>
  typeof contents === 'string' ? Buffer.byteLength(contents) : contents.length;

/**
 * The routes a watch update renders: the pages of the changed files (and the pages their pagination makes), and
 * every page whose collections now read differently (a list, tag or feed page, a neighbour); every page when a page
 * was added or removed.
 */
function reread(previous: Plan, next: Plan, changedRoutes: Set<string>): Set<string> {
  // The Layout is given every route, and the JSON-LD names only pages that exist: when the routes change, any page may.
  if (next.pages.size !== previous.pages.size || [...next.pages.keys()].some((route) => !previous.pages.has(route)))
    return new Set(next.pages.keys());
  const changedFiles = new Set(
    [...changedRoutes].map((route) => next.pages.get(route)?.page.file).filter((file) => file !== undefined),
  );
  const routes = new Set<string>();
  for (const [route, planned] of next.pages) {
    const before = previous.pages.get(route);
    if (!before || before.key !== planned.key || changedFiles.has(planned.page.file)) routes.add(route);
  }
  return routes;
}
