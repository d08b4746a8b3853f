/**
 * A page's frontmatter, as page-source.ts parsed it, validated against the base
 * fields plus its template's schema, and its head made of it: title,
 * description, route (page-route.ts) and breadcrumbs.
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
import { SiteError, throwIfAny } from '../base/errors';
import { ownValue } from '../base/own';
import { callTheme } from '../base/theme-call';
import type { Theme } from '../pages/theme-types';
import type { BaseFrontmatter, PageHead, PageSource } from '../pages/page';
import type { SiteConfig } from '../config/config';
import { assertSafeRoute, dateOfFileName, nameOfFile, NOT_FOUND_ROUTE, routeFromFile, urlOf } from '../pages/routes';
import { textField } from '../config/text-field';
import { validate } from '../config/validate';
import type { ParsedYaml } from '../config/yaml';
import { linesOf } from './frontmatter';
import { redirectsOf, routeOf } from './page-route';

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
  const yaml: Pick<ParsedYaml, 'lineOf'> = { lineOf: linesOf(source.matter, file) };

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

  // A page whose file name starts with a date (2023-11-13-title.md) and whose frontmatter has none has that date, as
  // Jekyll, Eleventy and Docusaurus date posts: validated as if written there, so a schema that requires one is met.
  // Not where the template's own `date` field takes no such text: an error there would name a line the page lacks.
  const schema = pageSchema(template.schema);
  const named = frontmatter.date === undefined ? dateOfFileName(relativeFile, ctx.readmes) : undefined;
  const taken = named !== undefined && schema.shape.date?.safeParse(named).success === true;
  const written = taken ? { ...frontmatter, date: named } : frontmatter;
  const result = validate(schema, written, {
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
    ...(routeField !== undefined && routeField !== 'slug'
      ? { fileRoute: routeFromFile(relativeFile, ctx.readmes) }
      : {}),
    ...(redirects.length > 0 ? { redirects } : {}),
  };
}

/**
 * A title from a file's name, for a page with no title and no heading: `getting-started.md` → "Getting started"; a
 * folder's page (an index.md, or its README.md) takes its folder's name, the home page the site's. A date the name
 * starts with stays in it (`2023-11-13-meeting-notes.md` → "2023 11 13 meeting notes"): the built-in theme shows no
 * date, so pages of one name on several days would otherwise share one title.
 */
export function titleOfFile(
  relativeFile: string,
  config: Pick<SiteConfig, 'name'>,
  readmes: ReadonlySet<string>,
): string {
  const name = nameOfFile(relativeFile, readmes);
  if (!name) return config.name;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : config.name;
}
