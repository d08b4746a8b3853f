/** The pages a paginated list makes beyond its own (plan.ts): its later pages and its tags' pages. */
import { callTheme } from '../base/theme-call';
import { breadcrumbTrail } from '../pages/breadcrumbs';
import type { PageInfo } from '../pages/page';
import { urlOf } from '../pages/routes';
import type { Theme } from '../pages/theme-types';
import type { SiteConfig } from '../config/config';
import type { CollectionUse, TagLink } from '../pages/collection-types';
import type { Source } from './query';

/**
 * The page at `route`, the `n`th of the list `list` makes (of its tag `tag`, if any), as the list's page `own` shows
 * it (its navigation's crumbs added), showing `shownSources`.
 */
export function listPage({
  own,
  list,
  route,
  n,
  tag,
  shownSources,
  titleOf,
  site,
  theme,
}: {
  own: PageInfo;
  list: PageInfo;
  route: string;
  n: number;
  tag: TagLink | undefined;
  shownSources: readonly Source[];
  titleOf: NonNullable<CollectionUse['paginate']>['title'];
  site: SiteConfig;
  theme: Theme;
}): PageInfo {
  const title =
    n === 1 && !tag
      ? own.title
      : titleOf
        ? callTheme({ fn: 'paginate.title', template: list.template, route, file: list.file }, () =>
            titleOf({ title: own.title, page: n, ...(tag ? { tag: tag.name } : {}) }),
          )
        : defaultTitle(own.title, n, tag?.name);
  // Pages after the first and tag pages show the list alone: the page's text is its first page's. One that shows
  // drafts alone (a tag only drafts carry, a page the drafts add) exists only in a build with drafts: it is one of
  // them, kept out of the sitemap and marked noindex as they are.
  const onlyDrafts = shownSources.length > 0 && shownSources.every((source) => source.entry.draft);
  return {
    ...own,
    html: '',
    headings: [],
    route,
    url: urlOf(site.baseUrl, route),
    ...(onlyDrafts ? { data: { ...own.data, draft: true } } : {}),
    title,
    breadcrumbs: callTheme({ fn: 'breadcrumbs', route, file: list.file }, () =>
      (theme.breadcrumbs ?? breadcrumbTrail)({ route, title, label: own.data.breadcrumb }, site),
    ),
  };
}

const defaultTitle = (title: string, page: number, tag: string | undefined) =>
  `${title}${tag === undefined ? '' : `: ${tag}`}${page > 1 ? `, page ${page}` : ''}`;
