/**
 * Reads every markdown page: gray-matter splits the frontmatter, which is
 * validated strictly against the base fields plus the page template's schema;
 * remark renders the body. Every invalid page is reported at once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import jsYaml from 'js-yaml';
import { z } from 'zod';
import { breadcrumbTrail } from './breadcrumbs';
import type { SiteConfig } from './config';
import { collectErrors, SiteError, throwIfAny } from './errors';
import { renderMarkdown, type MarkdownCache } from './markdown';
import { replaceTokens } from './tokens';
import { assertSafeRoute, NOT_FOUND_ROUTE, routeFromFile, urlOf } from './routes';
import { summaryOf, type BaseFrontmatter, type PageInfo, type PageSummary, type Theme } from './types';
import { validate } from './validate';
import { listPageFiles, noPages } from './page-files';

export { listPageFiles, noPages, PUBLIC_DIR } from './page-files';
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

export interface LoadContext {
  pagesDir: string;
  config: SiteConfig;
  theme: Theme;
  /** Paths in errors and pages are shown relative to this folder. */
  displayRoot: string;
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

/**
 * Frontmatter data, parsed with js-yaml (gray-matter's own engine, several
 * times faster than building a syntax tree) using the YAML 1.2 core schema, so
 * dates stay strings as they do in the config. Malformed YAML is parsed again
 * with the tree-building parser, whose error names the line.
 */
function loadFrontmatter(text: string, file: string): object {
  try {
    return (jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA }) ?? {}) as object;
  } catch (cause) {
    // gray-matter hands over the text from the end of the opening `---` line, so its line 1 is the file's line 1.
    parseYaml(text, file, 1); // throws MalformedYaml naming the line
    // The parsers disagree (rare): report js-yaml's objection with its own position.
    const mark = (cause as { mark?: { line: number } }).mark;
    throw new SiteError('MalformedYaml', (cause as Error).message.split('\n')[0] ?? 'YAML syntax error', { file, line: mark ? mark.line + 1 : undefined, cause });
  }
}

/** Loads one page; throws a SiteError (or SiteErrors) when it is invalid. */
/**
 * Reads synchronously: a page is read, parsed and rendered in one go, and a
 * build reads thousands of small files faster in a loop than as thousands of
 * concurrent promises (which would also hold every file in memory at once).
 */
export function loadPage(relativeFile: string, ctx: LoadContext): PageInfo {
  const absolute = path.join(ctx.pagesDir, relativeFile);
  const file = path.relative(ctx.displayRoot, absolute) || absolute;
  const source = replaceTokens(readFileSync(absolute, 'utf8'), ctx.config, file);

  const parsed = matter(source, { engines: { yaml: (text: string) => loadFrontmatter(text, file) } });
  const frontmatter = (parsed.data ?? {}) as Record<string, unknown>;
  // Line numbers are needed only to report an error: the YAML syntax tree is built then, not for every page.
  const yaml: Pick<ParsedYaml, 'lineOf'> = { lineOf: (at) => parseYaml(parsed.matter, file, 1).lineOf(at) };

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

  const { html, headings } = renderMarkdown(parsed.content, ctx.markdownCache);
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
