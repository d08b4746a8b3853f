/** The files of the output that are not pages: host files and feeds, the images, a public file as published. */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { cardLines, defaultSocialCard, siteImages, type SocialCard } from '../assets/images';
import { SiteWarning, throwIfAny } from '../base/errors';
import { callTheme } from '../base/theme-call';
import { displayPath } from '../base/paths';
import { summaryOf } from '../pages/page';
import { LIMITS, readInput } from '../base/read-input';
import type { Theme } from '../pages/theme-types';
import type { Plan } from '../collections/plan';
import type { PlanChanges } from '../collections/plan-types';
import type { SiteConfig } from '../config/config';
import { hostFiles, inSitemap, sitemapOf } from '../output/host-files';
import { redirectFiles } from '../output/redirects';
import type { FileContents } from '../output/write-in-place';
import { isPublished, listPublicFiles, publicCollisions, type PublicFile } from '../output/public-files';
import { outputFileOf } from '../pages/routes';
import { attachmentCollisions, type Attachments } from './attachments';
import { routeCollisions } from './route-registry';
import type { ProjectPaths } from './project';
import type { FilePlaces, HostPages, State } from './update-plan';
import type { PageInfo } from '../pages/page';

/**
 * Every output file but the pages and the public folder's (output/host-files.ts), and what they read of the plan's
 * pages, for the next update: from `last` and the routes the plan changed (`changes`) when those are changes of the
 * plan `last` was made from, else from every page.
 */
export function siteHostFiles(
  { config, theme, assets, images }: Pick<State, 'config' | 'theme' | 'assets' | 'images'>,
  plan: Plan,
  now: Date,
  last?: HostPages,
  changes?: PlanChanges,
): { files: Map<string, string | Uint8Array>; pages: HostPages } {
  const formEndpoint = callTheme({ fn: 'formEndpoint' }, () => theme.formEndpoint?.(config));
  const pages =
    last && changes && changes.since === last.pages && last.baseUrl === config.baseUrl
      ? changedHostPages(last, plan, changes, config)
      : hostPagesOf(plan, config);
  const files = hostFiles({
    config,
    sitemap: pages.sitemap,
    made: [assets.files, images],
    now,
    formEndpoint,
    search: theme.search === true,
  });
  for (const [file, feed] of plan.feeds) files.set(file, feed);
  // Old addresses (redirect_from, aliases): a page each, and _redirects.
  for (const [file, contents] of redirectFiles(pages.redirected, config)) files.set(file, contents);
  return { files, pages };
}

// Drafts (built with --drafts, or by site watch) are never in the sitemap, nor redirected to.
const inSitemapOf = (page: PageInfo) =>
  page.data.draft !== true && inSitemap({ isNotFound: page.isNotFound, noindex: page.data.noindex === true });
const redirectedOf = (plan: Plan) =>
  [...plan.pages.values()]
    .filter(({ page }) => page.redirects && page.data.draft !== true)
    .map(({ page }) => summaryOf(page));

/** What the host files read of every page of `plan`. */
function hostPagesOf(plan: Plan, config: Pick<SiteConfig, 'baseUrl'>): HostPages {
  const routes = new Set<string>();
  for (const { page } of plan.pages.values()) if (inSitemapOf(page)) routes.add(page.route);
  return {
    pages: plan.pages,
    baseUrl: config.baseUrl,
    routes,
    sitemap: sitemapOf(routes, config),
    redirected: redirectedOf(plan),
  };
}

/**
 * What the host files read of `plan`'s pages, from `last`, made from the plan `changes` are relative to: a route whose
 * planned page is the same object reads the same. The sitemap is made again when its routes changed, the redirects
 * when a page that has or had old addresses changed.
 */
function changedHostPages(
  last: HostPages,
  plan: Plan,
  changes: PlanChanges,
  config: Pick<SiteConfig, 'baseUrl'>,
): HostPages {
  let routes: Set<string> | undefined;
  let redirects = false;
  for (const set of [changes.remade, changes.gone])
    for (const route of set) {
      const before = changes.since.get(route)?.page;
      const page = plan.pages.get(route)?.page;
      if (before?.redirects || page?.redirects) redirects = true;
      const listed = page !== undefined && inSitemapOf(page);
      if (listed === (routes ?? last.routes).has(route)) continue;
      routes ??= new Set(last.routes);
      if (listed) routes.add(route);
      else routes.delete(route);
    }
  return {
    pages: plan.pages,
    baseUrl: config.baseUrl,
    routes: routes ?? last.routes,
    sitemap: routes ? sitemapOf(routes, config) : last.sitemap,
    redirected: redirects ? redirectedOf(plan) : last.redirected,
  };
}

