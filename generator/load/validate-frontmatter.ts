/**
 * A page's frontmatter, as page-source.ts parsed it, validated against the base
 * fields plus its template's schema, and its title, description, route and
 * breadcrumbs made; two pages claiming one route are an error.
 *
 * The engine requires no field: a page without a title takes its first `#`
 * heading, else its file's name; without a description, its first paragraph,
 * else the site's description, else its title. A template's schema may
 * require them (its fields replace the base ones).
 */
import path from 'node:path';
import { z } from 'zod';
import { breadcrumbTrail } from '../pages/breadcrumbs';
import { dateField } from '../pages/dates';
import { SiteError, SiteWarning, throwIfAny } from '../base/errors';
import { ownValue } from '../base/own';
import { callTheme } from '../base/theme-call';
import type { Theme } from '../pages/theme-types';
import {
  documentTitle,
  type BaseFrontmatter,
  type PageHead,
  type PageSource,
  type PageSummary,
  type Redirect,
} from '../pages/page';
import type { SiteConfig } from '../config/config';
import {
  assertSafeRoute,
  isFolderPage,
  NOT_FOUND_ROUTE,
  routeFromFile,
  routeFromPattern,
  routeOfAddress,
  urlOf,
} from '../pages/routes';
import { LIMITS, readInputSync } from '../base/read-input';
import { textField } from '../config/text-field';
import { closestPath, editDistance } from '../base/closest';
import { validate } from '../config/validate';
import { parseYaml, type ParsedYaml } from '../config/yaml';

export const DEFAULT_TEMPLATE = 'prose';
/** Longest document title (page title, separator and site name) that search results show whole. */
export const MAX_TITLE = 70;

/**
 * The fields every page may have. Their limits are generous (documentation written for other tools has titles and
 * descriptions longer than search results show: a title past MAX_TITLE is a LongTitles warning); a theme that wants
 * them short, or required, says so in its templates' schemas.
 */
export const baseFrontmatter = {
  title: textField(200).optional(),
  description: textField(1000).optional(),
  keywords: z.array(textField(60)).max(50).optional(),
  template: z.string().max(60).optional(),
  slug: z.string().max(200).optional(),
  noindex: z.boolean().optional(),
  breadcrumb: textField(60).optional(),
  date: dateField().optional(),
  draft: z.boolean().optional(),
  tags: z.array(textField(60)).max(50).optional(),
  permalink: z.string().max(300).optional(),
  redirect_from: z.union([z.string().max(300), z.array(z.string().max(300)).max(50)]).optional(),
  aliases: z.array(z.string().max(300)).max(50).optional(),
};

export interface DescribeContext {
  config: SiteConfig;
  theme: Theme;
  /** The folders whose README.md is their page (routes.ts, readmeFolders). */
  readmes: ReadonlySet<string>;
}

/**
 * A template's schema with the base fields (its own fields replace them). Unknown keys are errors, unless the template
 * declares its schema with z.looseObject: then they reach it as data (`unknown`, for it to check).
 */
const schemaCache = new WeakMap<z.ZodObject, z.ZodObject>();
export function pageSchema(templateSchema: z.ZodObject): z.ZodObject {
  let schema = schemaCache.get(templateSchema);
  if (!schema) {
    const shape = { ...baseFrontmatter, ...templateSchema.shape };
    schema = acceptsOtherKeys(templateSchema) ? z.looseObject(shape) : z.strictObject(shape);
    schemaCache.set(templateSchema, schema);
  }
  return schema;
}

/** Whether a template's schema takes keys it does not name (z.looseObject). */
export const acceptsOtherKeys = (schema: z.ZodObject): boolean => schema._zod.def.catchall?._zod.def.type === 'unknown';

/** Validates a page's frontmatter against its template and makes its route; throws a SiteError (or SiteErrors) when it is invalid. */
export function describePage(source: PageSource, ctx: DescribeContext): PageHead {
  const { file, relativeFile, data: frontmatter } = source;
  // Line numbers are needed only to report an error: the YAML syntax tree is built then, not for every page.
  const yaml: Pick<ParsedYaml, 'lineOf'> = { lineOf: (at) => parseYaml(source.matter, file, 1).lineOf(at) };

  const templateName = typeof frontmatter.template === 'string' ? frontmatter.template : DEFAULT_TEMPLATE;
  const template = ownValue(ctx.theme.templates, templateName);
  if (!template) {
    throw new SiteError(
      'UnknownTemplate',
      { template: templateName, known: Object.keys(ctx.theme.templates).sort() },
      {
        file,
        field: 'template',
        line: yaml.lineOf(['template']),
      },
    );
  }

  const result = validate(pageSchema(template.schema), frontmatter, {
    kind: 'InvalidFrontmatter',
    file,
    yaml,
    template: templateName,
  });
  throwIfAny(result.errors);
  const data = result.value as BaseFrontmatter & Record<string, unknown>;

  const { route, field: routeField } = routeOf(relativeFile, data, ctx, file, yaml);
  assertSafeRoute(route, { file, field: routeField });
  const redirects = redirectsOf(data, route, file, yaml);
  const derived = source.derived ?? {};
  const title = data.title ?? derived.title ?? titleOfFile(relativeFile, ctx.config, ctx.readmes);
  return {
    file,
    source: relativeFile.split(path.sep).join('/'),
    route,
    url: urlOf(ctx.config.baseUrl, route),
    title,
    description: data.description ?? derived.description ?? ctx.config.description ?? title,
    template: templateName,
    data,
    breadcrumbs: callTheme({ fn: 'breadcrumbs', route, file }, () =>
      (ctx.theme.breadcrumbs ?? breadcrumbTrail)({ route, title, label: data.breadcrumb }, ctx.config),
    ),
    isNotFound: route === NOT_FOUND_ROUTE,
    ...(source.toc ? { toc: source.toc } : {}),
    ...(source.otherSyntax ? { otherSyntax: source.otherSyntax } : {}),
    ...(routeField ? { routeField } : {}),
    ...(redirects.length > 0 ? { redirects } : {}),
  };
}

