/**
 * The example blog's theme: the built-in theme (its layout's header with a link to the blog, its prose and not-found
 * templates and its stylesheet, imported from `site/theme`), and a blog made of collections (docs/collections.md): a
 * paginated list of posts with tag pages and feeds, posts with their previous and next, and a home page showing the
 * latest three.
 */
import type { Theme } from 'site';
import { theme as builtIn } from 'site/theme';
import { Layout } from './Layout';
import { blog, home, post } from './templates';

export const theme: Theme = {
  ...builtIn,
  Layout,
  stylesheet: 'styles.css',
  templates: { ...builtIn.templates, home, blog, post },
  reservedIds: [...(builtIn.reservedIds ?? []), 'posts-title', 'tags-title'],
};
