/**
 * Reads every markdown page: gray-matter splits the frontmatter (parse-page.ts),
 * which is validated strictly against the base fields plus the page template's
 * schema; markdown-it renders the body. Every invalid page is reported at once.
 */
import { z } from 'zod';
import { breadcrumbTrail } from '../render/breadcrumbs';
import { collectErrors, SiteError, throwIfAny } from '../core/errors';
import { renderMarkdown, type MarkdownCache } from './markdown';
import { parsePage, type ParseContext, type PageSource } from './parse-page';
import { assertSafeRoute, NOT_FOUND_ROUTE, routeFromFile, urlOf } from './routes';
import { summaryOf, withBody, type BaseFrontmatter, type PageHead, type PageInfo, type PageSummary, type Theme } from '../core/types';
import { validate } from './validate';
import { listPageFiles, noPages } from './page-files';
import { parseYaml, type ParsedYaml } from './yaml';

export const DEFAULT_TEMPLATE = 'prose';
/** Longest document title (page title, separator and site name) that search results show whole. */
export const MAX_TITLE = 70;

export const baseFrontmatter = {
  title: z.string().min(1).max(70),
  description: z.string().min(20).max(200),
  keywords: z.array(z.string().min(1)).optional(),
  template: z.string().optional(),
  slug: z.string().optional(),
  noindex: z.boolean().optional(),
  breadcrumb: z.string().min(1).optional(),
};

export interface LoadContext extends ParseContext {
  theme: Theme;
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

/** Loads one page; throws a SiteError (or SiteErrors) when it is invalid. */
export function loadPage(relativeFile: string, ctx: LoadContext): PageInfo {
  const { source, content } = parsePage(relativeFile, ctx);
  const head = describePage(source, ctx);
  return withBody(head, renderMarkdown(content, ctx.markdownCache));
}

/** Loads every page, collecting all errors before failing; rejects two files claiming one route. */
export async function loadPages(ctx: LoadContext, listed?: string[]): Promise<PageInfo[]> {
  const files = listed ?? (await listPageFiles(ctx.pagesDir));
  if (files.length === 0) throw noPages(ctx.pagesDir, ctx.displayRoot);
  const { pages, errors } = loadEach(files, ctx);
  errors.push(...duplicateRoutes(pages.map(summaryOf)));
  throwIfAny(errors);
  return pages;
}

/** Loads the files one by one, collecting every page's errors rather than stopping at the first. */
export function loadEach(files: Iterable<string>, ctx: LoadContext): { pages: PageInfo[]; errors: SiteError[] } {
  const { results: pages, errors } = collectErrors(files, (file) => loadPage(file, ctx));
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
