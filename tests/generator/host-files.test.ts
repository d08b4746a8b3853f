import { describe, expect, it } from 'vitest';
import { theme } from '../../templates/index';
import { loadConfig } from '../../generator/config/config';
import {
  contentSecurityPolicy,
  headersFile,
  robots,
  securityTxt,
  sitemap,
  SPECULATION_RULES_FILE,
  SPECULATION_RULES_TYPE,
  speculationRules,
} from '../../generator/output/host-files';
import type { PageSummary } from '../../generator/pages/page';
import { REPO } from '../support/fixture';
import type { SiteConfig as WebsiteConfig } from '../../templates/config';

const config = await loadConfig(`${REPO}/tests/fixtures/basic`, REPO, theme.config);
const website = config as WebsiteConfig;
const page = (route: string, extra: Partial<PageSummary> = {}): PageSummary => ({
  file: `pages${route}.md`,
  route,
  url: route,
  title: route,
  noindex: false,
  isNotFound: route === '/404',
  ...extra,
});

describe('sitemap.xml', () => {
  it('lists every real route as an absolute URL, never the 404 or noindex pages', () => {
    const xml = sitemap([page('/'), page('/about'), page('/404'), page('/draft', { noindex: true })], config);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['https://fixture.example.com/', 'https://fixture.example.com/about']);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });
});

describe('robots.txt', () => {
  it('allows crawling and points at the sitemap', () => {
    expect(robots(config)).toContain('Sitemap: https://fixture.example.com/sitemap.xml');
  });
});

describe('security.txt (RFC 9116)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const text = securityTxt(config, now) ?? '';
  const field = (name: string) => text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1];

  it('has the required and recommended fields', () => {
    expect(field('Contact')).toBe(`mailto:${website.contact.securityEmail}`);
    expect(field('Canonical')).toBe('https://fixture.example.com/.well-known/security.txt');
    expect(field('Policy')).toBe('https://fixture.example.com/security-policy');
    expect(field('Preferred-Languages')).toBe('en');
  });

  it('names a policy only when the config names its route (the engine knows no policy page of its own)', () => {
    const without = securityTxt({ ...config, securityTxt: { ...config.securityTxt, policy: undefined } }, now);
    expect(without).not.toMatch(/^Policy:/m);
    expect(without).toMatch(/^Contact: /m);
  });

  it('takes an https:// contact as it is, and is not written without a contact (RFC 9116 requires one)', () => {
    expect(
      securityTxt({ ...config, securityTxt: { ...config.securityTxt, contact: 'https://example.org/report' } }, now),
    ).toMatch(/^Contact: https:\/\/example.org\/report$/m);
    expect(securityTxt({ ...config, securityTxt: { ...config.securityTxt, contact: undefined } }, now)).toBeUndefined();
  });

  it('expires in the future and less than a year after the build', () => {
    const expires = new Date(field('Expires')!);
    expect(expires.getTime()).toBeGreaterThan(now.getTime());
    expect(expires.getTime() - now.getTime()).toBeLessThan(365 * 86_400_000);
  });
});

describe('_headers', () => {
  it('carries a strict CSP and the security headers for every path', () => {
    const text = headersFile(config);
    const csp = text.match(/Content-Security-Policy: (.+)/)?.[1] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    for (const header of [
      'Strict-Transport-Security',
      'X-Content-Type-Options: nosniff',
      'Referrer-Policy',
      'Permissions-Policy',
    ])
      expect(text).toContain(header);
    expect(text).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  });

  it('allows no inline style at all, and a form endpoint only by origin', () => {
    const csp = contentSecurityPolicy({ formEndpoint: 'https://forms.example.net/submit' });
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("form-action 'self' https://forms.example.net mailto:");
    expect(csp).toContain("connect-src 'self' https://forms.example.net");
  });
});

/** The blocks of a _headers file: path pattern → its header lines. */
function headerBlocks(text: string): Record<string, string[]> {
  return Object.fromEntries(
    text.split(/\n(?=\S)/).map((block) => {
      const [glob, ...lines] = block.trim().split('\n');
      return [glob, lines.map((line) => line.trim())];
    }),
  );
}

describe('speculation rules', () => {
  it('are named by a Speculation-Rules header on every path, and served with the type browsers require', () => {
    const blocks = headerBlocks(headersFile(config));
    expect(SPECULATION_RULES_FILE).toBe('speculation-rules.json');
    expect(blocks['/*']).toContain('Speculation-Rules: "/speculation-rules.json"');
    expect(blocks['/speculation-rules.json']).toEqual(['Content-Type: application/speculationrules+json']);
    expect(SPECULATION_RULES_TYPE).toBe('application/speculationrules+json');
  });

  it('prefetch same-site documents on hover or press, never prerender, and leave out queries, files, the 404 page and planned routes', () => {
    const rules = JSON.parse(speculationRules(config));
    expect(Object.keys(rules)).toEqual(['prefetch']);
    expect(rules.prefetch).toHaveLength(1);
    const [rule] = rules.prefetch;
    expect(rule).toMatchObject({ source: 'document', eagerness: 'moderate' });
    expect(rule.where.and[0]).toEqual({ href_matches: '/*' });
    expect(rule.where.and[1]).toEqual({
      not: { href_matches: ['/*\\?(.+)', '/*.*', '/404', ...config.plannedRoutes] },
    });
    expect(config.plannedRoutes).toContain('/press');
    expect(rule.where.and[2]).toEqual({
      not: { selector_matches: ['[rel~="nofollow"]', '[download]', '[data-no-prefetch]'] },
    });
  });

  it("are generic: nothing in them but the config's planned routes", () => {
    const text = speculationRules({ ...config, plannedRoutes: [] });
    expect(text).not.toContain('press');
    expect(text).not.toContain(config.name);
    expect(text).not.toContain(config.baseUrl);
  });
});
