/**
 * What an update loads before it plans: for a full update the theme, the config and every page, with a new staging
 * folder; for a watch update what its changed files affect of the state before it (core/site.ts, Site.apply).
 */
import path from 'node:path';
import { bundleProjectAssets } from '../assets/bundle-assets';
import { sourceEditsKey } from '../assets/source-edits';
import { ContentStore } from '../load/content-store';
import { readmeFolders } from '../pages/routes';
import { checkOutputPlace } from '../output/output-folder';
import { stageSite } from '../output/write-site';
import type { Theme } from '../pages/theme-types';
import { classify, pagesToBuild, type ChangeKind, type ProjectPaths } from './project';
import type { SitePages } from './site-pages';
import type { ThemeAndConfig } from './theme-and-config';
import { bundleCheckedAssets } from './check-code-folders';
import { ChangedMap } from '../base/changed-map';
import { publicFileOf, siteImagesOf } from './non-page-files';
import type { Loaded, Output, State } from './update-plan';

export type Step = <T>(name: string, run: () => T | Promise<T>) => Promise<T>;

/** What loading an update needs of its Site. */
export interface LoadContext {
  paths: ProjectPaths;
  project: ThemeAndConfig;
  loader: SitePages;
  /** Whether the Site updated before (a watched theme is then re-bundled incrementally). */
  again: boolean;
  /** Drops the staging folder of a full update not committed. */
  abort(): Promise<void>;
}

/**
 * A full update's inputs: the theme, the config and every page, with the assets and images made alongside the
 * pages, and a new staging folder to write into.
 */
export async function loadEverything(ctx: LoadContext, step: Step): Promise<Loaded> {
  const { pages: files, passedOver } = await pagesToBuild(ctx.paths);
  const notes = await ctx.project.useCacheFolder();
  // Without a content store every page's markdown is rendered: remark loads while esbuild bundles the theme.
  if (!(await ContentStore.exists(ctx.paths.cacheDir, ctx.paths.pagesDir)))
    void import('../markdown/markdown').catch(() => undefined);
  const theme = await step('theme', () => ctx.project.loadTheme(ctx.again));
  // The config is validated against the engine's schema extended by the theme's (theme.config).
  const config = await step('config', () => ctx.project.loadConfig(theme));
  await ctx.abort();
  const staging = await stageSite(ctx.paths.outDir, ctx.paths.publicDir, ctx.paths);
  const assetsBuilt = step('assets', () => bundleProjectAssets(theme, ctx.paths));
  const images = step('images', () => siteImagesOf(config, theme, ctx.paths));
  // Reported in their turn: the assets' errors once the pages are loaded, the images' after the pages' own.
  assetsBuilt.catch(() => undefined);
  images.catch(() => undefined);
  const alongside = [assetsBuilt, images];
  try {
    // The pages that fail are reported with the errors of the later phases, which the others go through.
    const { pages, content, dates, pageErrors } = await step('pages', () =>
      ctx.loader.loadAllAndErrors(files, config, theme),
    );
    const next = {
      config,
      theme,
      assets: await assetsBuilt,
      images: new Map(),
      pages,
      dates,
      readmes: readmeFolders(files),
      pageFiles: new Set(files),
      passedOver,
      links: new Map(),
      routeReads: new Map(),
      files: new Set(staging.publicFiles.map((file) => file.path)),
      attachments: new Map(),
    };
    return { next, rerender: 'all', output: new Map(), images, content, notes, staging, alongside, pageErrors };
  } catch (error) {
    await Promise.allSettled(alongside);
    await staging.abort();
    throw error;
  }
}

/** What `changed` affects of `previous`, loaded again: the output folder is written in place. */
export async function loadChanged(
  ctx: LoadContext,
  changed: string[],
  kinds: ChangeKind[],
  previous: State,
  step: Step,
): Promise<Loaded> {
  checkOutputPlace(ctx.paths.outDir, ctx.paths);
  const next: Omit<State, 'plan'> = {
    ...previous,
    // Copies that record what the update changes of them, which the link check reads, each made on write
    // (base/changed-map.ts): an update that changes a few pages does not copy every page's entry.
    pages: new ChangedMap(previous.pages),
    links: new ChangedMap(previous.links),
    routeReads: new ChangedMap(previous.routeReads),
    // The state's own set: the update replaces it with a copy when it adds or removes a file (withOutputFiles).
    files: previous.files,
  };
  let images = previous.images;
  if (kinds.includes('theme') || kinds.includes('island')) {
    next.theme = await step('theme', () => ctx.project.loadTheme(ctx.again));
    // The theme's config fields may have changed with it.
    if (next.theme.config !== previous.theme.config)
      next.config = await step('config', () => ctx.project.loadConfig(next.theme));
    // The social card's lines may come from the theme (theme.socialCard).
    if (next.theme !== previous.theme)
      images = await step('images', () => siteImagesOf(next.config, next.theme, ctx.paths));
  }
  // The browser bundles change when a stylesheet, an island or a module they import changed, or when the theme
  // names other files for them or edits packages' sources otherwise (islandSourceEdits).
  const assetInputs = new Set(previous.assets.inputs);
  const assetFields = (theme: Theme) =>
    [
      theme.stylesheet,
      theme.preloadFont,
      theme.headScript,
      theme.search === true,
      JSON.stringify(sourceEditsKey(theme.islandSourceEdits ?? [])),
    ].join('\0');
  if (
    kinds.includes('style') ||
    kinds.includes('island') ||
    assetFields(next.theme) !== assetFields(previous.theme) ||
    changed.some((file) => assetInputs.has(file))
  )
    next.assets = await step('assets', () => bundleCheckedAssets(next.theme, ctx.paths));

  const output: Output = new Map();
  // The theme's schemas may have changed: every page is validated again (its markdown comes from the store).
  const allPages = next.theme !== previous.theme || next.assets !== previous.assets;
  const { routes, content } = await step('pages', () =>
    ctx.loader.loadChanged(
      changed
        .filter((f) => classify(f, ctx.paths) === 'page')
        .map((f) => path.relative(ctx.paths.pagesDir, f).split(path.sep).join('/')),
      allPages,
      previous,
      next,
      output,
    ),
  );
  for (const file of changed.filter((f) => classify(f, ctx.paths) === 'public'))
    output.set(...(await publicFileOf(file, ctx.paths)));
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
