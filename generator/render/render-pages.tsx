/**
 * Renders every page with React on the server: the page's template, inside
 * the theme's Layout, inside the Document (SEO head, JSON-LD, assets). Pages
 * have no client state of their own, so renderToStaticMarkup is enough;
 * islands render their own hydratable subtree.
 *
 * Three renders make a page, each seeing only what it is given: the template
 * (the page), the Layout (the page's layout key, once per key: layout-shell.tsx)
 * and the Document (the page's head values). The content is put in the
 * Layout's slot, and both in the Document's.
 */
import { renderToStaticMarkup, renderToString } from './react-server';
import { createIslandRegistry, IslandContext } from './island';
import type { SiteConfig } from '../config/config';
import { SiteError, siteErrorsOf, throwIfAny } from '../base/errors';
import { callTheme } from '../base/theme-call';
import { sortByFile } from '../load/loaded-pages';
import { Document, headOf, type DocumentAssets } from './document';
import { pageGraph } from './json-ld';
import { outputFileOf } from '../pages/routes';
import { recordRoutes, type RouteReads } from './route-reads';
import { createInterner, readLinks, type Interner, type LinkSource } from './html-links';
import { shellFor, SLOT, splitAtSlot, type SharedPart, type Shell, type ShellCache } from './layout-shell';
import type { Theme } from '../pages/theme-types';
import type { PageInfo } from '../pages/page';
import { assertUniqueIds } from './unique-ids';
import { basePathOf, htmlUnderBase } from './base-path';
import { collectionLinks } from '../collections/head-links';
import type { CollectionProps } from '../pages/collection-types';

/** A page rendered: its HTML in parts, and what the link check and the next watch update read of it. */
export interface RenderedPage {
  page: PageInfo;
  /** Output path relative to the site root. */
  outFile: string;
  /** The whole page (joined on first use: a build writes the chunks). */
  readonly html: string;
  /** The page's bytes in order: its own parts as text, shared parts already encoded. */
  chunks: (string | Uint8Array)[];
  /** What the link check reads: the page's parts in order, each read for its links and ids (html-links.ts). */
  linkSources: LinkSource[];
  /** Islands the page hydrates. */
  islands: string[];
  /** What its Layout and its JSON-LD read of the routes (route-reads.ts); shared by pages that read alike, never changed. */
  routeReads: RouteReads[];
}

/** The island loader's entry name in islands/. */
export const LOADER = 'loader';

/** What rendering needs of the bundled assets (assets/bundle-assets.ts): public URLs, not file contents. */
export interface PageAssets {
  stylesheet: string;
  /** Entry name → public URL. */
  scripts: Record<string, string>;
  /** Public URLs of the chunks each entry imports, for modulepreload. */
  imports: Record<string, string[]>;
  /** Entry name → public URL of the stylesheet its modules import, for the entries that import one. */
  styles: Record<string, string>;
  fontPreload?: string;
  /** Public URL of the theme's head script (assets/head-script.ts), when it has one. */
  headScript?: string;
}

export interface RenderContext {
  site: SiteConfig;
  theme: Theme;
  assets: PageAssets;
  /** Every route of the site (the layout may tell real links from planned ones). */
  routes: ReadonlySet<string>;
  /** Layout shells made so far by this render of the site; without it, each page renders its layout anew. */
  shells?: ShellCache;
  /** What a page's template reads of other pages, by route (collections/plan.ts). */
  collectionsOf?: (route: string) => CollectionProps | undefined;
  /** One copy of each link and id the pages' parts are read for, for one render of the site; without it, one per page. */
  intern?: Interner;
}

/** Prefix of the ids of islands in a page's content (the layout's have none), so the two never collide. */
const CONTENT_ISLANDS = 'm';

function documentAssets(assets: PageAssets, scripts: string[]): DocumentAssets {
  return {
    stylesheet: assets.stylesheet,
    fontPreload: assets.fontPreload,
    headScript: assets.headScript,
    scripts: scripts.map((name) => assets.scripts[name]!),
    modulePreloads: [...new Set(scripts.flatMap((name) => assets.imports[name] ?? []))],
  };
}

