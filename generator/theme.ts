/**
 * The theme API: everything a theme (templates/) may import from the engine.
 * A theme imports this module only, never another generator folder, so the
 * engine's internals can change without touching a theme.
 */
export { defineTemplate, defineTheme } from './pages/theme-types';
export type { LayoutProps, TemplateDefinition, TemplateProps, Theme } from './pages/theme-types';
export type { BaseFrontmatter, Heading, PageInfo } from './pages/page';
export type { SiteConfig, ConfigExtension } from './config/config';
// The engine's config schema and field shapes, for a theme's own fields (its `config`).
export { email, href, routePath, siteConfigSchema } from './config/config';
export { textField } from './config/text-field';
export { publicPath, singleLine, urlField } from './config/field-types';
export { MAX_TITLE } from './load/validate-frontmatter';
export type { Crumb } from './pages/breadcrumbs';
export { Island, type HydrateTrigger, type IslandProps } from './render/island';
export { organizationId } from './render/json-ld';
export { SiteError, type ErrorKind } from './base/errors';
export { defineCollection } from './pages/collection-types';
export type {
  CollectionEntry,
  CollectionProps,
  CollectionPropsOf,
  CollectionQuery,
  Entry,
  FeedLink,
  FeedOptions,
  Neighbours,
  PaginateOptions,
  Pagination,
  TagCount,
  TagLink,
} from './pages/collection-types';
export { dateField, rfc3339 } from './pages/dates';
export type { NavItem, NavLink, NavOmitted, Navigation } from './pages/navigation-types';
