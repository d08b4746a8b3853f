/**
 * Old addresses kept alive (Jekyll's `redirect_from:`, Hugo's `aliases:`): each is a small page of its own, which any
 * host serves, and a line of `_redirects`, which Netlify and Cloudflare Pages read to answer with a 301 instead. The
 * page refreshes to the new address with a meta element (no script: the site's policy allows none inline), names it
 * as canonical, asks search engines not to index it, and links to it for a reader whose browser does not refresh.
 * Redirects are not pages: they are in no sitemap, no feed, no search index. Their routes are claimed as pages' are
 * (load/validate-frontmatter.ts, duplicateRoutes; core/route-registry.ts), so a redirect never shadows a page.
 */
import type { SiteConfig } from '../config/config';
import type { PageSummary } from '../pages/page';
import { outputFileOf } from '../pages/routes';
import { basePathOf } from '../render/base-path';

/** The file Netlify and Cloudflare Pages read their redirects from. */
export const REDIRECTS_FILE = '_redirects';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page at an old address: refreshes to `page`'s URL at once. */
export function redirectPage(page: Pick<PageSummary, 'url' | 'title'>, locale: string): string {
  const url = escapeHtml(page.url);
  const title = escapeHtml(page.title);
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${title}</title>`,
    `<link rel="canonical" href="${url}">`,
    '<meta name="robots" content="noindex">',
    `<meta http-equiv="refresh" content="0; url=${url}">`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${url}">${title}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Every redirect of `pages`: its page at the old address, and `_redirects` with a line for each (none without one). */
export function redirectFiles(
  pages: Iterable<Pick<PageSummary, 'route' | 'url' | 'title' | 'redirects'>>,
  config: Pick<SiteConfig, 'baseUrl' | 'locale'>,
): Map<string, string> {
  const files = new Map<string, string>();
  const lines: string[] = [];
  const base = basePathOf(config.baseUrl);
  for (const page of pages)
    for (const { route: from } of page.redirects ?? []) {
      files.set(outputFileOf(from), redirectPage(page, config.locale));
      lines.push(`${base}${from} ${base}${page.route === '/' ? '/' : page.route} 301`);
    }
  if (lines.length > 0) files.set(REDIRECTS_FILE, `${lines.sort().join('\n')}\n`);
  return files;
}
