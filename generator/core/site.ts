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
 * they depend on changed (load/content-store.ts); the rest is made anew each
 * time: every page's layout, content and head are rendered for it
 * (render/render-pages.tsx). An update either succeeds whole or changes
 * nothing: a failed one leaves the state, and the output folder, as they were.
 */
import path from 'node:path';
import { checkStateLinks, failedWithPageErrors } from '../checks/link-check';
import type { SiteConfig } from '../config/config';
import { passedOverWarning } from '../pages/list-pages';
import { listPublicFiles } from '../output/public-files';
import { publishAttachments, routesShowing } from './attachments';
import { updateFiles } from '../output/update-files';
import type { Staging } from '../output/write-site';
import { htmlWithAbsoluteUrls } from '../render/base-path';
import { createInterner, pageLinks } from '../render/html-links';
import { renderPages } from '../render/render-pages';
import { poolPlan } from '../load/render-pool';
import { planMemo, planSite, type Plan } from '../collections/plan';
import { classify, projectPaths, type ChangeKind, type ProjectPaths } from './project';
import { loadChanged, loadEverything, type LoadContext, type Step } from './load-update';
import { timed } from '../base/logger';
import type { PagesWritten, SiteOptions, UpdateResult } from './site-options';
import type { Theme } from '../pages/theme-types';
import { summaryOf, type PageInfo } from '../pages/page';
import { SitePages } from './site-pages';
import { searchDue, SearchInterrupted, withSearchFiles } from './search';
import { outputPlan, pageOutput, type PageOutput } from './page-output';
import { writeSearchIndex } from './search-after-pages';
import { ThemeAndConfig } from './theme-and-config';
import { byteLength, checkFilePlaces, siteHostFiles, socialCardWarnings } from './non-page-files';
import { pageWarnings } from './page-warnings';
import { changedKeysSince } from '../base/changed-map';
import {
  changedHostFiles,
  removeUnplanned,
  linkChanges,
  pagesIn,
  planChanges,
  renderContext,
  routesToRender,
  withoutRemovals,
  withOutputFiles,
  type Loaded,
  type State,
} from './update-plan';

export { classify, projectPaths, type ChangeKind, type ProjectPaths } from './project';
export type { PagesWritten, SiteOptions, UpdateResult } from './site-options';

export class Site {
  readonly paths: ProjectPaths;
  private state?: State;
  /** The folder a full update writes into until commit(). */
  private staging?: Staging;
  private readonly loader: SitePages;
  private readonly project: ThemeAndConfig;
  /** Set by interrupt(): a change came that a later update takes, so this one need not finish its search index. */
  private interrupted = false;
  /** What the last plan made of each page, for the next (collections/plan.ts); a full update starts it anew. */
  private memo = planMemo();
  /** When a full update writes its pages on a thread of their own (core/page-output.ts). */
  private readonly outputPlan;

  constructor(private readonly options: SiteOptions = {}) {
    this.paths = projectPaths(options);
    this.loader = new SitePages(this.paths, options.drafts === true, poolPlan(options.workers));
    this.outputPlan = outputPlan(options.workers);
    this.project = new ThemeAndConfig(this.paths, options);
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
    return { theme, config: await this.project.loadConfig(theme) };
  }

  /**
   * Brings the site up to date with `changed` (absolute paths), or everything. A full update writes a new
   * output folder beside the old one, which commit() swaps in; any other update writes into the output
   * folder once everything it changes has rendered and passed the link check. `pagesWritten` is told then, and
   * what it returns is awaited before the update's search index and content store are made (site watch lets
   * the browsers it tells fetch the pages first).
   */
  async update(
    changed: 'all' | string[],
    pagesWritten?: (written: PagesWritten) => void | PromiseLike<void>,
  ): Promise<UpdateResult> {
    this.interrupted = false;
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
    const announce =
      pagesWritten &&
      ((result: Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>) =>
        pagesWritten({
          routes: result.routes,
          shows: result.shows,
          warnings: result.warnings,
          ...(result.stylesheet ? { stylesheet: result.stylesheet } : {}),
          ...(result.replacedStylesheet ? { replacedStylesheet: result.replacedStylesheet } : {}),
          ms: performance.now() - started,
        }));
    const result = await this.apply(everything ? undefined : (changed as string[]), kinds, step, announce);
    // Assigned, not spread: the result's pages are made when asked for (a watch update never asks).
    return Object.assign(result, { kinds, steps, ms: performance.now() - started });
  }

