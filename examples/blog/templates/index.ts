/**
 * The example blog's theme: the built-in theme (its layout's header with a link to the blog, its prose and not-found
 * templates and its stylesheet, imported from `site/theme`), and a blog made of collections (docs/collections.md): a
 * paginated list of posts with tag pages and feeds, posts with their previous and next, and a home page showing the
 * latest three; breadcrumbs through the blog.
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
  // Home, the blog, then the page: a post's place, shown by its breadcrumbs and given to search engines in its
  // JSON-LD. Made from the route alone, so a post's title edit changes only that post's trail.
  breadcrumbs: ({ route, title, label }) => {
    const trail = [{ name: 'Home', route: '/' }];
    if (route === '/') return trail;
    if (route.startsWith('/blog/')) trail.push({ name: 'Blog', route: '/blog' });
    return [...trail, { name: label ?? title, route }];
  },
};