/** The social card's lines under the site's name: the theme's (theme.socialCard), else the tagline and the host. */
function socialCardOf(config: SiteConfig, theme: Theme): SocialCard {
  const own = callTheme({ fn: 'socialCard' }, () => theme.socialCard?.(config)) ?? {};
  const card = defaultSocialCard(config);
  return { subtitle: own.subtitle ?? card.subtitle, footnote: own.footnote ?? card.footnote };
}

/** The social card and the icons made from the logo, with the theme's lines on the card. */
export function siteImagesOf(config: SiteConfig, theme: Theme, paths: ProjectPaths) {
  return siteImages(config, paths.publicDir, paths.cacheDir, socialCardOf(config, theme));
}

/** A warning naming each line of the social card its font cannot draw, which the card leaves out (images.ts). */
export function socialCardWarnings(config: SiteConfig, theme: Theme): SiteWarning[] {
  const { leftOut } = cardLines(config.name, socialCardOf(config, theme));
  return leftOut.length === 0 ? [] : [new SiteWarning('SocialCardTextLeftOut', { lines: leftOut, font: 'Inter' })];
}

/** A public file as a build publishes it (null: no longer published). Dotfiles are never published; links out of the pages folder fail. */
export async function publicFileOf(file: string, paths: ProjectPaths): Promise<[string, Uint8Array | null]> {
  const relative = path.relative(paths.publicDir, file).split(path.sep).join('/');
  if (!isPublished(relative)) return [relative, null];
  const published = new Map(
    (await listPublicFiles(paths.publicDir, paths.pagesDir)).map((found) => [found.path, found.source]),
  );
  const source = published.get(relative);
  const exists =
    source !== undefined &&
    (await access(source).then(
      () => true,
      () => false,
    ));
  return [relative, exists ? await readInput(source, displayPath(source), LIMITS.publicFile) : null];
}

/**
 * Throws every file that would take another's place: a page at the address of a file the build makes (a feed, the
 * sitemap, an icon: route-registry.ts); a public file, or a file a page links to beside it, where the build writes a
 * page or a host file; a file beside a page where a public file is.
 */
export function checkFilePlaces(
  host: ReadonlyMap<string, unknown>,
  plan: Plan,
  publicFiles: readonly PublicFile[],
  attachments: Attachments,
  paths: ProjectPaths,
  last?: FilePlaces,
  changes?: PlanChanges,
): FilePlaces {
  const places: FilePlaces = {
    host: [...host.keys()].join('\0'),
    feedPages: [...plan.feedPages].join('\0'),
    publicFiles: publicFiles.map((file) => `${file.path}\0${file.source}`).join('\0'),
    attachments: [...attachments].join('\0'),
    pages: plan.pages,
  };
  // What it reads of the plan's pages is their routes, files, slugs and whether they are the site's own: the same as
  // in a check that passed, with the same files beside them, is the same verdict (no collision).
  if (
    last &&
    last.host === places.host &&
    last.feedPages === places.feedPages &&
    last.publicFiles === places.publicFiles &&
    last.attachments === places.attachments &&
    samePlaces(last.pages, plan.pages, changes)
  )
    return places;
  const generated = new Map<string, string>([...host.keys()].map((file) => [file, 'a file the build makes']));
  for (const { page } of plan.pages.values()) generated.set(outputFileOf(page.route), `the page of ${page.file}`);
  throwIfAny([
    ...routeCollisions(plan, host),
    ...publicCollisions(publicFiles, generated, paths.publicDir),
    ...attachmentCollisions(attachments, generated, publicFiles, paths.pagesDir, paths.publicDir),
  ]);
  return places;
}

/**
 * Whether two plans have the same routes, each a page of the same file, slug and kind (the site's or a made one): of
 * the routes `changes` names when they are what changed since `last` (every other route's page is the same object).
 */
function samePlaces(
  last: ReadonlyMap<string, { page: PageInfo }>,
  now: ReadonlyMap<string, { page: PageInfo }>,
  changes: PlanChanges | undefined,
): boolean {
  if (last.size !== now.size) return false;
  const known = changes?.since === last;
  if (known && (changes.came.size > 0 || changes.gone.size > 0)) return false;
  for (const route of known ? changes.remade : now.keys()) {
    const page = now.get(route)!.page;
    const before = last.get(route)?.page;
    if (before === page) continue;
    if (
      !before ||
      before.file !== page.file ||
      (before.source === undefined) !== (page.source === undefined) ||
      before.data.slug !== page.data.slug
    )
      return false;
  }
  return true;
}

/** A file's size in bytes, as the report names it. */
export const byteLength = (contents: FileContents): number =>
  typeof contents === 'string'
    ? Buffer.byteLength(contents)
    : contents instanceof Uint8Array
      ? contents.length
      : contents.reduce((sum, part) => sum + byteLength(part), 0);
