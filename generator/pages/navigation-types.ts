/**
 * What a template that asks for navigation (`navigation: true` in defineTemplate) receives: the site's pages as a
 * tree made from the folders (collections/nav-tree.ts), seen from the page it renders (collections/navigation.ts).
 * Only the current page's branch is opened, and long lists are windowed around it, so what a page is given stays
 * bounded however many pages the site has (docs/templates.md, "Navigation").
 */
import type { Crumb } from './breadcrumbs';

/** A page in the reading order: previous and next. */
export interface NavLink {
  title: string;
  route: string;
}

/** How many entries of a list were left out before and after the ones given, when it was too long to give whole. */
export interface NavOmitted {
  before: number;
  after: number;
}

/** One entry of the navigation: a page, a section (a folder), or a label that links nowhere. */
export interface NavItem {
  /** What the navigation shows: the page's `sidebar_label` (or another label key) or title; a folder's name. */
  title: string;
  /** Its page; none for a label that links nowhere (a part title of mdBook's SUMMARY.md, a draft chapter). */
  route?: string;
  /** The page being rendered. */
  current?: true;
  /** An ancestor of the page being rendered: its `items` are given. */
  open?: true;
  /** It has entries of its own (given in `items` only when it is open or current). */
  section?: true;
  /** A draft (built by `site watch` and `--drafts` only). */
  draft?: true;
  /** Its entries, for the current page and its ancestors only. */
  items?: NavItem[];
  /** Entries of `items` left out, when the section has too many to give whole. */
  omitted?: NavOmitted;
}

/** The navigation a page shows. */
export interface Navigation {
  /** The top level: the entries of the pages folder (the home page is the tree's root, not one of them). */
  items: NavItem[];
  /** Top-level entries left out, when there are too many to give whole. */
  omitted?: NavOmitted;
  /** Home (when the site has a home page), then the page's sections that have a page, then the page itself. */
  breadcrumbs: Crumb[];
  /** The page before and after this one in reading order: depth first over the whole tree, a section before its entries. */
  previous?: NavLink;
  next?: NavLink;
  /** On a section page the engine generates (template `section`): every entry of the section, whole. */
  children?: NavItem[];
}
