/**
 * What the plan's tests plan (collections.test.ts, plan-memory.test.ts, navigation.test.ts): the site at notes.example, a fixed
 * day, posts with their first paragraphs, a theme of templates with no markup, and the blog's theme (posts with
 * neighbours, a list paginated by two with tag pages and a feed).
 */
import { z } from 'zod';
import { htmlWithAbsoluteUrls } from '../../generator/render/base-path';
import type { TemplateDefinition, Theme } from '../../generator/pages/theme-types';
import type { PageInfo } from '../../generator/pages/page';
import type { SiteConfig } from '../../generator/config/config';
import { pageInfo } from './page-info';

export const site = { name: 'Notes', baseUrl: 'https://notes.example', locale: 'en_US' } as unknown as SiteConfig;
export const NOW = new Date('2026-01-01T12:00:00Z');
export const absoluteHtml = (html: string, pageUrl: string) => htmlWithAbsoluteUrls(html, site.baseUrl, pageUrl);

/** A page of `template` at `route`, titled by `data.title` (else its route), with two paragraphs. */
export function page(route: string, data: Record<string, unknown> = {}, template = 'post'): PageInfo {
  const title = (data.title as string | undefined) ?? route;
  return pageInfo(route, title, template, data, `<p>First of ${title}.</p><p>Second.</p>`);
}

/** A theme of these templates, each rendering nothing, with an empty schema unless given one. */
export const theme = (templates: Record<string, Partial<TemplateDefinition>>): Theme =>
  ({
    Layout: component,
    stylesheet: 's.css',
    templates: Object.fromEntries(
      Object.entries(templates).map(([name, t]) => [name, { schema: z.object({}), component, ...t }]),
    ),
  }) as unknown as Theme;
const component = () => null;

export const posts = { folder: 'blog', sort: 'date' } as const;
export const blogTheme = theme({
  post: { collections: { posts }, neighbours: 'posts' },
  list: {
    collections: { posts },
    paginate: { collection: 'posts', size: 2, tags: true },
    feed: { collection: 'posts' },
  },
});
