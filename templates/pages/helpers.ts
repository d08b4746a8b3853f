import type { PageInfo } from '../../generator/theme';

/** Visible breadcrumbs from the page's trail: every crumb links but the last. */
export const crumbsOf = (page: PageInfo) =>
  page.breadcrumbs.map((crumb, i) => ({
    label: crumb.name,
    href: i === page.breadcrumbs.length - 1 ? undefined : crumb.route,
  }));
