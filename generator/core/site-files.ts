/** The files of the output that are not pages: host files and feeds, the images, a public file as published. */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { cardLines, defaultSocialCard, siteImages, type SocialCard } from '../assets/images';
import { SiteError, SiteWarning, throwIfAny } from '../base/errors';
import { callTheme } from '../base/theme-call';
import { displayPath } from '../base/paths';
import { summaryOf, type PageInfo } from '../pages/page';
import { longTitles, nearMissKeys } from '../load/validate-frontmatter';
import { otherSyntaxWarnings } from '../markdown/other-syntax';
import { LIMITS, readInput } from '../base/read-input';
import type { Theme } from '../pages/theme-types';
import type { Plan } from '../collections/plan';
import { siteConfigSchema, type SiteConfig } from '../config/config';
import { hostFiles } from '../output/host-files';
import { redirectFiles } from '../output/redirects';
import type { FileContents } from '../output/write-in-place';
import { isPublished, listPublicFiles, publicCollisions, type PublicFile } from '../output/public-files';
import { NOT_FOUND_ROUTE, outputFileOf } from '../pages/routes';
import { attachmentCollisions, type Attachments } from './attachments';
import { routeCollisions } from './route-registry';
import type { ProjectPaths } from './project';
import type { State } from './update-plan';

/** Every output file but the pages and the public folder's (output/host-files.ts). */
export function siteHostFiles(
  { config, theme, assets, images }: Pick<State, 'config' | 'theme' | 'assets' | 'images'>,
  plan: Plan,
  now: Date,
) {
  const formEndpoint = callTheme({ fn: 'formEndpoint' }, () => theme.formEndpoint?.(config));
  // Drafts (built with --drafts, or by site watch) are never in the sitemap.
  const pages = [...plan.pages.values()]
    .filter(({ page }) => page.data.draft !== true)
    .map(({ page }) => summaryOf(page));
  const files = hostFiles({
    config,
    pages,
    made: [assets.files, images],
    now,
    formEndpoint,
    search: theme.search === true,
  });
  for (const [file, feed] of plan.feeds) files.set(file, feed);
  // Old addresses (redirect_from, aliases): a page each, and _redirects.
  for (const [file, contents] of redirectFiles(pages, config)) files.set(file, contents);
  return files;
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
): void {
  const generated = new Map<string, string>([...host.keys()].map((file) => [file, 'a file the build makes']));
  for (const { page } of plan.pages.values()) generated.set(outputFileOf(page.route), `the page of ${page.file}`);
  throwIfAny([
    ...routeCollisions(plan, host),
    ...publicCollisions(publicFiles, generated, paths.publicDir),
    ...attachmentCollisions(attachments, generated, publicFiles, paths.pagesDir, paths.publicDir),
  ]);
}

/** The config with the base URL of `--base-url`, when given (a preview deployment, or a site under a path). */
export function withBaseUrl(config: SiteConfig, baseUrl: string | undefined): SiteConfig {
  if (baseUrl === undefined) return config;
  // Held to the rule of site.yml's baseUrl, by its own schema: the flag stands in for the field.
  const checked = siteConfigSchema.shape.baseUrl.safeParse(baseUrl);
  if (!checked.success) {
    const problem = checked.error.issues[0]?.message ?? 'not a base URL';
    throw new SiteError('InvalidBaseUrl', { baseUrl, problem }, { field: '--base-url' });
  }
  return { ...config, baseUrl: checked.data };
}

/** A file's size in bytes, as the report names it. */
export const byteLength = (contents: FileContents): number =>
  typeof contents === 'string'
    ? Buffer.byteLength(contents)
    : contents instanceof Uint8Array
      ? contents.length
      : contents.reduce((sum, part) => sum + byteLength(part), 0);

/** What the pages of a full build or an update are warned of: titles too long, keys that look misspelt. */
export function pageWarnings(
  pages: Map<string, PageInfo>,
  plan: Plan,
  config: SiteConfig,
  theme: Theme,
  configFile: string,
  root: string,
): SiteWarning[] {
  const all = [...pages.values()];
  return [
    ...longTitles(all, config, configFile),
    ...nearMissKeys(all, theme, root),
    ...missingPages(all, plan, config, theme, configFile),
    ...unknownCode(all),
    ...otherSyntaxWarnings(all),
  ];
}

/** Each language no grammar knows, once: the first page (by file) that uses it, and how many do. */
function unknownCode(pages: PageInfo[]): SiteWarning[] {
  const uses = new Map<string, string[]>();
  for (const page of pages)
    for (const language of page.unknownCode ?? []) {
      const files = uses.get(language) ?? [];
      files.push(page.file);
      uses.set(language, files);
    }
  return [...uses].map(([language, files]) => {
    return new SiteWarning('UnknownCodeLanguage', { language, file: files.sort()[0]!, pages: files.length });
  });
}

/**
 * The two pages every site should have and a folder of markdown brought from elsewhere often lacks: the home page
 * and the not-found page. A build without them works, so each is a warning, naming the file that would be it.
 */
function missingPages(
  pages: PageInfo[],
  plan: Plan,
  config: SiteConfig,
  theme: Theme,
  configFile: string,
): SiteWarning[] {
  const routes = new Set(pages.map((page) => page.route));
  const file = (name: string) => path.join(path.dirname(configFile), name);
  const home = { url: `${config.baseUrl}/`, file: file('index.md') };
  return [
    // The plan makes one for a theme with section pages (collections/navigation.ts): still the site's own is missing.
    ...(routes.has('/') ? [] : [new SiteWarning(plan.pages.has('/') ? 'GeneratedHomePage' : 'NoHomePage', home)]),
    ...(routes.has(NOT_FOUND_ROUTE)
      ? []
      : [
          new SiteWarning(
            'NoNotFoundPage',
            { file: file('404.md') },
            // The built-in theme (and a theme copied from it) has a template for it, with the link home.
            theme.templates['not-found']
              ? {
                  hint: 'Add 404.md to the pages folder, with `template: not-found`, a title and a line or two in it (as site new makes it).',
                }
              : {},
          ),
        ]),
  ];
}
