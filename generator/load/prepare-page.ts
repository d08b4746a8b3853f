/**
 * One page's parse and render: its frontmatter parsed (page-source.ts) and its markdown rendered, from the bytes the
 * build read and keyed. The same function runs on the build's thread and in a worker (render-pool.ts): it reads
 * nothing but its inputs and the pipeline it is given, so a page's result is the same whichever thread made it.
 */
import path from 'node:path';
import { siteErrorsOf, type SiteError } from '../base/errors';
import type { SiteConfig } from '../config/config';
import type { Markdown, RenderedMarkdown, ReservedIds } from '../markdown/markdown';
import type { PageSource } from '../pages/page';
import { bodyLineOf, loadFrontmatterParsers, type FrontmatterParsers } from './frontmatter';
import { parsePage, type ParseContext } from './page-source';

/** What every page's parse and render reads besides its own bytes: plain data, so a worker can be given it. */
export interface PageSettings {
  pagesDir: string;
  /** Paths in errors and pages are shown relative to this folder. */
  displayRoot: string;
  config: SiteConfig;
  reservedIds: ReservedIds;
  /** The folders whose README.md is their page (routes.ts, readmeFolders). */
  readmes: ReadonlySet<string>;
}

/** A page to parse and render: its path inside the pages folder and the bytes the build read of it. */
export interface PageJob {
  relativeFile: string;
  bytes: Uint8Array;
}

/**
 * What became of a page: its frontmatter, rendered body and the config values its tokens read; or the errors of its
 * file (`parse`: it is not a readable page) or of its markdown (`render`), which a build reports after the others.
 */
export type PageOutcome =
  | { source: PageSource; body: RenderedMarkdown; uses: Record<string, string> }
  | { failed: 'parse' | 'render'; errors: SiteError[] };

/** The markdown pipeline with the outline that reads a body through it (body-outline.ts), and the frontmatter's parsers. */
export interface Pipeline {
  markdown: Markdown;
  outline: ParseContext['outline'];
  parsers: FrontmatterParsers;
}

/**
 * Loads the outline for `markdown` (from the tree a page is rendered from, when the pipeline parses as the outline
 * does) and the frontmatter's parsers: what parsing a page needs besides remark, loaded only when a page is parsed.
 */
export async function pipelineOf(markdown: Markdown): Promise<Pipeline> {
  const [{ outlineBody }, parsers] = await Promise.all([import('../markdown/body-outline'), loadFrontmatterParsers()]);
  const parse = markdown.parse;
  return {
    markdown,
    outline: parse ? (body) => outlineBody(body, parse(body)) : (body) => outlineBody(body),
    parsers,
  };
}

/**
 * Whether a page file is a table of contents: mdBook's SUMMARY.md (GitBook's too), named so exactly, in any folder;
 * summary-toc.ts reads it. A page about it in lower case (mdBook's own guide has format/summary.md) is a page.
 */
const isSummaryFile = (relativeFile: string) => /(?:^|[\\/])SUMMARY\.md$/.test(relativeFile);

/** Parses and renders one page. A SiteError is its outcome; any other error (a bug, not the page's) is thrown. */
export async function preparePage(job: PageJob, settings: PageSettings, pipeline: Pipeline): Promise<PageOutcome> {
  const { relativeFile } = job;
  const absolute = path.join(settings.pagesDir, relativeFile);
  const shown = path.relative(settings.displayRoot, absolute) || absolute;
  let parsed: ReturnType<typeof parsePage>;
  try {
    parsed = parsePage(relativeFile, { ...settings, outline: pipeline.outline, parsers: pipeline.parsers }, job.bytes);
    // mdBook's table of contents: the navigation takes its order and nesting (kept in the store with the page).
    if (isSummaryFile(relativeFile))
      parsed.source.toc = (await import('../markdown/summary-toc')).summaryToc(parsed.content);
  } catch (error) {
    return failedWith('parse', error);
  }
  const { source, content, uses, titleId, titleText, parsed: tree } = parsed;
  const page = {
    file: shown,
    path: absolute,
    line: bodyLineOf(source.matter),
    // The title heading's own id (`# Title {#top}`) is the page's: no other heading takes it.
    reservedIds: titleId === undefined ? settings.reservedIds : [...settings.reservedIds, titleId],
    ...(titleText !== undefined ? { titleText } : {}),
    relativeFile,
    readmes: settings.readmes,
  };
  try {
    const { markdown } = pipeline;
    // The outline's tree is the rendering's only when the pipeline parsed it (its parser is the outline's then).
    const body = await (tree && markdown.parse
      ? markdown.render(tree.text, page, tree.tree)
      : markdown.render(content, page));
    return { source, body: withTitleAnchor(body, titleId), uses };
  } catch (error) {
    return failedWith('render', error);
  }
}

/** The outcome of a page whose parse or render threw `error`: its catalogued errors; anything else is thrown on. */
function failedWith(failed: 'parse' | 'render', error: unknown): PageOutcome {
  const errors = siteErrorsOf(error);
  if (errors.length === 0) throw error;
  return { failed, errors };
}

/**
 * The body with the id its title heading named (`# One big page {#top}`; the theme shows the title) as an anchor at its
 * start, so links to it still land there. heading-ids.ts takes such an id only of letters, digits and `_.:-`: nothing
 * in it needs escaping in an attribute.
 */
function withTitleAnchor(body: RenderedMarkdown, titleId: string | undefined): RenderedMarkdown {
  return titleId === undefined ? body : { ...body, html: `<a id="${titleId}"></a>${body.html}` };
}
