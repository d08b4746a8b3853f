/**
 * A Site's pages as an update reads them: from the content store where nothing they depend on changed
 * (load/content-store.ts), else parsed and rendered; validated against the theme; drafts left out unless built.
 */
import path from 'node:path';
import { engineDigest } from '../base/engine-files';
import { siteErrorsOf } from '../base/errors';
import { summaryOf, type PageInfo } from '../pages/page';
import type { Theme } from '../pages/theme-types';
import { CONFIG_FILE, type SiteConfig } from '../config/config';
import { ContentStore } from '../load/content-store';
import { describePage } from '../load/validate-frontmatter';
import { duplicateRoutes } from '../load/page-route';
import { listPageFiles } from '../pages/list-pages';
import { outputFileOf, readmeFolders } from '../pages/routes';
import type { Output, State } from './update-plan';
import { compileIds } from '../markdown/heading-ids';
import { wholePages, wholePagesAndErrors, type LoadedPages, type PageErrors } from '../load/loaded-pages';
import { markdownRecipe } from '../markdown/markdown-recipe';
import { preparePages } from '../load/parse-and-render';
import type { PoolPlan } from '../load/render-pool';
import { GitDates, withDates } from '../load/git-dates';
import type { ProjectPaths } from './project';
import type { UpdateResult } from './site-options';

export type PagesLoaded = {
  pages: Map<string, PageInfo>;
  content: UpdateResult['content'];
  /** The dates every page carries (withDates): State.dates. */
  dates: ReadonlyMap<string, string>;
};

export class SitePages {
  private store?: ContentStore;
  private readonly gitDates: GitDates;
  /** The dates of a site without `lastUpdated: git`: none, the same object at every update. */
  private readonly noDates: ReadonlyMap<string, string> = new Map();

  constructor(
    private readonly paths: ProjectPaths,
    private readonly drafts: boolean,
    /** The worker threads that may parse and render pages beside this one (load/render-pool.ts). */
    private readonly pool: PoolPlan,
  ) {
    this.gitDates = new GitDates(paths.pagesDir);
  }

  /** The pages' last commit dates, with `lastUpdated: git`; none otherwise (and git is not run). */
  private async datesOf(config: SiteConfig): Promise<ReadonlyMap<string, string>> {
    return config.lastUpdated === 'git' ? this.gitDates.read() : this.noDates;
  }

  /** The project root, and the site config file relative to it, as errors name them. */
  get place(): { root: string; configFile: string } {
    return {
      root: this.paths.root,
      configFile: path.relative(this.paths.root, path.join(this.paths.pagesDir, CONFIG_FILE)),
    };
  }

  /**
   * Reads the pages (from the content store where nothing changed), renders their markdown and validates their
   * frontmatter against the theme. `errors`: every file that could not be read, parsed, rendered or validated, and
   * routes claimed twice. `all`: these are every page of the site (the store forgets the others). `readmes`: the
   * folders whose README.md is their page, from every page file of the site (readmeFolders).
   */
  async loadHeads(
    files: readonly string[],
    readmes: ReadonlySet<string>,
    config: SiteConfig,
    theme: Theme,
    all: boolean,
  ): Promise<LoadedPages> {
    const place = this.place;
    // remark loads only when a page needs rendering: the recipe names its packages without importing them.
    const markdown = async () => (await import('../markdown/markdown')).loadMarkdown(config.markdown, place);
    const reservedIds = theme.reservedIds ?? [];
    const recipe = JSON.stringify([
      engineDigest(),
      markdownRecipe(config.markdown, place),
      compileIds(reservedIds).key,
      this.paths.root,
      // Whether a link to a README.md leads to its folder: when that changes for any folder, every page is rendered again.
      [...readmes],
    ]);
    if (!this.store?.madeFor(recipe))
      this.store = await ContentStore.open(this.paths.cacheDir, this.paths.pagesDir, recipe);
    const store = this.store;
    const ctx = {
      pagesDir: this.paths.pagesDir,
      config,
      displayRoot: this.paths.root,
      markdown,
      place,
      reservedIds,
      store,
      readmes,
      pool: this.pool,
    };
    const prepared = await preparePages(files, ctx);
    const items: LoadedPages['items'] = [];
    const errors = [...prepared.errors];
    const read = new Set(prepared.pages.map((page) => page.relativeFile));
    const shown = (relativeFile: string) => ({
      relativeFile,
      file: path.relative(this.paths.root, path.join(this.paths.pagesDir, relativeFile)),
    });
    const failed = files.filter((file) => !read.has(file)).map(shown);
    for (const page of prepared.pages) {
      try {
        const head = describePage(page.source, { config, theme, readmes });
        // A draft is built only when asked (site watch, --drafts).
        if (head.data.draft === true && !this.drafts) continue;
        items.push({ relativeFile: page.relativeFile, head, body: page.body });
      } catch (error) {
        const found = siteErrorsOf(error);
        if (found.length === 0) throw error;
        errors.push(...found);
        failed.push(shown(page.relativeFile));
      }
    }
    if (all) errors.push(...duplicateRoutes(items.map((item) => summaryOf(item.head))));
    return {
      items,
      errors,
      failed,
      content: { stored: prepared.stored, rendered: prepared.rendered, threads: prepared.threads },
      // A full update saves the store with its pages; a watch update once its pages are written (saveStore).
      finish: async () => {
        if (!all) return;
        store.keepOnly(new Set(files));
        await store.save();
      },
    };
  }

  /**
   * Writes the content store when a watch update changed it: after the update's pages are written, so that an edit
   * is served without waiting for the store of every page to be written again.
   */
  async saveStore(): Promise<void> {
    await this.store?.save();
  }