export function renderPage(page: PageInfo, ctx: RenderContext): RenderedPage {
  const { site, theme, assets } = ctx;
  const template = theme.templates[page.template]!;
  const collections = ctx.collectionsOf?.(page.route);
  try {
    const shell = shellFor(page, { site, theme, routes: ctx.routes, islands: assets }, ctx.shells ?? new Map());
    const content = createIslandRegistry(page.file, assets, renderToString, CONTENT_ISLANDS);
    const Template = template.component;
    const main = renderToStaticMarkup(
      <IslandContext.Provider value={content}>
        <Template page={page} site={site} {...collections} />
      </IslandContext.Provider>,
    );
    if (page.html.trim() !== '' && !main.includes(page.html)) {
      throw new SiteError(
        'BodyNotShown',
        { template: page.template, route: page.route },
        { file: page.file, field: 'body' },
      );
    }
    const islands = [...new Set([...shell.islands, ...content.used])];
    // A page with no islands loads no JavaScript, except scripts its template asks for.
    const scripts = [...(islands.length > 0 ? [LOADER] : []), ...(template.scripts ?? [])];
    const graphRoutes = recordRoutes(ctx.routes);
    const head = {
      ...headOf(
        page,
        site,
        pageGraph(
          page,
          site,
          callTheme({ fn: 'jsonLd', template: page.template, route: page.route, file: page.file }, () =>
            template.jsonLd?.(page, site),
          ) ?? [],
          theme.organization,
          graphRoutes.routes,
        ),
      ),
      links: collectionLinks(collections),
    };
    const [docBefore, docAfter] = splitAtSlot(
      renderToStaticMarkup(
        <Document head={head} site={site} assets={documentAssets(assets, scripts)}>
          {SLOT}
        </Document>,
      ),
    )!;
    const base = basePathOf(site.baseUrl);
    const parts: (string | SharedPart)[] = [`<!DOCTYPE html>${docBefore}`, shell.before, main, shell.after, docAfter];
    // Each part read once: the ids checked here and the links the link check reads (shared parts were read once).
    const intern = ctx.intern ?? createInterner();
    const linkSources = parts.map((part) => (typeof part === 'string' ? readLinks(part, intern) : part.links));
    assertUniqueIds(page, linkSources);
    let html: string | undefined;
    return {
      page,
      outFile: outputFileOf(page.route),
      // Written under the base URL's path (base-path.ts); the link check reads the links as the templates wrote them.
      get html() {
        return (html ??= parts
          .map((part) => (typeof part === 'string' ? htmlUnderBase(part, base) : sharedUnderBase(part, base).text))
          .join(''));
      },
      chunks: parts.map((part) =>
        typeof part === 'string' ? htmlUnderBase(part, base) : sharedUnderBase(part, base).bytes,
      ),
      linkSources,
      islands,
      routeReads: readsOf(shell, graphRoutes.reads),
    };
  } catch (cause) {
    if (SiteError.is(cause)) throw cause;
    const problem = cause instanceof Error ? cause.message : String(cause);
    throw new SiteError(
      'RenderFailure',
      { template: page.template, route: page.route, problem },
      {
        file: page.file,
        field: 'template',
        cause,
      },
    );
  }
}

/**
 * What a page read of the routes: its shell's reads and its own, one record for the pages of a shell whose own reads
 * are the same routes in the same order (every page of a blog asks whether the home page and its section are there).
 */
function readsOf(shell: Shell, own: RouteReads): RouteReads[] {
  const key = own.all ? '*' : JSON.stringify([...own.asked]);
  let reads = shell.pageReads.get(key);
  if (!reads) shell.pageReads.set(key, (reads = [shell.routeReads, own]));
  return reads;
}

/** A shared part moved under a base path, once per part and path (the part itself when there is none). */
const movedParts = new WeakMap<SharedPart, { base: string; text: string; bytes: Uint8Array }>();
function sharedUnderBase(part: SharedPart, base: string): Pick<SharedPart, 'text' | 'bytes'> {
  if (base === '') return part;
  let moved = movedParts.get(part);
  if (moved?.base !== base) {
    const text = htmlUnderBase(part.text, base);
    movedParts.set(part, (moved = { base, text, bytes: Buffer.from(text) }));
  }
  return moved;
}

/** How long the render loop works before it lets other work of the thread in. */
const YIELD_EVERY_MS = 5;

/**
 * The one render loop of a build and a watch update: renders `pages` in order with one context (each layout shell
 * made once), handing each page to `put` as soon as it is made. A build writes it into its staging folder at once, so
 * no build holds every page's HTML; a watch update keeps it until the update has passed its checks. Every page's
 * errors are collected and thrown together, sorted by file; an error of `put` (the disk, not a page) stops at once.
 */
export async function renderPages(
  pages: Iterable<PageInfo>,
  ctx: RenderContext,
  put: (page: RenderedPage) => void | Promise<void>,
): Promise<void> {
  const shared: RenderContext = { ...ctx, shells: ctx.shells ?? new Map(), intern: ctx.intern ?? createInterner() };
  const errors: SiteError[] = [];
  let since = performance.now();
  for (const page of pages) {
    // What `put` started meanwhile (a page sent to the search index, core/site.ts) goes on between pages.
    if (performance.now() - since > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      since = performance.now();
    }
    let rendered: RenderedPage;
    try {
      rendered = renderPage(page, shared);
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
      continue;
    }
    // A promise from `put`: the pages it was given wait to be written (core/page-output.ts) before more are made.
    const waiting = put(rendered);
    if (waiting) await waiting;
  }
  throwIfAny(sortByFile(errors));
}
