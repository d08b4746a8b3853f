/** A page as a template receives it (PageInfo), for the tests of the plan and collections: at a route of notes.example. */
import type { PageInfo } from '../../generator/pages/page';

export function pageInfo(
  route: string,
  title: string,
  template: string,
  data: Record<string, unknown> = {},
  html = `<p>First of ${title}.</p>`,
): PageInfo {
  return {
    file: `pages${route}.md`,
    route,
    url: `https://notes.example${route}`,
    title,
    description: `About ${title}`,
    template,
    data,
    html,
    headings: [],
    breadcrumbs: [],
    isNotFound: false,
  };
}
