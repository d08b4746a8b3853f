/** The theme the generator loads: layout, stylesheet, preloaded font and templates. */
import type { Theme } from '../generator/types';
import { Layout } from './layout/Layout';
import { templates } from './registry';

export const theme: Theme = {
  Layout,
  stylesheet: 'styles/site.css',
  preloadFont: 'inter-latin-wght-normal.woff2',
  templates,
};
