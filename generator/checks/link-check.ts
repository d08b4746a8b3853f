/**
 * The link check of a whole site, as an update runs it: every page's links against the output's files and the
 * published public files. Broken links fail the update; links to planned routes are warnings; a planned route
 * that has a page is a config error. The errors of the pages that failed to load come with its own, sorted by file,
 * so a build reports every mistake at once: those pages' links are not checked, nor the anchors of links to them,
 * and one more error says so.
 */
import { briefList } from '../base/brief-list';
import { firstPlace, inFiles, mostRepeated, type Repeated } from '../base/repeated';
import { SiteError, SiteErrors, SiteWarning, siteErrorsOf, throwIfAny } from '../base/errors';
import { sortByFile, type PageErrors } from '../load/loaded-pages';
import { routeFromFile } from '../pages/routes';
import type { SiteConfig } from '../config/config';
import { listFiles } from '../base/list-files';
import { isPublished } from '../output/public-files';
import { indexLinks, type CheckedPage, type LinkIndex, type LinkInputs } from './link-index';
import type { PageLinks } from '../render/html-links';

export interface SiteLinks {
  config: SiteConfig;
  /** The config file, relative to the project root, for the errors about it. */
  configFile: string;
  /** The site's pages by their file in the pages folder. */
  pages: ReadonlyMap<string, CheckedPage>;
  /** What the link check reads of each page, by route. */
  links: ReadonlyMap<string, PageLinks>;
  /** Every file of the output, relative to it. */
  files: ReadonlySet<string>;
  publicDir: string;
  /** The pages that failed to load, and their errors: reported with the link check's own. */
  pageErrors?: PageErrors;
  /** The folders whose README.md is their page (routes.ts), to know the routes of the pages that failed. */
  readmes?: ReadonlySet<string>;
  /** What changed of the pages and links since the index the check starts from, when known (link-index.ts). */
  changed?: LinkInputs['changed'];
}

/** The host a URL names (`//host/…` too). */
const hostOf = (url: string) => {
  try {
    return new URL(url, 'https://localhost').host;
  } catch {
    return url;
  }
};

/**
 * Checks the links of a site, from the index of the last check (link-index.ts) when there is one: the pages that
 * changed, and those that read what changed, are checked again; the verdict is that of every page checked. Throws the
 * broken links (with the errors of the pages that failed); returns the warnings, and the index for the next check.
 */
export async function checkSiteLinks(
  { config, configFile, pages, links, files, publicDir, pageErrors, readmes = new Set(), changed }: SiteLinks,
  previous?: LinkIndex,
): Promise<{ warnings: SiteWarning[]; index: LinkIndex }> {
  const published = new Set((await listFiles(publicDir)).filter(isPublished));
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
  const index = indexLinks(
    {
      config,
      pages,
      links,
      hasFile: (path) => files.has(path) || published.has(path),
      unchecked,
      ...(changed ? { changed } : {}),
    },
    previous,
  );
  // What there is to report, in one order whatever the pages were checked in: by file, then route.
  const notable = [...index.notable]
    .map((route) => ({ route, links: links.get(route)!, verdict: index.verdicts.get(route)! }))
    .sort((a, b) => compareText(a.links.file, b.links.file) || compareText(a.route, b.route));
  const errors = config.plannedRoutes.flatMap((route) => {
    const page = index.real.get(route);
    return page
      ? [
          new SiteError(
            'PlannedRouteHasPage',
            { plannedRoute: page.route, page: page.file },
            { field: 'plannedRoutes', file: configFile },
          ),
        ]
      : [];
  });
  const broken = notable.flatMap(({ verdict }) => verdict.errors);
  // brokenLinks: warn (site.yml): each broken link a warning where it is, and their count; the site builds.
  const allowed = config.brokenLinks === 'warn';
  throwWithPageErrors([...errors, ...(allowed ? [] : broken)], pageErrors);
  const warnings: SiteWarning[] = allowed ? brokenLinkWarnings(broken, configFile) : [];
  const linkedTo = new Set(notable.flatMap(({ verdict }) => verdict.planned));
  const linked = config.plannedRoutes.filter((route) => linkedTo.has(route));
  if (linked.length) warnings.push(new SiteWarning('PlannedRouteLinked', { routes: linked }));
  // The policy (output/host-files.ts) allows images of the site's own only: one from another host shows broken.
  const offsite = notable
    .filter(({ links }) => links.offsite.length > 0)
    .map(({ links }) => ({ file: links.file, hosts: [...new Set(links.offsite.map(hostOf))] }));
  if (offsite.length) warnings.push(new SiteWarning('OffsiteImages', { pages: offsite }));
  return { warnings, index };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
  const repeated = mostRepeated(broken, MOST_REPEATED);
  return [
    ...broken.map(
      (error) =>
        new SiteWarning(
          'BrokenLinkAllowed',
          { where: error.location ?? error.file ?? '', message: error.message },
          { ...(error.file ? { file: error.file } : {}), hint: error.hint },
        ),
    ),
    new SiteWarning('BrokenLinksAllowed', {
      count: broken.length,
      configFile,
      ...(repeated.length > 0 ? { repeated: repeated.map(describe).join('; ') } : {}),
    }),
  ];
}

/** How many of the links broken most often the count of those allowed names. */
const MOST_REPEATED = 3;
/** `"g" 728 times in 282 files, the first at pages/about.md:64`. */
const describe = (group: Repeated) => {
  const at = firstPlace(group);
  return `"${group.field}" ${group.count} times ${inFiles(group)}${at ? `, the first at ${at}` : ''}`;
};

/**
 * The link check of a site's state as an update leaves it (its pages, what each links to and the files it has), from
 * the index the state before it kept (a full update has none).
 */
export function checkStateLinks(
  state: Pick<SiteLinks, 'config' | 'files' | 'pages' | 'links' | 'readmes'>,
  previous: LinkIndex | undefined,
  configFile: string,
  publicDir: string,
  pageErrors?: PageErrors,
  changed?: LinkInputs['changed'],
): Promise<{ warnings: SiteWarning[]; index: LinkIndex }> {
  return checkSiteLinks(
    {
      config: state.config,
      configFile,
      pages: state.pages,
      links: state.links,
      files: state.files,
      publicDir,
      pageErrors,
      ...(state.readmes ? { readmes: state.readmes } : {}),
      ...(changed ? { changed } : {}),
    },
    previous,
  );
}
