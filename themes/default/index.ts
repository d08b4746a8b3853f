/**
 * The engine's built-in theme: used when a project has no templates/ folder, copied by `site new` for the user to
 * change, and extended by themes that import it (`import { theme, Layout, prose, notFound } from 'site/theme'`, with
 * `@import 'site/theme/styles.css'` in their stylesheet). A layout with a header naming the site, prose pages with a
 * table of contents and the site's navigation, section pages, and a not-found page; a search box over the site's
 * pages; no inline script, no inline styles. It imports the engine only through its
 * theme API, the package `site`.
 */
import type { Theme } from 'site';
import { Layout } from './Layout';
import { Breadcrumbs } from './Navigation';
import { notFound, prose, section } from './templates';

export const theme: Theme = {
  Layout,
  stylesheet: 'styles.css',
  // Sets the colour scheme the visitor chose before the first paint, and listens for the search box's keys (head.ts).
  headScript: 'site/theme/head.ts',
  // The engine publishes a Pagefind index of the pages for the header's search box (islands/search.tsx).
  search: true,
  templates: { prose, section, 'not-found': notFound },
  // The ids the layout and the templates put in pages, so no markdown heading takes one.
  reservedIds: [
    'main',
    'page-title',
    'toc-title',
    'site-search-input',
    'site-search-keys',
    'site-search-status',
    'site-search-results',
    /^site-search-result-\d+$/,
  ],
};

// Breadcrumbs: the trail a theme that extends this one shows on pages of its own templates (the example blog's posts).
export { Breadcrumbs, Layout, notFound, prose, section };
