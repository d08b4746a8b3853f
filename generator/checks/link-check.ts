/**
 * The link check of a whole site, as an update runs it: every page's links against the output's files and the
 * published public files. Broken links fail the update; links to planned routes are warnings; a planned route
 * that has a page is a config error.
 */
import { SiteError, SiteWarning, throwIfAny } from '../base/errors';
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
  pages: Iterable<{ route: string; file: string; markdownLinks?: readonly MarkdownLink[] }>;
  /** What the link check reads of each page. */
  links: Iterable<PageLinks>;
  /** Every file of the output, relative to it. */
  files: Iterable<string>;
  publicDir: string;
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
  const { errors: broken, planned } = checkLinks(pageLinks, present, config.plannedRoutes, markdown);
  // brokenLinks: warn (site.yml): each broken link a warning where it is, and their count; the site builds.
  const allowed = config.brokenLinks === 'warn';
  throwIfAny(allowed ? errors : [...errors, ...broken]);
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
    pages: Map<string, { route: string; file: string; markdownLinks?: readonly MarkdownLink[] }>;
    links: Map<string, PageLinks>;
  },
  configFile: string,
  publicDir: string,
): Promise<SiteWarning[]> {
  return checkSiteLinks({
    config: state.config,
    configFile,
    pages: state.pages.values(),
    links: state.links.values(),
    files: state.files,
    publicDir,
  });
}
