/**
 * A page's route and its old addresses, resolved from its validated frontmatter: `permalink:`, else its folder's
 * pattern in site.yml's `permalinks`, else its file's name and `slug:`; `redirect_from:` and `aliases:` each checked
 * as a route. And the one rule between pages: no route, and no old address, is claimed twice.
 */
import { SiteError } from '../base/errors';
import type { SiteConfig } from '../config/config';
import type { ParsedYaml } from '../config/yaml';
import type { BaseFrontmatter, PageSummary, Redirect } from '../pages/page';
import { assertSafeRoute, routeFromFile, routeFromPattern, routeOfAddress } from '../pages/routes';

/** What resolving a route reads of the site: its `permalinks` patterns, and the folders whose README.md is their page. */
export interface RouteContext {
  config: Pick<SiteConfig, 'permalinks'>;
  /** The folders whose README.md is their page (routes.ts, readmeFolders). */
  readmes: ReadonlySet<string>;
}

/**
 * A page's route and the field it came from: its `permalink:`, else its folder's pattern (site.yml `permalinks`, for
 * any page inside that folder but the folder's own), else its file's name and `slug:`.
 */
export function routeOf(
  relativeFile: string,
  data: BaseFrontmatter,
  ctx: RouteContext,
  file: string,
  yaml: Pick<ParsedYaml, 'lineOf'>,
): { route: string; field?: string } {
  const refuse = (field: string, written: string, problem: string, at: (string | number)[]) =>
    new SiteError('InvalidPermalink', { field, written, problem }, { file, field, line: yaml.lineOf(at) });
  if (data.permalink !== undefined) {
    const found = routeOfAddress(data.permalink);
    if ('problem' in found) throw refuse('permalink', data.permalink, found.problem, ['permalink']);
    return { route: found.route, field: 'permalink' };
  }
  const folder = relativeFile.replace(/\\/g, '/').toLowerCase();
  const own = routeFromFile(relativeFile, ctx.readmes);
  for (const [inside, pattern] of Object.entries(ctx.config.permalinks ?? {})) {
    const prefix = `${inside.toLowerCase()}/`;
    if (!folder.startsWith(prefix) || own === routeFromFile(`${inside}/index.md`, new Set())) continue;
    const found = routeFromPattern(pattern, relativeFile, ctx.readmes, data);
    if ('problem' in found) throw refuse(`permalinks.${inside}`, pattern, found.problem, ['date']);
    return { route: found.route, field: `permalinks.${inside}` };
  }
  return {
    route: routeFromFile(relativeFile, ctx.readmes, data.slug),
    field: data.slug === undefined ? undefined : 'slug',
  };
}

/**
 * The routes of a page's old addresses (`redirect_from:`, `aliases:`), each checked as any route. One that is the
 * page's own route (Hugo's `aliases: [/functions/hasSuffix]`, lowercased as routes are) needs no redirect.
 */
export function redirectsOf(
  data: BaseFrontmatter,
  route: string,
  file: string,
  yaml: Pick<ParsedYaml, 'lineOf'>,
): Redirect[] {
  const written: [string, string, (string | number)[]][] = [
    ...(typeof data.redirect_from === 'string'
      ? [['redirect_from', data.redirect_from, ['redirect_from']] as [string, string, (string | number)[]]]
      : (data.redirect_from ?? []).map(
          (address, index) =>
            ['redirect_from', address, ['redirect_from', index]] as [string, string, (string | number)[]],
        )),
    ...(data.aliases ?? []).map(
      (address, index) => ['aliases', address, ['aliases', index]] as [string, string, (string | number)[]],
    ),
  ];
  const routes: Redirect[] = [];
  for (const [field, address, at] of written) {
    const found = routeOfAddress(address);
    if ('problem' in found)
      throw new SiteError(
        'InvalidPermalink',
        { field, written: address, problem: found.problem },
        { file, field, line: yaml.lineOf(at) },
      );
    if (found.route === '/')
      throw new SiteError(
        'InvalidPermalink',
        { field, written: address, problem: 'the home page cannot redirect' },
        { file, field, line: yaml.lineOf(at) },
      );
    assertSafeRoute(found.route, { file, field });
    if (found.route !== route && !routes.some((known) => known.route === found.route))
      routes.push({ route: found.route, field: field as Redirect['field'] });
  }
  return routes;
}

/**
 * Two pages claiming one route, or an old address (redirect_from, aliases) that is a page's route or another's old
 * address: DuplicateRoute, naming the field the second claim came from.
 */
export function duplicateRoutes(pages: PageSummary[]): SiteError[] {
  const byRoute = new Map<string, string>();
  const errors: SiteError[] = [];
  const claim = (route: string, file: string, field: string | undefined, what: string) => {
    const first = byRoute.get(route);
    if (first === undefined) byRoute.set(route, what);
    else errors.push(new SiteError('DuplicateRoute', { route, first, second: what }, { file, field }));
  };
  for (const page of pages)
    claim(page.route, page.file, page.routeField ?? (page.slug === undefined ? undefined : 'slug'), page.file);
  for (const page of pages)
    for (const { route, field } of page.redirects ?? [])
      claim(route, page.file, field, `the redirect of ${page.file}'s old address`);
  return errors;
}
