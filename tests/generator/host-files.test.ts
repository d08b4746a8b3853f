import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/content/config';
import { contentSecurityPolicy, headersFile, robots, securityTxt, sitemap } from '../../generator/output/host-files';
import type { PageSummary } from '../../generator/core/types';
import { REPO } from '../support/fixture';

const config = await loadConfig(`${REPO}/tests/fixtures/basic`);
const page = (route: string, extra: Partial<PageSummary> = {}): PageSummary => ({ file: `pages${route}.md`, route, url: route, title: route, noindex: false, isNotFound: route === '/404', ...extra });

describe('sitemap.xml', () => {
  it('lists every real route as an absolute URL, never the 404 or noindex pages', () => {
    const xml = sitemap([page('/'), page('/about'), page('/404'), page('/draft', { noindex: true })], config);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(['https://fixture.example.com/', 'https://fixture.example.com/about']);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });
});

describe('robots.txt', () => {
  it('allows crawling and points at the sitemap', () => {
    expect(robots(config)).toContain('Sitemap: https://fixture.example.com/sitemap.xml');
  });
});

describe('security.txt (RFC 9116)', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const text = securityTxt(config, now);
  const field = (name: string) => text.match(new RegExp(`^${name}: (.+)$`, 'm'))?.[1];

  it('has the required and recommended fields', () => {
    expect(field('Contact')).toBe(`mailto:${config.contact.securityEmail}`);
    expect(field('Canonical')).toBe('https://fixture.example.com/.well-known/security.txt');
    expect(field('Policy')).toBe('https://fixture.example.com/security-policy');
    expect(field('Preferred-Languages')).toBe('en');
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
    for (const header of ['Strict-Transport-Security', 'X-Content-Type-Options: nosniff', 'Referrer-Policy', 'Permissions-Policy']) expect(text).toContain(header);
    expect(text).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  });

  it('allows inline styles only by hash, and a form endpoint only by origin', () => {
    const csp = contentSecurityPolicy({ styleHashes: ['sha256-abc='], formEndpoint: 'https://forms.example.net/submit' });
    expect(csp).toContain("style-src 'self' 'sha256-abc='");
    expect(csp).toContain("form-action 'self' https://forms.example.net mailto:");
    expect(csp).toContain("connect-src 'self' https://forms.example.net");
  });
});
