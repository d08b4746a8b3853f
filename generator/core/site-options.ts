/** What a Site is given, and what each of its updates reports. */
import type { ContentCounts } from '../load/loaded-pages';
import type { SiteWarning } from '../base/errors';
import type { Logger } from '../base/logger';
import type { ChangeKind } from './project';
import type { PageSummary } from '../pages/page';

export interface SiteOptions {
  /** Project root: holds templates/, islands/ and the cache. Default: the working directory. */
  root?: string;
  /** Content folder with the markdown pages and site.yml. Default: <root>/pages. */
  pagesDir?: string;
  /** Output folder. Default: <root>/dist. */
  outDir?: string;
  /** Cache folder (content store, theme and asset bundles). Default: <root>/node_modules/.cache/site. */
  cacheDir?: string;
  /** Overrides the config's baseUrl (e.g. for a preview deployment). */
  baseUrl?: string;
  /** The build's date (security.txt's expiry). Default: now. */
  now?: Date;
  /** Build pages marked `draft: true` (never in the sitemap or a feed). `site watch` does; `site build` with --drafts. */
  drafts?: boolean;
  /**
   * Worker threads that parse and render markdown beside the build's own thread (load/render-pool.ts). Default: one
   * for each core but one, at most three, when there are enough pages to render to pay for them (a thousand). 0: the
   * build's thread only. The same number says when a full build without search writes its pages on a thread of their
   * own (core/page-output.ts): by default when 500 page files or more are new to its output; asked for, from two; 0: never.
   */
  workers?: number;
  /** Re-bundle the theme incrementally (watch mode keeps an esbuild context between edits). */
  incremental?: boolean;
  logger?: Logger;
}

export interface UpdateResult {
  /** Routes whose HTML changed; ['*'] when every page did. */
  routes: string[];
  /** Other routes that show a file this update published or removed (an image beside them): browsers reload them. */
  shows: string[];
  /** Set when only the stylesheet changed: browsers can swap it without reloading. */
  stylesheet?: string;
  /** With `stylesheet`: the one it replaces, which pages named until now (islands may have linked others). */
  replacedStylesheet?: string;
  kinds: ChangeKind[];
  /** Every page, after the update. */
  pages: PageSummary[];
  /** Files written (relative to the output folder) and their sizes. */
  written: Map<string, number>;
  /** Things worth knowing that do not fail the build. */
  warnings: SiteWarning[];
  content: ContentCounts;
  /** Time per named step. */
  steps: Record<string, number>;
  ms: number;
}

/**
 * What a watch update has written once its pages are (Site.update's `pagesWritten`, whose returned promise the search
 * index and content store wait for): they are served from then on,
 * while its search index and content store are still being made.
 */
export type PagesWritten = Pick<
  UpdateResult,
  'routes' | 'shows' | 'stylesheet' | 'replacedStylesheet' | 'warnings' | 'ms'
>;
