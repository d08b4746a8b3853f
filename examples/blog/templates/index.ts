/**
 * The example blog's theme: the built-in theme's layout and prose, and a blog
 * made of collections (docs/collections.md): a paginated list of posts with
 * tag pages and feeds, posts with their previous and next, and a home page
 * showing the latest three.
 */
import type { Theme } from 'site';
import { Layout } from './Layout';
import { blog, home, notFound, post, prose } from './templates';

export const theme: Theme = {
  Layout,
  stylesheet: 'styles.css',
  templates: { prose, home, blog, post, 'not-found': notFound },
  reservedIds: ['main', 'page-title', 'posts-title', 'tags-title'],
};
