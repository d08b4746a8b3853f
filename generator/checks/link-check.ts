/**
 * The link check of a whole site, as an update runs it: every page's links against the output's files and the
 * published public files. Broken links fail the update; links to planned routes are warnings; a planned route
 * that has a page is a config error. The errors of the pages that failed to load come with its own, sorted by file,
 * so a build reports every mistake at once: those pages' links are not checked, nor the anchors of links to them,
 * and one more error says so.
 */
import { briefList } from '../base/brief-list';
import { SiteError, SiteErrors, SiteWarning, siteErrorsOf, throwIfAny } from '../base/errors';
import { sortByFile, type PageErrors } from '../load/loaded-pages';
import { routeFromFile } from '../pages/routes';
import type { SiteConfig } from '../config/config';
import { listFiles } from '../base/list-files';
import { isPublished } from '../output/public-files';
import type { MarkdownLink } from '../markdown/page-links';
import { checkLinks } from './broken-links';
import type { PageLinks } from '../render/html-links';

export interface SiteLinks {
  config: SiteConfig;
  /** The config file, relative to the project root, for the errors about it. */
  configFile: string;
  pages: Iterable<{
    route: string;
    file: string;
    markdownLinks?: readonly MarkdownLink[];
    redirects?: readonly { route: string }[];
  }>;
  /** What the link check reads of each page. */
  links: Iterable<PageLinks>;
  /** Every file of the output, relative to it. */
  files: Iterable<string>;
  publicDir: string;
  /** The pages that failed to load, and their errors: reported with the link check's own. */
  pageErrors?: PageErrors;
  /** The folders whose README.md is their page (routes.ts), to know the routes of the pages that failed. */
  readmes?: ReadonlySet<string>;
}

/** The host a URL names (`//host/…` too). */
const hostOf = (url: string) => {
  try {
    return new URL(url, 'https://localhost').host;
  } catch {
    return url;
  }
};

export async function checkSiteLinks({
  config,
  configFile,
  pages,
  links,
  files,
  publicDir,
  pageErrors,
  readmes = new Set(),
}: SiteLinks): Promise<SiteWarning[]> {
  const all = [...pages];
  const byRoute = new Map(all.map((page) => [page.route, page.markdownLinks]));
  const markdown = {
    of: (route: string) => byRoute.get(route),
    routeOfFile: (file: string) => all.find((page) => page.file.replace(/\\/g, '/') === file)?.route,
  };
  const errors = all
    .filter((page) => config.plannedRoutes.includes(page.route))
    .map(
      (page) =>
        new SiteError(
          'PlannedRouteHasPage',
          { plannedRoute: page.route, page: page.file },
          { field: 'plannedRoutes', file: configFile },
        ),
    );
  const publicFiles = await listFiles(publicDir);
  const present = new Set([...files, ...publicFiles.filter(isPublished)]);
  const pageLinks = [...links];
  // A page that failed has no route for sure (its slug may be what failed): links to the route its file would have are
  // left unchecked rather than called broken.
  const failed = pageErrors?.failed ?? [];
  const unchecked = new Set(
    failed.flatMap(({ relativeFile }) => {
      try {
        return [routeFromFile(relativeFile, readmes)];
      } catch {
        return []; // a file name that makes no route: no link reaches it
      }
    }),
  );
  const redirects = new Map(
    all.flatMap((page) => (page.redirects ?? []).map((from) => [from.route, page.route] as const)),
  );
  const { errors: broken, planned } = checkLinks(
    pageLinks,
    present,
    config.plannedRoutes,
    markdown,
    unchecked,
    redirects,
  );
  // brokenLinks: warn (site.yml): each broken link a warning where it is, and their count; the site builds.
  const allowed = config.brokenLinks === 'warn';
  throwWithPageErrors([...errors, ...(allowed ? [] : broken)], pageErrors);
  const warnings: SiteWarning[] = allowed ? brokenLinkWarnings(broken, configFile) : [];
  const linked = [...planned].filter(([, from]) => from.size > 0).map(([route]) => route);
  if (linked.length) warnings.push(new SiteWarning('PlannedRouteLinked', { routes: linked }));
  // The policy (output/host-files.ts) allows images of the site's own only: one from another host shows broken.
  const offsite = pageLinks
    .filter((page) => page.offsite.length > 0)
    .map((page) => ({ file: page.file, hosts: [...new Set(page.offsite.map(hostOf))] }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  if (offsite.length) warnings.push(new SiteWarning('OffsiteImages', { pages: offsite }));
  return warnings;
}

/**
 * Throws `errors` with those of the pages that failed to load, sorted by file, and a line naming what was not checked
 * because of them: whatever phase found them, a build reports every error at once.
 */
function throwWithPageErrors(errors: SiteError[], pageErrors: PageErrors | undefined): void {
  if (!pageErrors || pageErrors.errors.length === 0) return throwIfAny(errors);
  const all = sortByFile([...new Set([...pageErrors.errors, ...errors])]);
  const files = pageErrors.failed.map(({ file }) => file).sort();
  const notes =
    files.length === 0
      ? []
      : [
          `Not checked: the links of ${files.length === 1 ? 'the page' : `the ${files.length} pages`} that failed, and the anchors of links to ${files.length === 1 ? 'it' : 'them'} (${briefList(files, 3)}).`,
        ];
  throw new SiteErrors(all, notes);
}

/** Whatever a later phase of an update threw, with the errors of the pages that failed to load (throwWithPageErrors). */
export function failedWithPageErrors(error: unknown, pageErrors: PageErrors | undefined): unknown {
  const found = siteErrorsOf(error);
  // The link check throws them already (throwWithPageErrors).
  if (found.length === 0 || !pageErrors || pageErrors.errors.length === 0 || found.includes(pageErrors.errors[0]!))
    return error;
  try {
    throwWithPageErrors(found, pageErrors);
  } catch (combined) {
    return combined;
  }
  return error;
}

/** Broken links as warnings (brokenLinks: warn): each as its error says it, where it is, then how many. */
function brokenLinkWarnings(broken: SiteError[], configFile: string): SiteWarning[] {
  if (broken.length === 0) return [];
  return [
    ...broken.map(
      (error) =>
        new SiteWarning(
          'BrokenLinkAllowed',
          { where: error.location ?? error.file ?? '', message: error.message },
          { ...(error.file ? { file: error.file } : {}), hint: error.hint },
        ),
    ),
    new SiteWarning('BrokenLinksAllowed', { count: broken.length, configFile }),
  ];
}

/** The link check of a site's state as an update leaves it: its pages, what each links to and the files it has. */
export function checkStateLinks(
  state: Pick<SiteLinks, 'config' | 'files'> & {
    readmes?: ReadonlySet<string>;
    pages: Map<
      string,
      { route: string; file: string; markdownLinks?: readonly MarkdownLink[]; redirects?: readonly { route: string }[] }
    >;
    links: Map<string, PageLinks>;
  },
  configFile: string,
  publicDir: string,
  pageErrors?: PageErrors,
): Promise<SiteWarning[]> {
  return checkSiteLinks({
    config: state.config,
    configFile,
    pages: state.pages.values(),
    links: state.links.values(),
    files: state.files,
    publicDir,
    pageErrors,
    readmes: state.readmes,
  });
}
