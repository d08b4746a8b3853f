/**
 * The theme API: everything a theme (templates/) may import from the engine.
 * A theme imports this module only, never another generator folder, so the
 * engine's internals can change without touching a theme.
 */
export { defineTemplate, defineTheme } from './content/theme-types';
export type { LayoutProps, TemplateDefinition, TemplateProps, Theme } from './content/theme-types';
export type { BaseFrontmatter, Heading, PageInfo } from './content/page';
export type { SiteConfig, ConfigExtension } from './content/config';
// The engine's config schema and field shapes, for a theme's own fields (its `config`).
export { email, href, routePath, siteConfigSchema } from './content/config';
export { textField } from './content/text-field';
export { publicPath, singleLine, urlField } from './content/field-types';
export { MAX_TITLE } from './content/page-head';
export type { Crumb } from './content/breadcrumbs';
export { Island, type HydrateTrigger, type IslandProps } from './render/island';
export { organizationId } from './render/json-ld';
export { SiteError, type ErrorKind } from './base/errors';
export { defineCollection } from './content/collection-types';
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
} from './content/collection-types';
export { dateField } from './content/dates';
export type { NavItem, NavLink, NavOmitted, Navigation } from './content/navigation-types';
