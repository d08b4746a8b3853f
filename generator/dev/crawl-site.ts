/**
 * `site check`: crawls the built site through the preview server (which
 * behaves like the production host) with linkinator: recursively, every
 * link, image, script, stylesheet and #fragment. Links to the site's own
 * base URL (canonical, Open Graph, JSON-LD) are checked against the local
 * copy; other external links are not fetched. The only links allowed to be
 * missing are the planned routes of the site config, and each must answer
 * 404 with the not-found page.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LinkChecker, LinkState, resetSharedAgents, type LinkResult } from 'linkinator';
import { SiteError } from '../base/errors';
import { displayPath } from '../base/paths';
import type { SiteConfig } from '../config/config';
import { listFiles } from '../base/list-files';
import { FILES_AT_ONCE, mapAtMost } from '../base/at-most';
import { segmentOf } from '../pages/routes';
import { baseUrlOfBuild } from './serve';
import { serveOffThread } from './serve-off-thread';
import { openInside } from './open-inside';
import { missingFragments } from './fragment-check';
import { urlsAnsweringOk } from './answered-urls';
import { basePathOf } from '../render/base-path';

export interface CheckProblem {
  /** The page the link is on (a route), or the site config. */
  page: string;
  link: string;
  problem: string;
}

export interface CheckReport {
  checked: number;
  pages: number;
  problems: CheckProblem[];
  /** Planned routes seen linked, each answering 404 with the not-found page. */
  planned: string[];
}

/** Pages (and stylesheets) one crawl is given: see checkSite. */
const PAGES_A_CRAWL = 200;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface CheckOptions {
  /** How many `href="#"` placeholder links each page holds by design (theme.placeholderLinks); uncounted when undefined. */
  placeholders?: number;
  /**
   * Whether links to pages and stylesheets found to answer 200 are left unfetched (answered-urls.ts). Default: true;
   * false has linkinator fetch each, for comparing the two reports.
   */
  skipAnswered?: boolean;
}

