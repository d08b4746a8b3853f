/**
 * The icon of a site without a logo. Browsers that find no <link rel="icon"> ask for /favicon.ico, and the 404 that
 * most such sites answer is logged in the console of every page; so such a site names an icon of its own: the first
 * letter of its name on its theme colour (or a dark grey), an SVG in a data: URL (nothing to fetch, and the
 * CSP's img-src allows data:).
 */
import type { SiteConfig } from '../config/config';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The first character of the name (a whole code point, a letter upper-cased), or a dot for a name with none. */
function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : '•';
}

/** Dark text on a light theme colour, white on a dark one (relative luminance, WCAG's formula). */
function textOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? '#1b1f24' : '#fff';
}

export function initialIcon(site: Pick<SiteConfig, 'name' | 'themeColor'>): string {
  const background = site.themeColor ?? '#1b1f24';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${background}"/>` +
    `<text x="16" y="22.5" font-family="system-ui,sans-serif" font-size="19" font-weight="700" fill="${textOn(background)}" text-anchor="middle">${escapeXml(initialOf(site.name))}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
