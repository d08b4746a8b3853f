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
};
