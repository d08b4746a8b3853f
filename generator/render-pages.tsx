/**
 * Renders every page with React on the server: the theme's Layout around the
 * page's template, inside the Document (SEO head, JSON-LD, assets). Pages have
 * no client state of their own, so renderToStaticMarkup is enough; islands
 * render their own hydratable subtree.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { renderToStaticMarkup, renderToString } from './react-server';
import { createIslandRegistry, IslandContext } from './island';
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
}

export function renderPage(page: PageInfo, ctx: RenderContext): RenderedPage {
  const { site, theme, assets } = ctx;
  const template = theme.templates[page.template]!;
  try {
    const Template = template.component;
    const { Layout } = theme;
    const islands = createIslandRegistry(page.file, assets.scripts, renderToString);
    const body = renderToStaticMarkup(
      <IslandContext.Provider value={islands}>
        <Layout page={page} site={site} routes={ctx.routes}>
          <Template page={page} site={site} />
        </Layout>
      </IslandContext.Provider>,
    );
    // A page with no islands loads no JavaScript, except scripts its template asks for.
    const scripts = [...(islands.used.size > 0 ? [LOADER] : []), ...(template.scripts ?? [])];
    const documentAssets: DocumentAssets = {
      stylesheet: assets.stylesheet,
      fontPreload: assets.fontPreload,
      scripts: scripts.map((name) => assets.scripts[name]!),
      modulePreloads: [...new Set(scripts.flatMap((name) => assets.imports[name] ?? []))],
    };
    const jsonLd = pageGraph(page, site, template.jsonLd?.(page, site) ?? []);
    const markup = renderToStaticMarkup(<Document page={page} site={site} jsonLd={jsonLd} assets={documentAssets} body={body} />);
    return { page, outFile: outputFileOf(page.route), html: `<!DOCTYPE html>${markup}`, islands: [...islands.used] };
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

/** Every top-level module in islands/ is an entry: the loader, the islands and plain page scripts. */
export async function scriptEntries(islandsDir: string): Promise<Record<string, string>> {
  const files = await readdir(islandsDir).catch(() => [] as string[]);
  return Object.fromEntries(
    files
      .filter((f) => /^[a-z][\w-]*\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .sort()
      .map((f) => [f.replace(/\.tsx?$/, ''), path.join(islandsDir, f)]),
  );
}