export async function checkSite(
  outDir: string,
  siteConfig: SiteConfig,
  options: CheckOptions = {},
): Promise<CheckReport> {
  // A folder that is not there is named as the check's own (its --out), not as the server's (site serve's --dir).
  const folder = await stat(outDir).catch(() => undefined);
  if (!folder?.isDirectory()) {
    const shown = displayPath(path.resolve(outDir));
    const problem = folder ? 'is a file, not a folder' : 'does not exist';
    throw new SiteError('NoBuiltSiteToCheck', { folder: shown, problem }, { file: shown, field: '--out' });
  }
  // The output is checked as it was built: for the base URL its robots.txt names (site build --base-url), which may
  // not be site.yml's, and served under that URL's path, as the host will (the pages' links name it: base-path.ts).
  const built = await baseUrlOfBuild(outDir);
  const config = built === undefined ? siteConfig : { ...siteConfig, baseUrl: built };
  const base = basePathOf(config.baseUrl);
  // On a thread of its own: the crawl and the server each have a core (serve-off-thread.ts).
  const server = await serveOffThread({ dir: outDir, port: 0, base, crawler: true });
  try {
    const local = server.url;
    const files = await listFiles(outDir);
    const htmlFiles = files.filter((f) => f.endsWith('.html'));
    const cssFiles = files.filter((f) => f.endsWith('.css'));
    const hasHome = htmlFiles.includes('index.html');
    // linkinator resolves links on /press (a 404 page) as if under /press/: compare routes without the slash.
    const routeOf = (url: string) => {
      const pathname = new URL(url).pathname;
      return (
        pathname === base ? '/' : pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname
      ).replace(/(.)\/+$/, '$1');
    };
    // Links to the URLs found to answer 200 (the pages and stylesheets crawled, asked beforehand: answered-urls.ts) are
    // skipped and counted here as checked: linkinator would find each OK, and counts each link it checks once a crawl,
    // as it counts each one it skips. Those of the crawl's own starts are not skipped: linkinator asks whether to skip
    // the URLs it starts from too, with the same URL.
    let answered = new Set<string>();
    let judged = 0;
    const crawl = (start: string | string[], starts: ReadonlySet<string> = new Set()) =>
      new LinkChecker().check({
        path: start,
        recurse: false,
        // Fragments are checked from the pages' HTML, whatever the order of the crawl (fragment-check.ts).
        checkFragments: false,
        checkCss: true,
        concurrency: 16,
        // No timeout: the server is this process's own, and linkinator starts a request's clock when it queues it, so a
        // page linking thousands of pages timed out most of them on a busy machine.
        timeout: 0,
        // A request that found its kept-alive connection closed by the server fails: asked again, it answers.
        retryErrors: true,
        retryErrorsCount: 3,
        retryErrorsJitter: 100,
        retry: false,
        // linkinator (7.6) starts every page it is given, and every link it finds, at once (its `concurrency` counts
        // requests already made): on plain fetch that is a connection each, and past the server's listen backlog (511)
        // the kernel drops them and TCP retries after seconds, then minutes (a folder of 7,424 pages with no home page
        // stalled for 140 s). Its options name no connection pool, agent or dispatcher: only with this one does it
        // fetch through an agent of its own, of at most 100 connections (and not through a proxy named by http_proxy,
        // which could not reach this server). Certificates never come up: the server is http://.
        allowInsecureCerts: true,
        // What is checked is the links, not the encoding: uncompressed, the server and the crawler skip compressing
        // and inflating every page.
        headers: { 'Accept-Encoding': 'identity' },
        urlRewriteExpressions: [{ pattern: new RegExp(`^${escapeRegExp(config.baseUrl)}`), replacement: local }],
        // Only this site is fetched: mailto:, tel: and other hosts are not (CI has no internet).
        // Links out of the base path are the site's too, and broken: they are checked.
        // A site without a home page (a folder of cheat sheets) still names its root in the JSON-LD, as its identity.
        linksToSkip: async (link: string) => {
          if (!link.startsWith(`${new URL(local).origin}/`) || (!hasHome && (link === `${local}/` || link === local)))
            return true;
          if (!answered.has(link) || starts.has(link)) return false;
          judged++;
          return true;
        },
      });
    // A site need not have a not-found page (hosts then answer unknown paths with their own).
    // Read only as a regular file of the folder: a pipe by that name would hold the check for ever.
    const notFoundFile = await openInside(path.resolve(outDir), ['404.html']);
    const notFoundHtml =
      notFoundFile && (await notFoundFile.handle.readFile('utf8').finally(() => notFoundFile.handle.close()));

    // A route is a URL path: a file's name percent-encoded where a path needs it (pages/routes.ts).
    const routeOfFile = (file: string) =>
      file === 'index.html'
        ? '/'
        : `/${file
            .replace(/\.html$/, '')
            .split('/')
            .map(segmentOf)
            .join('/')}`;
    // Every page of the folder (a folder of markdown may have no home page, or pages nothing links to) and every
    // stylesheet (its url()s), each read for its links, which are fetched once in each crawl that finds them; then the
    // not-found page's own links (served at /404 with 200). A crawl is given PAGES_A_CRAWL of them, one crawl after
    // another: linkinator (7.6) looks each link it has seen before up in every result of its crawl, so one crawl of a
    // whole site costs the square of its pages, where crawls of a bounded size cost their sum.
    const starts = [
      ...htmlFiles.filter((file) => file !== '404.html').map((file) => `${local}${routeOfFile(file)}`),
      ...cssFiles.map((file) => `${local}/${file.split('/').map(segmentOf).join('/')}`),
    ];
    if (options.skipAnswered !== false) answered = await urlsAnsweringOk(starts);
    const links: LinkResult[] = [];
    for (let at = 0; at < starts.length; at += PAGES_A_CRAWL) {
      // A pool of its own for each crawl: the one a crawl before it used let up to 200 connections be open at once
      // (of 100 it holds), and 200 here and 200 at the server's end are more than a limit of 256 open files.
      resetSharedAgents();
      const some = starts.slice(at, at + PAGES_A_CRAWL);
      links.push(...(await crawl(some, new Set(some))).links);
      // The pool let go of keeps its connections open: the server closes them before the next crawl opens its own.
      await server.closeIdle();
    }
    if (notFoundHtml !== undefined) links.push(...(await crawl(`${local}/404`)).links);

    const pageRoutes = new Set(htmlFiles.map(routeOfFile));
    const htmlOf = new Map(
      await mapAtMost(
        htmlFiles,
        FILES_AT_ONCE,
        async (f) => [routeOfFile(f), await readFile(path.join(outDir, f), 'utf8')] as const,
      ),
    );

    const notFoundHeading = notFoundHtml?.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1] ?? '';
    const problems: CheckProblem[] = [];
    const plannedSeen = new Set<string>();
    // A link that is no URL at all (`http://localhost:port` in a cheat sheet) leads to no page of this site: another
    // host's address, written for the reader, which the crawl does not fetch.
    const isUrl = (url: string) => URL.canParse(url);
    const broken = links.filter((l: LinkResult) => l.state === LinkState.BROKEN && isUrl(l.url));
    for (const link of broken) {
      const route = routeOf(link.url);
      const page = link.parent ? routeOf(link.parent) : '(start)';
      // Links found on a missing page (the not-found page served at a broken URL) are checked at /404 already.
      if (!pageRoutes.has(page)) continue;
      if (config.plannedRoutes.includes(route) && link.status === 404) {
        const body = await (await fetch(link.url)).text();
        if (body.includes(notFoundHeading)) {
          plannedSeen.add(route);
          continue;
        }
        problems.push({ page, link: route, problem: 'planned route answers 404 without the not-found page' });
        continue;
      }
      const fragment = new URL(link.url).hash;
      const problem =
        link.status && link.status !== 200
          ? `HTTP ${link.status}`
          : (link.failureDetails?.map((d) => (d instanceof Error ? d.message : `HTTP ${d.status}`)).join('; ') ??
            'broken');
      if (!problems.some((p) => p.page === page && p.link === route + fragment))
        problems.push({ page, link: route + fragment, problem });
    }
    const origin = new URL(local).origin;
    const fragments = missingFragments(
      htmlOf,
      (route) => (route === '/' ? `${local}/` : `${local}${route}`),
      (url) => {
        const href = url.href.startsWith(config.baseUrl) ? local + url.href.slice(config.baseUrl.length) : url.href;
        return new URL(href).origin === origin ? routeOf(href) : undefined;
      },
    );
    for (const { page, link, fragment } of fragments.missing)
      problems.push({ page, link, problem: `no element with id "${fragment}"` });

    // Planned routes must still be linked somewhere, must answer 404, and must not have a page.
    for (const route of config.plannedRoutes) {
      if (htmlFiles.includes(`${route.slice(1)}.html`))
        problems.push({
          page: 'site config',
          link: route,
          problem: 'declared as planned but now has a page: remove it from plannedRoutes',
        });
      else if (!plannedSeen.has(route))
        problems.push({
          page: 'site config',
          link: route,
          problem: 'declared as planned but no page links to it any more: remove it from plannedRoutes',
        });
    }

    // Placeholder targets (href="#") only where the theme declares them (its placeholders in the site config).
    const { placeholders } = options;
    for (const [page, html] of placeholders === undefined ? [] : htmlOf) {
      const count = html.match(/\shref="#"/g)?.length ?? 0;
      if (count !== placeholders)
        problems.push({
          page,
          link: '#',
          problem: `${count} placeholder links, but the theme declares ${placeholders} (theme.placeholderLinks, from the site config)`,
        });
    }

    return {
      // Each link once, and each link to a fragment of a page once (fragment-check.ts).
      checked: links.filter((l) => l.state !== LinkState.SKIPPED).length + judged + fragments.checked,
      pages: htmlFiles.length,
      problems,
      planned: [...plannedSeen].sort(),
    };
  } finally {
    await server.close();
  }
}

export function formatCheckReport(report: CheckReport): string {
  const lines = [
    `checked ${report.checked} links on ${report.pages} pages`,
    `planned routes answering 404 with the not-found page: ${report.planned.join(', ') || 'none'}`,
  ];
  if (report.problems.length === 0) lines.push('no broken links');
  else {
    lines.push(`${report.problems.length} broken:`);
    for (const p of report.problems) lines.push(`  ✖ ${p.page} → ${p.link}: ${p.problem}`);
  }
  return lines.join('\n');
}