  /**
   * Says a change came while an update runs (site watch): a watch update whose pages are written leaves its search
   * index to the next update, which makes it from the pages as they are then.
   */
  interrupt(): void {
    this.interrupted = true;
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
  private plan(pages: ReadonlyMap<string, PageInfo>, config: SiteConfig, theme: Theme): Plan {
    return planSite(pages.values(), {
      site: config,
      theme,
      now: this.now,
      absoluteHtml: (html, pageUrl) => htmlWithAbsoluteUrls(html, config.baseUrl, pageUrl),
      memo: this.memo,
      byFile: { pages, changedSince: (before) => changedKeysSince(pages, before) },
    });
  }

  /** The build's date (security.txt's expiry). */
  private get now(): Date {
    return this.options.now ?? new Date();
  }

  async dispose(): Promise<void> {
    await this.abort();
    await this.loader.saveStore();
    await this.project.dispose();
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
    announce?: (result: Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>) => void | PromiseLike<void>,
  ): Promise<Omit<UpdateResult, 'kinds' | 'steps' | 'ms'>> {
    const previous = changed === undefined ? undefined : this.state!;
    const loaded = previous
      ? await loadChanged(this.loadContext, changed!, kinds, previous, step)
      : await this.loadEverythingAnew(step);
    const { output, staging } = loaded;
    let pagesOut: PageOutput | undefined;
    try {
      const written = new Map<string, number>();
      // What each page reads of the others, from every page as it is now (collections/plan.ts).
      const next: State = {
        ...loaded.next,
        plan: await step('plan', () => this.plan(loaded.next.pages, loaded.next.config, loaded.next.theme)),
      };
      // What the plan changed of the last update's (none for a full update, which renders every page).
      const changes = previous && planChanges(previous.plan, next.plan);
      const rendered = await step('render', async () => {
        const toRender =
          loaded.rerender === 'all'
            ? new Set(next.plan.pages.keys())
            : routesToRender(previous!.plan, next.plan, loaded.rerender, next.routeReads, changes);
        if (previous && changes) removeUnplanned(previous.plan, next, output, changes);
        // A full update writes each page as it renders, and gives it to its search index (core/page-output.ts).
        const out = (pagesOut = staging && (await pageOutput(next, staging, written, toRender, this.outputPlan)));
        const intern = createInterner();
        await renderPages(pagesIn(next.plan, toRender), renderContext(next), (page) => {
          const { route, file } = page.page;
          next.links.set(route, pageLinks(route, file, page.linkSources, intern));
          next.routeReads.set(route, page.routeReads);
          if (!out) output.set(page.outFile, page.chunks);
          return out?.put(page);
        }).catch((error: unknown) => {
          // A page the output thread failed to write before this error is the build's error, as on one thread.
          if (out) return out.failedWith(error);
          throw error;
        });
        return toRender;
      });
      // Where the pages this update did not render are written (core/search.ts reads them for the index).
      const pageFolders = [staging?.dir ?? this.paths.outDir, ...(this.staging ? [this.staging.dir] : [])];
      // A full update makes its index with its pages; a watch update writes its pages first, so that an edit is
      // served at once, and its index after them (writeSearchIndex).
      // The output thread's last pages and the index are waited for here (without search, the pages alone).
      if (pagesOut)
        next.search = await step(next.theme.search === true ? 'search' : 'written', () => pagesOut!.finish(output));
      else if (searchDue(next, previous, rendered)) next.searchStale = true;
      next.images = await loaded.images;
      const { files: host, pages: hostPages } = siteHostFiles(next, next.plan, this.now, previous?.hostPages, changes);
      changedHostFiles(host, previous, loaded.rerender === 'all', output);
      next.host = host;
      next.hostPages = hostPages;
      const { attachments, linked } = await step('attachments', () =>
        publishAttachments(next.pages, this.paths.pagesDir, previous, changed, output),
      );
      next.attachments = attachments;
      next.linked = linked;
      const shows = previous ? routesShowing(next.pages.values(), output, rendered, linked) : [];
      next.files = withOutputFiles(next.files, written.keys(), output);
      // No public file, nor file a page links to beside it, may take the place of a file the build makes.
      const publicFiles = staging
        ? staging.publicFiles
        : await listPublicFiles(this.paths.publicDir, this.paths.pagesDir);
      next.filePlaces = checkFilePlaces(
        withSearchFiles(host, next.search),
        next.plan,
        publicFiles,
        next.attachments,
        this.paths,
        previous?.filePlaces,
        changes,
      );
      // Made from the pages looked at again since the state before (page-warnings.ts, PageFlags).
      const pageWarned = pageWarnings(
        next.pages,
        next.plan,
        next.config,
        next.theme,
        this.place.configFile,
        this.paths.root,
        previous?.pageFlags,
      );
      next.pageFlags = pageWarned.flags;
      const warnings = [
        ...loaded.notes,
        ...(await step('links', async () => {
          const checked = await checkStateLinks(
            next,
            previous?.linkIndex,
            this.place.configFile,
            this.paths.publicDir,
            loaded.pageErrors,
            linkChanges(next, previous?.linkIndex),
          );
          next.linkIndex = checked.index;
          return checked.warnings;
        })),
        ...passedOverWarning(next.passedOver, this.paths.pagesDir),
        ...pageWarned.warnings,
        ...socialCardWarnings(next.config, next.theme),
      ];
      await step('write', () =>
        staging ? staging.write(withoutRemovals(output)) : updateFiles(this.paths.outDir, output, this.paths),
      );
      for (const [file, contents] of output) if (contents !== null) written.set(file, byteLength(contents));
      this.state = next;
      if (staging) this.staging = staging;
      const cssOnly = kinds.length === 1 && kinds[0] === 'style';
      const result = {
        routes: loaded.rerender === 'all' ? ['*'] : [...rendered],
        shows,
        get pages() {
          return [...next.plan.pages.values()].map((planned) => summaryOf(planned.page));
        },
        written,
        warnings,
        content: loaded.content,
        ...(cssOnly && previous
          ? { stylesheet: next.assets.stylesheet, replacedStylesheet: previous.assets.stylesheet }
          : {}),
      };
      // A watch update's pages are served from here on: site watch tells browsers now, not once the index is made,
      // and the index waits for what it returns.
      if (!staging) await announce?.(result);
      if (next.searchStale)
        await step('search', () =>
          writeSearchIndex(next, { host, publicFiles, dirs: pageFolders, written, paths: this.paths }, () => {
            if (this.interrupted) throw new SearchInterrupted();
          }),
        );
      // The markdown a watch update rendered is kept for the next start once its pages are written (a full update
      // kept it with its pages); left to a later update, or to dispose(), when a change came meanwhile.
      if (!staging && !this.interrupted) await step('store', () => this.loader.saveStore());
      return result;
    } catch (error) {
      // Nothing the output thread was given lands in the staging folder once it is given up.
      await pagesOut?.stop();
      await Promise.allSettled(loaded.alongside);
      await staging?.abort();
      // Whatever phase failed, the errors of the pages that failed to load come with its own (every error at once).
      throw failedWithPageErrors(error, loaded.pageErrors);
    }
  }

  /** What loading an update needs of the Site. */
  private get loadContext(): LoadContext {
    return {
      paths: this.paths,
      project: this.project,
      loader: this.loader,
      again: this.state !== undefined,
      abort: () => this.abort(),
    };
  }

  /** A full update's inputs; the plan's memo starts anew with them. */
  private loadEverythingAnew(step: Step): Promise<Loaded> {
    this.memo = planMemo();
    return loadEverything(this.loadContext, step);
  }

  private loadConfig(theme: Theme): Promise<SiteConfig> {
    return this.project.loadConfig(theme);
  }

  private loadTheme(): Promise<Theme> {
    return this.project.loadTheme(this.state !== undefined);
  }

  /** The project root, and the site config file relative to it, as errors name them. */
  private get place(): { root: string; configFile: string } {
    return this.loader.place;
  }
}
