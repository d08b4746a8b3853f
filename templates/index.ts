/** The theme the generator loads: layout, stylesheet, preloaded font, templates and injected styles. */
import type { Theme } from '../generator/theme';
import { sonnerStyle } from './injected-styles';
import { Layout, layoutKey } from './layout/Layout';
import { templates } from './registry';

export const theme: Theme = {
  Layout,
  layoutKey,
  stylesheet: 'styles/site.css',
  preloadFont: 'inter-latin-wght-normal.woff2',
  templates,
  // sonner appends its <style> to the head before filling it, so the empty stylesheet is checked too.
  inlineStyles: ['', sonnerStyle()],
  // The ids the Layout, the page heroes, the legal table of contents and the islands put in pages, so no markdown
  // heading takes one. Section and form ids come from each page's frontmatter: a clash with one fails the build.
  reservedIds: ['main', 'page-title', 'toc-title', 'hero-slides', /^hero-slide-\d+$/, /^nav-panel-\d+$/],
};
