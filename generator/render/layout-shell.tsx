/**
 * Layout shells: the markup a theme's Layout writes around a page's content,
 * rendered once and shared by every page with the same layout key.
 *
 * The Layout (header, navigation, footer) is most of a page's markup and of
 * its render time, and on a large site it is the same on most pages. A theme
 * that declares `layoutKey(page, site)` states that its Layout's markup
 * depends only on that key (with the site and the routes); pages with equal
 * keys share one rendering of the Layout, with each page's content rendered
 * alone and put in its place. The links and ids in a shell are read once too.
 *
 * The first page of a key is rendered whole (a key only one page has would
 * cost more to share than to render); the second makes the shell. The
 * statement is checked on a sample that costs little and catches a key that
 * leaves something out early: the 1st, 2nd, 4th, 8th… page to use a shell is
 * also rendered whole, and any difference fails the build, naming the page.
 * Pages whose content uses islands are always rendered whole, since island ids
 * number all of a page's islands in document order.
 */
import { randomUUID } from 'node:crypto';
import type { SharedLinks } from '../checks/check-links';
import { pageLinks } from '../checks/check-links';
import { SiteError } from '../core/errors';
import { createIslandRegistry, IslandContext } from './island';
import { renderToStaticMarkup, renderToString } from './react-server';
import type { SiteConfig } from '../content/config';
import type { PageInfo, Theme } from '../core/types';

/** Markup many pages share, with its bytes encoded and its links read once. */
export interface SharedPart {
  text: string;
  bytes: Uint8Array;
  links: SharedLinks;
}

const sharedPart = (text: string): SharedPart => {
  const { links, ids } = pageLinks('', '', text);
  return { text, bytes: Buffer.from(text), links: { links, ids } };
};

export interface Shell {
  /** The Layout's markup before and after the page content. */
  before: SharedPart;
  after: SharedPart;
  /** Islands the Layout renders, in order. */
  islands: string[];
  /** Pages that have used the shell so far. */
  uses: number;
}

/**
 * Shells by layout key, for one build (or one rebuild in watch mode). 'once': one page had the key so far
 * (a shell is made for the second: a key only one page has would cost more to share than to render);
 * null: the Layout cannot be shared.
 */
export type ShellCache = Map<string, Shell | null | 'once'>;

/** Stands in for the page content while the Layout renders: a text no page contains. */
const SLOT = `site-layout-slot-${randomUUID()}`;

/** The shell for this page's layout key; null for the first page of a key, and when the Layout does not render its children exactly once. */
export function shellFor(page: PageInfo, ctx: { site: SiteConfig; theme: Theme; routes: ReadonlySet<string>; scripts: Record<string, string> }, cache: ShellCache, key: string): Shell | null {
  let shell = cache.get(key);
  if (shell === undefined) {
    cache.set(key, 'once');
    return null;
  }
  if (shell === 'once') {
    const { Layout } = ctx.theme;
    const registry = createIslandRegistry(page.file, ctx.scripts, renderToString);
    const markup = renderToStaticMarkup(
      <IslandContext.Provider value={registry}>
        <Layout page={page} site={ctx.site} routes={ctx.routes}>
          {SLOT}
        </Layout>
      </IslandContext.Provider>,
    );
    const at = markup.indexOf(SLOT);
    if (at === -1 || markup.indexOf(SLOT, at + 1) !== -1) shell = null;
    else shell = { before: sharedPart(markup.slice(0, at)), after: sharedPart(markup.slice(at + SLOT.length)), islands: [...registry.used], uses: 0 };
    cache.set(key, shell);
  }
  return shell;
}

/** Counts a use of shared markup (a shell, a Document template); true when this use is one of the sample to check: the 1st, 2nd, 4th, 8th… */
export function sampled(shared: { uses: number }): boolean {
  shared.uses += 1;
  return (shared.uses & (shared.uses - 1)) === 0;
}

/** Compares a shared rendering with the whole rendering of the same page. */
export function checkShell(shared: string, whole: string, page: PageInfo, key: string): void {
  if (shared !== whole) {
    throw new SiteError(
      'LayoutKeyMismatch',
      `The theme's layoutKey gives ${page.route} the key "${key}", but its layout renders differently when shared: the Layout reads something the key leaves out, or gives the page content a React context`,
      { file: page.file, field: 'layoutKey' },
    );
  }
}
