/**
 * A page's frontmatter, as parse-page.ts parsed it, validated strictly
 * against the base fields plus its template's schema, and its route and
 * breadcrumbs made; two pages claiming one route are an error.
 */
import { z } from 'zod';
import { breadcrumbTrail } from '../render/breadcrumbs';
import { SiteError, throwIfAny } from '../core/errors';
import type { BaseFrontmatter, PageHead, PageSummary, Theme } from '../core/types';
import type { SiteConfig } from './config';
import type { PageSource } from './parse-page';
import { assertSafeRoute, NOT_FOUND_ROUTE, routeFromFile, urlOf } from './routes';
import { textField } from './text-field';
import { validate } from './validate';
import { parseYaml, type ParsedYaml } from './yaml';

export const DEFAULT_TEMPLATE = 'prose';
/** Longest document title (page title, separator and site name) that search results show whole. */
export const MAX_TITLE = 70;

export const baseFrontmatter = {
  title: textField(MAX_TITLE),
  description: textField(200, 20),
  keywords: z.array(textField(60)).max(50).optional(),
  template: z.string().max(60).optional(),
  slug: z.string().max(200).optional(),
  noindex: z.boolean().optional(),
  breadcrumb: textField(60).optional(),
};

export interface DescribeContext {
  config: SiteConfig;
  theme: Theme;
}

const schemaCache = new WeakMap<z.ZodObject, z.ZodObject>();
function pageSchema(templateSchema: z.ZodObject): z.ZodObject {
  let schema = schemaCache.get(templateSchema);
  if (!schema) {
    schema = z.strictObject({ ...baseFrontmatter, ...templateSchema.shape });
    schemaCache.set(templateSchema, schema);
  }
  return schema;
}

/** Validates a page's frontmatter against its template and makes its route; throws a SiteError (or SiteErrors) when it is invalid. */
export function describePage(source: PageSource, ctx: DescribeContext): PageHead {
  const { file, relativeFile, data: frontmatter } = source;
  // Line numbers are needed only to report an error: the YAML syntax tree is built then, not for every page.
  const yaml: Pick<ParsedYaml, 'lineOf'> = { lineOf: (at) => parseYaml(source.matter, file, 1).lineOf(at) };

  const templateName = typeof frontmatter.template === 'string' ? frontmatter.template : DEFAULT_TEMPLATE;
  const template = ctx.theme.templates[templateName];
  if (!template) {
    throw new SiteError('UnknownTemplate', { template: templateName, known: Object.keys(ctx.theme.templates).sort() }, {
      file,
      field: 'template',
      line: yaml.lineOf(['template']),
    });
  }

  const result = validate(pageSchema(template.schema), frontmatter, { kind: 'InvalidFrontmatter', file, yaml });
  throwIfAny(result.errors);
  const data = result.value as BaseFrontmatter & Record<string, unknown>;

  // Search results cut titles at about 70 characters: the page title plus " | {site name}" must fit.
  const fullTitle = `${data.title} | ${ctx.config.name}`;
  if (fullTitle.length > MAX_TITLE) {
    throw new SiteError('InvalidFrontmatter', { suffix: ` | ${ctx.config.name}`, titleLength: fullTitle.length, max: MAX_TITLE }, {
      file,
      field: 'title',
      line: yaml.lineOf(['title']),
    });
  }

  const route = routeFromFile(relativeFile, data.slug);
  assertSafeRoute(route, { file, field: data.slug === undefined ? undefined : 'slug' });
  return {
    file,
    route,
    url: urlOf(ctx.config.baseUrl, route),
    title: data.title,
    description: data.description,
    template: templateName,
    data,
    breadcrumbs: (ctx.theme.breadcrumbs ?? breadcrumbTrail)({ route, title: data.title, label: data.breadcrumb }, ctx.config),
    isNotFound: route === NOT_FOUND_ROUTE,
  };
}

export function duplicateRoutes(pages: PageSummary[]): SiteError[] {
  const byRoute = new Map<string, PageSummary>();
  const errors: SiteError[] = [];
  for (const page of pages) {
    const first = byRoute.get(page.route);
    if (first) {
      errors.push(
        new SiteError('DuplicateRoute', { route: page.route, first: first.file, second: page.file }, {
          file: page.file,
          field: page.slug === undefined ? undefined : 'slug',
        }),
      );
    } else byRoute.set(page.route, page);
  }
  return errors;
}