  /** Every page of `files` (every page file of the site), whole; rejects with every page's errors. */
  async loadAll(files: readonly string[], config: SiteConfig, theme: Theme): Promise<PagesLoaded> {
    const [heads, dates] = await Promise.all([
      this.loadHeads(files, readmeFolders(files), config, theme, true),
      this.datesOf(config),
    ]);
    return { pages: withDates(await wholePages(heads), dates), content: heads.content, dates };
  }

  /**
   * Every page of `files` that loads, whole, and the errors of those that do not (a full build goes on with the
   * others, to report the errors of its later phases with these: core/site.ts).
   */
  async loadAllAndErrors(
    files: readonly string[],
    config: SiteConfig,
    theme: Theme,
  ): Promise<PagesLoaded & { pageErrors: PageErrors }> {
    const [heads, dates] = await Promise.all([
      this.loadHeads(files, readmeFolders(files), config, theme, true),
      this.datesOf(config),
    ]);
    const { pages, errors } = await wholePagesAndErrors(heads);
    return {
      pages: withDates(pages, dates),
      content: heads.content,
      dates,
      pageErrors: { errors, failed: heads.failed },
    };
  }

  /**
   * The pages of a watch update: the changed page `files` loaded into `next` (reload), or every page again when `all`
   * or when a README.md became its folder's page or stopped being it, which moves it and every link to it.
   */
  async loadChanged(
    files: string[],
    all: boolean,
    previous: State,
    next: Omit<State, 'plan'>,
    output: Output,
  ): Promise<{ routes: Set<string> | 'all'; content: UpdateResult['content'] }> {
    const { pages: present, passedOver } = await listPageFiles(this.paths.pagesDir);
    // The same files in the same order as the state's listing (an edit): its folders and files are these, and no page
    // of the state is gone from the folder (each is of a file of that listing).
    const same = sameFiles(present, previous.pageFiles);
    const here = same ? previous.pageFiles : new Set(present);
    next.pageFiles = here;
    next.readmes = same ? previous.readmes : readmeFolders(present);
    next.passedOver = passedOver;
    // The update is of the folder as it is now, whatever order the watcher reports changes in: a page gone from it is
    // gone from this update too, reported or not yet. A rename's removal comes after its addition (chokidar holds a
    // removal back to see whether the file comes back): README.md renamed readme.md was both files at once, a
    // DuplicateRoute, for one update.
    const gone = same ? [] : [...previous.pages.keys()].filter((file) => !here.has(file));
    if (!all && (same || [...next.readmes].join('\0') === [...previous.readmes].join('\0')))
      return this.reload([...new Set([...files, ...gone])], here, previous, next, output);
    const loaded = await this.loadAll(present, next.config, next.theme);
    next.pages = loaded.pages;
    next.dates = loaded.dates;
    next.links = new Map();
    next.routeReads = new Map();
    return { routes: 'all', content: loaded.content };
  }

  /**
   * Loads the changed page files into `next` (forgetting deleted ones, whose output is removed); returns the routes to
   * render. `present`: every page file of the site now, whose readmeFolders are those of `previous`.
   */
  private async reload(
    files: string[],
    present: ReadonlySet<string>,
    previous: State,
    next: Omit<State, 'plan'>,
    output: Output,
  ): Promise<{ routes: Set<string>; content: UpdateResult['content'] }> {
    for (const file of files) {
      const before = previous.pages.get(file);
      if (!before) continue;
      next.pages.delete(file);
      next.links.delete(before.route);
      output.set(outputFileOf(before.route), null);
    }
    const existing = files.filter((file) => present.has(file));
    const [heads, dates] = await Promise.all([
      // The folders of every page file now (loadChanged made them of `present`).
      this.loadHeads(existing, next.readmes, next.config, next.theme, false),
      this.datesOf(next.config),
    ]);
    // The pages loaded before claim their routes, and their old addresses' (the update before checked them): a route
    // claimed twice now is one a loaded page claims, so only the pages that claim those are compared, in the order a
    // full update compares them (by file).
    const claims = (page: Pick<PageInfo, 'route' | 'redirects'>) => [
      page.route,
      ...(page.redirects ?? []).map((from) => from.route),
    ];
    const claimed = new Set(heads.items.flatMap((item) => claims(item.head)));
    const claimsAny = (page: PageInfo) =>
      claimed.has(page.route) || (page.redirects?.some((from) => claimed.has(from.route)) ?? false);
    const compared: (readonly [string, PageInfo | LoadedPages['items'][number]['head']])[] = heads.items.map(
      (item) => [item.relativeFile, item.head] as const,
    );
    for (const [file, page] of next.pages) if (claimsAny(page)) compared.push([file, page]);
    compared.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    heads.errors.push(...duplicateRoutes(compared.map(([, page]) => summaryOf(page))));
    const pages = await wholePages(heads);
    for (const [file, page] of pages) next.pages.set(file, page);
    const routes = new Set([...pages.values()].map((page) => page.route));
    // A page's date is read from git at every update, as a full build reads it: a commit made since, or an edit that
    // made a committed page differ from it, re-renders each page whose date came, went or moved. The pages of the
    // state before carry its dates: when these are the same object (GitDates.read), only the pages read again are dated.
    withDates(next.pages, dates, routes, dates === previous.dates ? pages.keys() : undefined);
    next.dates = dates;
    return { routes, content: heads.content };
  }
}

/** Whether a listing of the page files is `last`'s files in its order. */
function sameFiles(files: readonly string[], last: ReadonlySet<string>): boolean {
  if (files.length !== last.size) return false;
  let i = 0;
  for (const file of last) if (file !== files[i++]) return false;
  return true;
}
