/**
 * The files a static host and crawlers need beside the pages: sitemap.xml,
 * robots.txt, .well-known/security.txt (RFC 9116), _headers (the Netlify /
 * Cloudflare Pages format) with a strict Content-Security-Policy, and the
 * speculation rules that _headers points browsers at.
 */
import type { SiteConfig } from '../config/config';
import { urlOf } from '../pages/routes';
import type { PageSummary } from '../pages/page';
import { basePathOf, cssUnderBase } from '../render/base-path';

/** security.txt's media type, as RFC 9116 asks: written out, so a build need not load a table of every type for it. */
const TEXT_TYPE = 'text/plain; charset=utf-8';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether a page is in the sitemap: not the not-found page, nor one kept from search engines (noindex). */
export const inSitemap = (page: Pick<PageSummary, 'isNotFound' | 'noindex'>) => !page.isNotFound && !page.noindex;

export function sitemap(pages: PageSummary[], site: SiteConfig): string {
  return sitemapOf(
    pages.filter(inSitemap).map((p) => p.route),
    site,
  );
}

/** The sitemap of the pages at `routes` (in any order), each an absolute URL, in route order. */
export function sitemapOf(routes: Iterable<string>, site: Pick<SiteConfig, 'baseUrl'>): string {
  const urls = [...routes].sort().map((route) => `  <url><loc>${escapeXml(urlOf(site.baseUrl, route))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(site: SiteConfig): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.baseUrl}/sitemap.xml\n`;
}

/** security.txt's Contact: a URI (an email address becomes a mailto: one). */
const contactUri = (contact: string) => (contact.startsWith('https://') ? contact : `mailto:${contact}`);

/** RFC 9116: Expires must be less than a year ahead; it is computed at each build. Undefined without a contact, which the RFC requires. */
export function securityTxt(site: SiteConfig, now: Date): string | undefined {
  if (!site.securityTxt.contact) return undefined;
  const expires = new Date(now.getTime() + site.securityTxt.expiresInDays * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: ${contactUri(site.securityTxt.contact)}`,
    `Expires: ${expires.toISOString()}`,
    `Canonical: ${site.baseUrl}/.well-known/security.txt`,
    ...(site.securityTxt.policy ? [`Policy: ${site.baseUrl}${site.securityTxt.policy}`] : []),
    `Preferred-Languages: ${site.securityTxt.languages.join(', ')}`,
    '',
  ].join('\n');
}

export interface CspOptions {
  formEndpoint?: string;
  /** The site publishes a search index, whose script compiles WebAssembly: 'wasm-unsafe-eval' (and no other eval). */
  search?: boolean;
}

/*
 * The speculation rules need no CSP source of their own: a rule set named by the Speculation-Rules
 * header is not a script, and browsers that check it (early Chromium releases checked script-src; the
 * planned speculation-rules-src falls back to script-src) find it same-origin, which 'self' allows.
 */
export function contentSecurityPolicy(options: CspOptions = {}): string {
  const endpoint = options.formEndpoint ? ` ${new URL(options.formEndpoint).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${options.search ? " 'wasm-unsafe-eval'" : ''}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${endpoint}`,
    // Without an endpoint, forms fall back to the visitor's mail client.
    `form-action 'self'${endpoint} mailto:`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    'upgrade-insecure-requests',
  ].join('; ');
}

/** Where the speculation rules are served, and the type browsers require of them. */
export const SPECULATION_RULES_FILE = 'speculation-rules.json';
export const SPECULATION_RULES_TYPE = 'application/speculationrules+json';

/**
 * Speculation Rules for instant navigation: a page of this site is prefetched
 * while the visitor hovers a link to it or presses it ("moderate" eagerness),
 * so the click is answered from memory. Prefetch, not prerender: it fetches
 * the document only, runs no script and cannot skew anything a page does when
 * shown. Delivered by the Speculation-Rules header (see headersFile), never an
 * inline script. Left out: other origins; URLs with a query (the same page to
 * a static host, or a tracking link); files (routes have no dot, files do);
 * the not-found page and the planned routes, which answer 404; and links
 * marked rel="nofollow", download, or data-no-prefetch.
 */
export function speculationRules(site: SiteConfig): string {
  // A site under a path (base-path.ts) prefetches its own pages only.
  const base = basePathOf(site.baseUrl);
  const notFound = ['/404', ...site.plannedRoutes].map((route) => `${base}${route}`);
  const rules = {
    prefetch: [
      {
        source: 'document',
        where: {
          and: [
            { href_matches: `${base}/*` },
            { not: { href_matches: [`${base}/*\\?(.+)`, `${base}/*.*`, ...notFound] } },
            { not: { selector_matches: ['[rel~="nofollow"]', '[download]', '[data-no-prefetch]'] } },
          ],
        },
        eagerness: 'moderate',
      },
    ],
  };
  return `${JSON.stringify(rules, null, 2)}\n`;
}

/** The _headers file; its paths are the site's, under the base URL's path (base-path.ts) when it has one. */
export function headersFile(site: SiteConfig, options: CspOptions = {}): string {
  const base = basePathOf(site.baseUrl);
  return `${base}/*
  Content-Security-Policy: ${contentSecurityPolicy(options)}
  Speculation-Rules: "${base}/${SPECULATION_RULES_FILE}"
  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Resource-Policy: same-origin

${base}/assets/*
  Cache-Control: public, max-age=31536000, immutable

${base}/.well-known/security.txt
  Content-Type: ${TEXT_TYPE}

${base}/${SPECULATION_RULES_FILE}
  Content-Type: ${SPECULATION_RULES_TYPE}
`;
}

export interface HostFileInputs {
  config: SiteConfig;
  /** sitemap.xml's text (sitemap, sitemapOf). */
  sitemap: string;
  /** Files made elsewhere and published as they are (bundled assets, images), by output path. */
  made: Map<string, Uint8Array>[];
  /** The build's date (security.txt's expiry). */
  now: Date;
  /** Where the theme's forms post (theme.formEndpoint), allowed by the CSP. */
  formEndpoint?: string;
  /** The theme publishes a search index (theme.search): its WebAssembly is allowed by the CSP. */
  search?: boolean;
}

/** Every output file but the pages and the public folder's: assets, images, sitemap, robots.txt, security.txt, the host's headers and the speculation rules. */
export function hostFiles({
  config,
  sitemap,
  made,
  now,
  formEndpoint,
  search,
}: HostFileInputs): Map<string, string | Uint8Array> {
  const files = new Map<string, string | Uint8Array>();
  const base = basePathOf(config.baseUrl);
  // A stylesheet's root-relative url()s move under the base URL's path; esbuild's own are relative already.
  const moved = (file: string, contents: Uint8Array) =>
    base !== '' && file.endsWith('.css') ? cssUnderBase(Buffer.from(contents).toString('utf8'), base) : contents;
  for (const group of made) for (const [file, contents] of group) files.set(file, moved(file, contents));
  files.set('sitemap.xml', sitemap);
  files.set('robots.txt', robots(config));
  const security = securityTxt(config, now);
  if (security !== undefined) files.set('.well-known/security.txt', security);
  files.set('_headers', headersFile(config, { formEndpoint, search }));
  files.set(SPECULATION_RULES_FILE, speculationRules(config));
  return files;
}
