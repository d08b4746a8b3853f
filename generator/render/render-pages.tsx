/**
 * Renders every page with React on the server: the theme's Layout around the
 * page's template, inside the Document (SEO head, JSON-LD, assets). Pages have
 * no client state of their own, so renderToStaticMarkup is enough; islands
 * render their own hydratable subtree. When the theme declares a layout key,
 * pages that share it share one rendering of the Layout (layout-shell.tsx).
 */
import { renderToStaticMarkup, renderToString } from './react-server';
import { createIslandRegistry, IslandContext } from './island';
import type { SiteConfig } from '../content/config';
import { collectErrors, SiteError, throwIfAny } from '../core/errors';
import { Document, headOf, type DocumentAssets } from './document';
import { documentParts, type DocumentTemplates, type HeadValues } from './document-template';
import { pageGraph } from './json-ld';
import { outputFileOf } from '../content/routes';
import type { Assets } from '../assets/bundle-assets';
import type { LinkSource } from '../checks/check-links';
import { checkShell, sampled, shellFor, type SharedPart, type ShellCache } from './layout-shell';
import type { PageInfo, TemplateDefinition, Theme } from '../core/types';

export interface RenderedPage {
  page: PageInfo;
  /** Output path relative to the site root. */
  outFile: string;
  /** The whole page (joined on first use: a build writes the chunks). */
  readonly html: string;
  /** The page's bytes in order: its own parts as text, shared parts already encoded. */
  chunks: (string | Uint8Array)[];
  /** What the link check reads: the HTML, or its parts with shared ones already read. */
  linkSources: LinkSource[];
  /** Islands the page hydrates. */
  islands: string[];
}

/** The island loader's entry name in islands/. */
export const LOADER = 'loader';

/** What rendering needs of the bundled assets: public URLs, not file contents (so it can cross to a worker thread). */
export type PageAssets = Pick<Assets, 'stylesheet' | 'fontPreload' | 'scripts' | 'imports'>;

export interface RenderContext {
  site: SiteConfig;
  theme: Theme;
  assets: PageAssets;
  /** Every route of the site (the layout may tell real links from planned ones). */
  routes: ReadonlySet<string>;
  /** Markup rendered once and shared by the pages of this render: layout shells (when the theme has a layoutKey) and Document templates. Without it, every page is rendered whole. */
  reuse?: Reuse;
}

export interface Reuse {
  shells: ShellCache;
  documents: DocumentTemplates;
}
export const newReuse = (): Reuse => ({ shells: new Map(), documents: new Map() });

/** A page's markup in order: its own parts as text, shared parts (a layout shell's) as they are. */
type Part = string | SharedPart;

/** The rendered body: its parts, and the islands it uses. */
interface Body {
  parts: Part[];
  islands: Set<string>;
}

/** The Layout around the page content, rendered in one go. */
function renderWhole(page: PageInfo, ctx: RenderContext, Template: TemplateDefinition['component']): { html: string; islands: Set<string> } {
  const { site, theme } = ctx;
  const { Layout } = theme;
  const islands = createIslandRegistry(page.file, ctx.assets.scripts, renderToString);
  const body = renderToStaticMarkup(
    <IslandContext.Provider value={islands}>
      <Layout page={page} site={site} routes={ctx.routes}>
        <Template page={page} site={site} />
      </Layout>
    </IslandContext.Provider>,
  );
  return { html: body, islands: islands.used };
}

function wholeBody(page: PageInfo, ctx: RenderContext, Template: TemplateDefinition['component']): Body {
  const { html, islands } = renderWhole(page, ctx, Template);
  return { parts: [html], islands };
}

/** The page content alone inside its layout key's shared shell; undefined when the page must be rendered whole. */
function renderInShell(page: PageInfo, ctx: RenderContext, Template: TemplateDefinition['component'], shells: ShellCache): Body | undefined {
  const key = ctx.theme.layoutKey!(page, ctx.site);
  const shell = shellFor(page, { site: ctx.site, theme: ctx.theme, routes: ctx.routes, scripts: ctx.assets.scripts }, shells, key);
  if (!shell) return undefined;
  const content = createIslandRegistry(page.file, ctx.assets.scripts, renderToString);
  const html = renderToStaticMarkup(
    <IslandContext.Provider value={content}>
      <Template page={page} site={ctx.site} />
    </IslandContext.Provider>,
  );
  if (content.used.size > 0) return undefined;
  if (sampled(shell)) checkShell(shell.before.text + html + shell.after.text, renderWhole(page, ctx, Template).html, page, key);
  return { parts: [shell.before, html, shell.after], islands: new Set(shell.islands) };
}

function documentAssets(assets: PageAssets, scripts: string[]): DocumentAssets {
  return {
    stylesheet: assets.stylesheet,
    fontPreload: assets.fontPreload,
    scripts: scripts.map((name) => assets.scripts[name]!),
    modulePreloads: [...new Set(scripts.flatMap((name) => assets.imports[name] ?? []))],
  };
}

export function renderPage(page: PageInfo, ctx: RenderContext): RenderedPage {
  const { site, theme, assets } = ctx;
  const template = theme.templates[page.template]!;
  try {
    const Template = template.component;
    const body = (ctx.reuse && theme.layoutKey && renderInShell(page, ctx, Template, ctx.reuse.shells)) || wholeBody(page, ctx, Template);
    // A page with no islands loads no JavaScript, except scripts its template asks for.
    const scripts = [...(body.islands.size > 0 ? [LOADER] : []), ...(template.scripts ?? [])];
    const shown = headOf(page, site, pageGraph(page, site, template.jsonLd?.(page, site) ?? []));
    // Everything that shapes the Document apart from the page's own values: pages of one kind share its rendering.
    const kind = `${scripts.join(' ')}|${shown.noindex}|${shown.canonical}|${shown.values.keywords === ''}`;
    const render = (values: HeadValues) => <Document head={shown} values={values} site={site} assets={documentAssets(assets, scripts)} />;
    const [before, tail] = documentParts(kind, { ...shown.values, body: '' }, render, ctx.reuse?.documents);
    const parts: Part[] = [`<!DOCTYPE html>${before}`, ...body.parts, tail];
    let html: string | undefined;
    return {
      page,
      outFile: outputFileOf(page.route),
      get html() {
        return (html ??= parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''));
      },
      chunks: parts.map((part) => (typeof part === 'string' ? part : part.bytes)),
      linkSources: parts.map((part) => (typeof part === 'string' ? part : part.links)),
      islands: [...body.islands],
    };
  } catch (cause) {
    if (cause instanceof SiteError) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError('RenderFailure', `Template "${page.template}" threw while rendering ${page.route}: ${message}`, {
      file: page.file,
      field: 'template',
      cause,
    });
  }
}

/** Renders all pages; every failing page is reported, not just the first. */
export function renderPages(pages: PageInfo[], ctx: { site: SiteConfig; theme: Theme; assets: PageAssets }): RenderedPage[] {
  const shared: RenderContext = { ...ctx, routes: new Set(pages.map((p) => p.route)), reuse: newReuse() };
  const { results, errors } = collectErrors(pages, (page) => renderPage(page, shared));
  throwIfAny(errors);
  return results;
}
