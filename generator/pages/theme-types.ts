/**
 * The contract between the generator and a theme (the `templates/` folder).
 * A theme module exports `theme: Theme`: a layout, a stylesheet and a registry
 * of templates, each a component plus the zod schema of its frontmatter.
 */
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { Organization, Thing } from 'schema-dts';
import type { Crumb } from './breadcrumbs';
import type { ConfigExtension, SiteConfig } from '../config/config';
import type { PageInfo } from './page';
import type { CollectionProps, CollectionPropsOf, FeedOptions, PaginateOptions, Queries } from './collection-types';

/**
 * `C`, here and below: the site config as the theme sees it, the engine's fields and the theme's own (its `config`),
 * which the engine has validated before any template sees it.
 */
export interface TemplateProps<
  D = Record<string, unknown>,
  C extends SiteConfig = SiteConfig,
> extends Partial<CollectionProps> {
  page: PageInfo<D>;
  site: C;
}

/**
 * The props of a template that declares collections `Cs`, paginates `P` and takes neighbours in `N`: what it declared
 * is there (CollectionPropsOf). Without collections (`Cs` undefined), TemplateProps.
 */
export type PropsOfTemplate<
  D,
  C extends SiteConfig,
  Cs extends Queries | undefined,
  P extends string | undefined,
  N extends string | undefined,
> = Cs extends Queries
  ? // The wide default (a template of any theme, as the engine sees it): TemplateProps.
    Queries extends Cs
    ? TemplateProps<D, C>
    : { page: PageInfo<D>; site: C } & CollectionPropsOf<Cs, P, N>
  : TemplateProps<D, C>;

/**
 * A template's definition; what it reads of other pages (collections, paginate, neighbours, feed) is in CollectionUse
 * (docs/collections.md). `Cs`, `P` and `N` are what defineTemplate infers of it, so that the component's props say
 * what it declared.
 */
export interface TemplateDefinition<
  S extends z.ZodObject = z.ZodObject,
  C extends SiteConfig = SiteConfig,
  Cs extends Queries | undefined = Queries,
  P extends string | undefined = string,
  N extends string | undefined = string,
> {
  collections?: Cs;
  paginate?: PaginateOptions<P & keyof Cs & string>;
  /** A collection in which the page finds its previous and next entries. */
  neighbours?: N & keyof Cs;
  feed?: FeedOptions<keyof Cs & string>;
  /** Give the component the site's navigation as this page shows it (`navigation`: docs/templates.md). */
  navigation?: boolean;
  /**
   * Template-specific frontmatter fields, merged with the base fields. How strict the template is, is its schema's:
   * `z.strictObject` (or `z.object`) makes any other key an error, with "did you mean" for a near miss;
   * `z.looseObject` accepts other keys (`date`, `sidebar` in someone's docs) and gives them to the component as
   * `unknown` data, for it to check before use.
   */
  schema: S;
  component: ComponentType<PropsOfTemplate<z.output<S>, C, Cs, P, N>>;
  /** Extra JSON-LD nodes for the page (Service, Course, ...). */
  jsonLd?: (page: PageInfo<z.output<S>>, site: C) => Thing[];
  /** Scripts (entry names in `islands/`) the page loads as plain modules. */
  scripts?: string[];
}

/**
 * What the Layout receives: the page's layout key (`layout`), the site and its routes, and the page content as
 * `children`. Nothing else of the page, so one rendering of the Layout can serve every page with the same key.
 */
export interface LayoutProps<K = unknown, C extends SiteConfig = SiteConfig> {
  layout: K;
  site: C;
  /** Routes that exist, so the layout can tell real links from planned ones. */
  routes: ReadonlySet<string>;
  children: ReactNode;
}

/** One edit of a package's file (Theme.islandSourceEdits). */
export interface SourceEdit {
  /** The file by its import path: the package's name, then the file's path inside it (`sonner/dist/index.mjs`). */
  file: string;
  /** The text to replace: a string (each occurrence) or a RegExp (each match with the `g` flag, else the first). */
  find: string | RegExp;
  /** What takes its place (`''` cuts it); with a RegExp, `$1` and the like name its groups. */
  replace: string;
}

