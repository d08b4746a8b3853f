/**
 * Renders every page with React on the server: the theme's Layout around the
 * page's template, inside the Document (SEO head, JSON-LD, assets). Pages have
 * no client state of their own, so renderToStaticMarkup is enough; islands
 * render their own hydratable subtree.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteConfig } from './config';
import { SiteError, throwIfAny } from './errors';
import { Document, type DocumentAssets } from './document';
import { pageGraph } from './json-ld';
import { outputFileOf } from './routes';
import type { Assets } from './bundle-assets';
import type { PageInfo, Theme } from './types';

export interface RenderedPage {
  page: PageInfo;
  /** Output path relative to the site root. */
  outFile: string;
  html: string;
}

export function renderPage(page: PageInfo, ctx: { site: SiteConfig; theme: Theme; assets: Assets; routes: ReadonlySet<string> }): RenderedPage {
  const { site, theme, assets } = ctx;
  const template = theme.templates[page.template]!;
  const scripts = template.scripts ?? [];
  const documentAssets: DocumentAssets = {
    stylesheet: assets.stylesheet,
    fontPreload: assets.fontPreload,
    scripts: scripts.map((name) => assets.scripts[name]!),
    modulePreloads: [...new Set(scripts.flatMap((name) => assets.imports[name] ?? []))],
  };
  try {
    const Template = template.component;
    const jsonLd = pageGraph(page, site, template.jsonLd?.(page, site) ?? []);
    const { Layout } = theme;
    const markup = renderToStaticMarkup(
      <Document page={page} site={site} jsonLd={jsonLd} assets={documentAssets}>
        <Layout page={page} site={site} routes={ctx.routes}>
          <Template page={page} site={site} />
        </Layout>
      </Document>,
    );
    return { page, outFile: outputFileOf(page.route), html: `<!doctype html>${markup}` };
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError('RenderFailure', `Template "${page.template}" threw while rendering ${page.route}: ${message}`, {
      file: page.file,
      field: 'template',
      cause,
    });
  }
}

/** Renders all pages; every failing page is reported, not just the first. */
export function renderPages(pages: PageInfo[], ctx: { site: SiteConfig; theme: Theme; assets: Assets }): RenderedPage[] {
  const routes = new Set(pages.map((p) => p.route));
  const rendered: RenderedPage[] = [];
  const errors: SiteError[] = [];
  for (const page of pages) {
    try {
      rendered.push(renderPage(page, { ...ctx, routes }));
    } catch (error) {
      if (error instanceof SiteError) errors.push(error);
      else throw error;
    }
  }
  throwIfAny(errors);
  return rendered;
}

/** Scripts every template may load: entry name → source file. */
export function scriptEntries(theme: Theme, islandsDir: string): Record<string, string> {
  const names = new Set(Object.values(theme.templates).flatMap((t) => t.scripts ?? []));
  return Object.fromEntries([...names].sort().map((name) => [name, `${islandsDir}/${name}.ts`]));
}
