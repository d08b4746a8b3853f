/**
 * Reads every markdown page: gray-matter splits the frontmatter, which is
 * validated strictly against the base fields plus the page template's schema;
 * remark renders the body. Every invalid page is reported at once.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { z } from 'zod';
import { breadcrumbTrail } from './breadcrumbs';
import type { SiteConfig } from './config';
import { SiteError, throwIfAny } from './errors';
import { renderMarkdown } from './markdown';
import { replaceTokens } from './tokens';
import { assertSafeRoute, NOT_FOUND_ROUTE, routeFromFile, urlOf } from './routes';
import type { BaseFrontmatter, PageInfo, Theme } from './types';
import { validate } from './validate';
import { parseYaml, type ParsedYaml } from './yaml';

/** The public folder inside the pages folder: copied to the output as it is. */
export const PUBLIC_DIR = 'public';
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

/** Markdown files under the pages folder, skipping `public/` and names starting with `_` or `.`. */
export async function listPageFiles(pagesDir: string): Promise<string[]> {
  const entries = await readdir(pagesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(pagesDir, path.join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .filter((rel) => !rel.split('/').some((part, i) => part.startsWith('_') || part.startsWith('.') || (i === 0 && part === PUBLIC_DIR)))
    .sort();
}

export interface LoadContext {
  pagesDir: string;
  config: SiteConfig;
  theme: Theme;
  /** Paths in errors and pages are shown relative to this folder. */
  displayRoot: string;
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

/** Loads one page; throws a SiteError (or SiteErrors) when it is invalid. */
export async function loadPage(relativeFile: string, ctx: LoadContext): Promise<PageInfo> {
  const absolute = path.join(ctx.pagesDir, relativeFile);
  const file = path.relative(ctx.displayRoot, absolute) || absolute;
  const source = replaceTokens(await readFile(absolute, 'utf8'), ctx.config, file);

  let yaml: ParsedYaml | undefined;
  const parsed = matter(source, {
    engines: {
      yaml: (text: string) => {
        // gray-matter hands over the text from the end of the opening `---` line, so its line 1 is the file's line 1.
        yaml = parseYaml(text, file, 1);
        return yaml.data as object;
      },
    },
  });
  const frontmatter = (parsed.data ?? {}) as Record<string, unknown>;

  const templateName = typeof frontmatter.template === 'string' ? frontmatter.template : DEFAULT_TEMPLATE;
  const template = ctx.theme.templates[templateName];
  if (!template) {
    const known = Object.keys(ctx.theme.templates).sort().join(', ');
    throw new SiteError('UnknownTemplate', `Template "${templateName}" does not exist (known: ${known})`, {
      file,
      field: 'template',
      line: yaml?.lineOf(['template']),
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
      line: yaml?.lineOf(['title']),
    });
  }

  const route = routeFromFile(relativeFile, data.slug);
  assertSafeRoute(route, { file, field: data.slug === undefined ? undefined : 'slug' });

  const { html, headings } = renderMarkdown(parsed.content);
  return {
    file,
    route,
    url: urlOf(ctx.config.baseUrl, route),
    title: data.title,
    description: data.description,
    template: templateName,
    data,
    html,
    headings,
    breadcrumbs: breadcrumbTrail(route, data.title, ctx.config, data.breadcrumb),
    isNotFound: route === NOT_FOUND_ROUTE,
  };
}

/** Loads every page, collecting all errors before failing; rejects two files claiming one route. */
export async function loadPages(ctx: LoadContext): Promise<PageInfo[]> {
  const files = await listPageFiles(ctx.pagesDir);
  if (files.length === 0) {
    throw new SiteError('NoPages', `No markdown pages in ${path.relative(ctx.displayRoot, ctx.pagesDir) || ctx.pagesDir}`);
  }
  const errors: SiteError[] = [];
  const pages: PageInfo[] = [];
  const settled = await Promise.allSettled(files.map((file) => loadPage(file, ctx)));
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') pages.push(outcome.value);
    else errors.push(...errorsOf(outcome.reason));
  }
  errors.push(...duplicateRoutes(pages));
  throwIfAny(errors);
  return pages;
}

export function duplicateRoutes(pages: PageInfo[]): SiteError[] {
  const byRoute = new Map<string, PageInfo>();
  const errors: SiteError[] = [];
  for (const page of pages) {
    const first = byRoute.get(page.route);
    if (first) {
      errors.push(
        new SiteError('DuplicateRoute', `${first.file} and ${page.file} both claim the route ${page.route}`, {
          file: page.file,
          field: page.data.slug === undefined ? undefined : 'slug',
        }),
      );
    } else byRoute.set(page.route, page);
  }
  return errors;
}

function errorsOf(reason: unknown): SiteError[] {
  if (reason instanceof SiteError) return [reason];
  if (reason && typeof reason === 'object' && 'errors' in reason && Array.isArray(reason.errors)) return reason.errors as SiteError[];
  throw reason;
}