/**
 * A page's route and the field it came from: its `permalink:`, else its folder's pattern (site.yml `permalinks`, for
 * any page inside that folder but the folder's own), else its file's name and `slug:`.
 */
function routeOf(
  relativeFile: string,
  data: BaseFrontmatter,
  ctx: DescribeContext,
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
function redirectsOf(data: BaseFrontmatter, route: string, file: string, yaml: Pick<ParsedYaml, 'lineOf'>): Redirect[] {
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
 * A title from a file's name, for a page with no title and no heading: `getting-started.md` → "Getting started"; a
 * folder's page (an index.md, or its README.md) takes its folder's name, the home page the site's.
 */
export function titleOfFile(
  relativeFile: string,
  config: Pick<SiteConfig, 'name'>,
  readmes: ReadonlySet<string>,
): string {
  const parts = relativeFile
    .replace(/\\/g, '/')
    .replace(/\.(md|markdown)$/i, '')
    .split('/');
  if (isFolderPage(relativeFile, readmes)) parts.pop();
  const name = parts.at(-1);
  if (!name) return config.name;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : config.name;
}

/**
 * Search results cut titles at about 70 characters: a page's title plus " | {site name}" should fit. One warning for
 * every page that does not, naming the config field that made it so when the title alone would fit.
 */
export function longTitles(
  pages: readonly { file: string; title: string }[],
  config: Pick<SiteConfig, 'name'>,
  configFile: string,
): SiteWarning[] {
  const suffix = ` | ${config.name}`;
  const long = pages.filter((page) => documentTitle(page.title, config.name).length > MAX_TITLE);
  if (long.length === 0) return [];
  const bySuffix = long.filter((page) => page.title.length <= MAX_TITLE);
  const files = long.map((page) => `${page.file} (${documentTitle(page.title, config.name).length})`);
  return [
    new SiteWarning('LongTitles', {
      count: long.length,
      max: MAX_TITLE,
      suffix,
      files,
      configField: bySuffix.length > 0 ? `name in ${configFile}` : undefined,
    }),
  ];
}

/**
 * A template that takes other keys as data (z.looseObject) cannot tell `descripton:` from data of its own: the page
 * builds with no description. One warning for each key within a slip of a field the page's schema knows, naming the
 * file, the line and the field. The line is read again from the file, only for such a key.
 */
export function nearMissKeys(
  pages: readonly Pick<PageHead, 'file' | 'template' | 'data'>[],
  theme: Pick<Theme, 'templates'>,
  root: string,
): SiteWarning[] {
  const warnings: SiteWarning[] = [];
  for (const page of pages) {
    const template = theme.templates[page.template];
    if (!template || !acceptsOtherKeys(template.schema)) continue;
    const known = Object.keys(pageSchema(template.schema).shape);
    for (const key of Object.keys(page.data)) {
      if (known.includes(key)) continue;
      const suggestion = nearKey(key, known);
      if (!suggestion) continue;
      const line = lineOfKey(path.resolve(root, page.file), page.file, key);
      warnings.push(
        new SiteWarning(
          'NearMissKey',
          { file: page.file, line, key, suggestion, template: page.template },
          { file: page.file },
        ),
      );
    }
  }
  return warnings;
}

/** The known key `key` is a slip for: one edit away for a short key (`name` is data, not `date`), closestPath's reach for longer ones. */
function nearKey(key: string, known: readonly string[]): string | undefined {
  const near = closestPath(key, known);
  if (near === undefined) return undefined;
  return key.length > 5 || editDistance(key.toLowerCase(), near.toLowerCase(), 2) <= 1 ? near : undefined;
}

/** The line of a top-level frontmatter key, in the file as it is now (undefined when it cannot be read or found). */
function lineOfKey(absolute: string, file: string, key: string): number | undefined {
  try {
    const text = new TextDecoder().decode(readInputSync(absolute, file, LIMITS.page));
    const end = text.indexOf('\n---', 3);
    const matter = text.startsWith('---') && end !== -1 ? text.slice(0, end) : '';
    const written = new RegExp(`^(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1[ \\t]*:`, 'm').exec(matter);
    return written ? matter.slice(0, written.index).split('\n').length : undefined;
  } catch {
    return undefined; // gone or changed since it was read: the warning names the file and field without a line
  }
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
