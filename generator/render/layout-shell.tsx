/**
 * Layout shells: the markup a theme's Layout writes around a page's content,
 * rendered once per layout key and shared by every page with that key.
 *
 * Sharing is correct by construction, not by checking: the Layout receives
 * the key, the site and the routes, and nothing else of the page
 * (LayoutProps), so two pages with equal keys cannot get different layouts.
 * The page's content is always rendered on its own, outside the Layout's
 * React tree, and put in the slot the Layout left for its children; so
 * content never depends on whether the Layout was shared either.
 *
 * A Layout must render its children exactly once; one that drops them or
 * repeats them is an error naming the first page with that key.
 */
import { randomUUID } from 'node:crypto';
import { readLinks, type SharedLinks } from './html-links';
import type { SiteConfig } from '../config/config';
import { SiteError } from '../base/errors';
import { callTheme } from '../base/theme-call';
import type { Theme } from '../pages/theme-types';
import type { PageInfo } from '../pages/page';
import { createIslandRegistry, IslandContext, type IslandAssets } from './island';
import { renderToStaticMarkup, renderToString } from './react-server';
import { recordRoutes, type RouteReads } from './route-reads';

/** Markup many pages share, with its bytes encoded and its links read once. */
export interface SharedPart {
  text: string;
  bytes: Uint8Array;
  links: SharedLinks;
}

const sharedPart = (text: string): SharedPart => ({ text, bytes: Buffer.from(text), links: readLinks(text) });

export interface Shell {
  /** The Layout's markup before and after the page content. */
  before: SharedPart;
  after: SharedPart;
  /** Islands the Layout renders, in order. */
  islands: string[];
  /** What the Layout read of the routes. */
  routeReads: RouteReads;
  /**
   * What the pages of this shell read of the routes, by what their own rendering read (readsOf, render-pages.tsx):
   * pages that read the same routes share one record (never changed), where each page held a record of its own.
   */
  pageReads: Map<string, RouteReads[]>;
}

/** Shells by the layout key's JSON, for one render of the site (or one rebuild in watch mode). */
export type ShellCache = Map<string, Shell>;

/** Stands in for the page content while the Layout renders: a text no page contains. */
export const SLOT = `site-slot-${randomUUID()}`;

/** Splits markup at the one slot it must contain; undefined when it holds none or several. */
export function splitAtSlot(markup: string): [string, string] | undefined {
  const at = markup.indexOf(SLOT);
  if (at === -1 || markup.indexOf(SLOT, at + SLOT.length) !== -1) return undefined;
  return [markup.slice(0, at), markup.slice(at + SLOT.length)];
}

export interface ShellContext {
  site: SiteConfig;
  theme: Theme;
  routes: ReadonlySet<string>;
  /** Public URLs of the island modules and their stylesheets. */
  islands: IslandAssets;
}

/** The theme's layout key for a page, as the text shells are cached by. */
export function layoutKeyOf(page: PageInfo, ctx: ShellContext): { key: unknown; text: string } {
  const layoutKey = ctx.theme.layoutKey;
  const key = layoutKey
    ? callTheme({ fn: 'layoutKey', route: page.route, file: page.file }, () => layoutKey(page, ctx.site))
    : null;
  let text: string | undefined;
  try {
    text = JSON.stringify(key ?? null);
  } catch {
    text = undefined;
  }
  if (
    text === undefined ||
    (typeof key === 'object' && key !== null && Object.getPrototypeOf(key) !== Object.prototype && !Array.isArray(key))
  ) {
    throw new SiteError(
      'InvalidLayoutKey',
      { route: page.route, returned: typeof key === 'object' ? 'an object that is not plain data' : `a ${typeof key}` },
      {
        file: page.file,
        field: 'layoutKey',
      },
    );
  }
  return { key, text };
}

/** The shell for this page's layout key, rendered now when no page of this render had the key yet. */
export function shellFor(page: PageInfo, ctx: ShellContext, cache: ShellCache): Shell {
  const { key, text } = layoutKeyOf(page, ctx);
  const cached = cache.get(text);
  if (cached) return cached;
  const { Layout } = ctx.theme;
  // Layout islands number their own ids; content islands use another prefix (render-pages.tsx), so ids never collide.
  const registry = createIslandRegistry(page.file, ctx.islands, renderToString);
  const routes = recordRoutes(ctx.routes);
  const markup = renderToStaticMarkup(
    <IslandContext.Provider value={registry}>
      <Layout layout={key} site={ctx.site} routes={routes.routes}>
        {SLOT}
      </Layout>
    </IslandContext.Provider>,
  );
  const parts = splitAtSlot(markup);
  if (!parts) {
    throw new SiteError(
      'LayoutChildren',
      { key: text, rendered: markup.includes(SLOT) ? 'more than once' : 'not at all' },
      {
        file: page.file,
        field: 'Layout',
      },
    );
  }
  const shell = {
    before: sharedPart(parts[0]),
    after: sharedPart(parts[1]),
    islands: [...registry.used],
    routeReads: routes.reads,
    pageReads: new Map(),
  };
  cache.set(text, shell);
  return shell;
}
