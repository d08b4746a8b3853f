/**
 * Reads every markdown page: parse-page.ts splits and parses the frontmatter,
 * which is validated strictly against the base fields plus the page template's
 * schema; remark renders the body (markdown.ts). Every invalid page is reported at once.
 */
import path from 'node:path';
import { z } from 'zod';
import { breadcrumbTrail } from '../render/breadcrumbs';
import { SiteError, siteErrorsOf, throwIfAny } from '../core/errors';
import type { Markdown, MarkdownCache } from './markdown';
import { bodyLineOf, parsePage, type ParseContext, type PageSource } from './parse-page';
import { assertSafeRoute, NOT_FOUND_ROUTE, routeFromFile, urlOf } from './routes';
import { summaryOf, withBody, type BaseFrontmatter, type PageBody, type PageHead, type PageInfo, type PageSummary, type Theme } from '../core/types';
import { textField } from './text-field';
import { validate } from './validate';
import { listPageFiles, noPages } from './page-files';
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

export interface LoadContext extends ParseContext {
  theme: Theme;
  /** The markdown pipeline, with the site config's plugins (loadMarkdown). */
  markdown: Markdown;
  /** Rendered bodies by source, kept between rebuilds (watch mode); a one-off build has none. */
  markdownCache?: MarkdownCache;
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
export function describePage(source: PageSource, ctx: Pick<LoadContext, 'config' | 'theme'>): PageHead {
  const { file, relativeFile, data: frontmatter } = source;
  // Line numbers are needed only to report an error: the YAML syntax tree is built then, not for every page.
  const yaml: Pick<ParsedYaml, 'lineOf'> = { lineOf: (at) => parseYaml(source.matter, file, 1).lineOf(at) };

  const templateName = typeof frontmatter.template === 'string' ? frontmatter.template : DEFAULT_TEMPLATE;
  const template = ctx.theme.templates[templateName];
  if (!template) {
    const known = Object.keys(ctx.theme.templates).sort().join(', ');
    throw new SiteError('UnknownTemplate', `Template "${templateName}" does not exist (known: ${known})`, {
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
    throw new SiteError('InvalidFrontmatter', `title: with " | ${ctx.config.name}" appended the title is ${fullTitle.length} characters; keep it within ${MAX_TITLE} so search results show it whole`, {
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
    breadcrumbs: breadcrumbTrail(route, data.title, ctx.config, data.breadcrumb),
    isNotFound: route === NOT_FOUND_ROUTE,
  };
}

/** Loads one page; rejects with a SiteError (or SiteErrors) when it is invalid. Async only when a markdown plugin is. */
export async function loadPage(relativeFile: string, ctx: LoadContext): Promise<PageInfo> {
  const { source, content } = parsePage(relativeFile, ctx);
  const head = describePage(source, ctx);
  const page = { file: source.file, path: path.join(ctx.pagesDir, relativeFile), line: bodyLineOf(source.matter), reservedIds: ctx.theme.reservedIds };
  const body: PageBody | Promise<PageBody> = ctx.markdownCache ? ctx.markdownCache.render(ctx.markdown, content, page) : ctx.markdown.render(content, page);
  return withBody(head, body instanceof Promise ? await body : body);
}

/** Loads every page, collecting all errors before failing; rejects two files claiming one route. */
export async function loadPages(ctx: LoadContext, listed?: string[]): Promise<PageInfo[]> {
  const files = listed ?? (await listPageFiles(ctx.pagesDir));
  if (files.length === 0) throw noPages(ctx.pagesDir, ctx.displayRoot);
  const { pages, errors } = await loadEach(files, ctx);
  errors.push(...duplicateRoutes(pages.map(summaryOf)));
  throwIfAny(errors);
  return pages;
}

/** Loads the files one by one, collecting every page's errors rather than stopping at the first. */
export async function loadEach(files: Iterable<string>, ctx: LoadContext): Promise<{ pages: PageInfo[]; errors: SiteError[] }> {
  const pages: PageInfo[] = [];
  const errors: SiteError[] = [];
  for (const file of files) {
    try {
      pages.push(await loadPage(file, ctx));
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  return { pages, errors };
}

export function duplicateRoutes(pages: PageSummary[]): SiteError[] {
  const byRoute = new Map<string, PageSummary>();
  const errors: SiteError[] = [];
  for (const page of pages) {
    const first = byRoute.get(page.route);
    if (first) {
      errors.push(
        new SiteError('DuplicateRoute', `${first.file} and ${page.file} both claim the route ${page.route}`, {
          file: page.file,
          field: page.slug === undefined ? undefined : 'slug',
        }),
      );
    } else byRoute.set(page.route, page);
  }
  return errors;
}