export interface Theme<K = any, C extends SiteConfig = SiteConfig> {
  Layout: ComponentType<LayoutProps<K, C>>;
  /**
   * Everything the Layout shows of a page (the current route the navigation marks, say), as plain data.
   * The Layout is rendered once per distinct key. Without it, the Layout is the same on every page.
   */
  layoutKey?: (page: PageInfo, site: C) => K;
  /** Stylesheet entry, relative to the theme folder. */
  stylesheet: string;
  /**
   * A small script every page runs in its <head> before the first paint (a classic script, not deferred), for what
   * must not wait for the islands: the built-in theme's sets the colour scheme a visitor chose. A file inside the
   * theme's folder, or `site/theme/<name>.ts` for the built-in theme's (docs/templates.md).
   */
  headScript?: string;
  /**
   * Publish a search index of the site's pages (Pagefind's, in `/pagefind/`) for the theme's search box to load:
   * docs/templates.md, "Search". The Content-Security-Policy then allows WebAssembly ('wasm-unsafe-eval').
   */
  search?: boolean;
  /** Font file (as imported by the stylesheet) to preload on every page, if any. */
  preloadFont?: string;
  /**
   * Edits of installed packages' sources, made as the islands' bundle reads them: for what a package does that the
   * site cannot allow, such as a `<style>` element it injects, which the CSP's `style-src 'self'` refuses
   * (docs/templates.md, "Editing a package's source"). An edit that finds nothing in a file the bundle reads fails
   * the build.
   */
  islandSourceEdits?: readonly SourceEdit[];
  templates: Record<string, TemplateDefinition>;
  /**
   * The ids the Layout and templates put in pages: ids, or patterns for numbered families of them (`/^nav-panel-\d+$/`).
   * Markdown headings never take one (a heading "Main" becomes `main-1` when `main` is listed). Whatever the list,
   * a page in which two elements share an id fails to build.
   */
  reservedIds?: readonly (string | RegExp)[];
  /**
   * Fields this theme adds to the site config (site.yml), or replaces, as zod schemas by key: what the theme needs
   * that the engine's generic config has not (more contact addresses, say). Validated as strictly as the rest.
   */
  config?: ConfigExtension;
  /**
   * The publisher node of every page's JSON-LD. The engine makes an Organization of the generic config (name, URL,
   * description, logo); a theme whose config says more (an address, contact points) returns the node it publishes.
   */
  organization?: (node: Organization, site: C) => Organization;
  /** A page's breadcrumbs (visible and in the JSON-LD). Without it: Home, then the page, named by `label` or its title. */
  breadcrumbs?: (page: { route: string; title: string; label?: string }, site: C) => Crumb[];
  /** The social card's lines under the site's name. Without it: the tagline (or description), then the site's host. */
  socialCard?: (site: C) => { subtitle?: string; footnote?: string };
  /** Where the theme's forms post, if anywhere but the site itself: the CSP allows its origin. */
  formEndpoint?: (site: C) => string | undefined;
  /**
   * How many `href="#"` placeholder links each page holds by design (social links not yet made, say): `site check`
   * reports any other count. Without it, placeholders are not counted.
   */
  placeholderLinks?: (site: C) => number;
}

/**
 * Keeps the link between a template's schema and its component's props (and the theme's config type `C`), and
 * between what it declares it reads and the props it receives (a collection's entries typed by its `schema`).
 */
export function defineTemplate<
  S extends z.ZodObject,
  C extends SiteConfig = SiteConfig,
  Cs extends Queries | undefined = undefined,
  P extends string | undefined = undefined,
  N extends string | undefined = undefined,
>(definition: TemplateDefinition<S, C, Cs, P, N>): TemplateDefinition {
  return definition as unknown as TemplateDefinition;
}

/** Keeps the link between a theme's config type `C` and its Layout and templates; the engine sees a Theme. */
export function defineTheme<K, C extends SiteConfig = SiteConfig>(theme: Theme<K, C>): Theme {
  return theme as unknown as Theme;
}
