/** The theme the generator loads: layout, stylesheet, preloaded font, templates, reserved ids and config fields. */
import { z } from 'zod';
import { contactSchema, type Theme } from '../generator/theme';
import { Layout, layoutKey } from './layout/Layout';
import { templates } from './registry';

export const theme: Theme = {
  Layout,
  layoutKey,
  stylesheet: 'styles/site.css',
  preloadFont: 'inter-latin-wght-normal.woff2',
  templates,
  // The ids the Layout, the page heroes, the legal table of contents and the islands put in pages, so no markdown
  // heading takes one. Section and form ids come from each page's frontmatter: a clash with one fails the build.
  reservedIds: ['main', 'page-title', 'toc-title', 'hero-slides', /^hero-slide-\d+$/, /^nav-panel-\d+$/],
  // What this site's pages need of site.yml beyond the engine's generic config: the careers and partnerships inboxes.
  config: {
    contact: contactSchema.extend({ careersEmail: z.email().max(254), partnersEmail: z.email().max(254) }),
  },
};
