/**
 * The real site, built: every page has the SEO head and valid structured data,
 * and the host files are there. Expected values come from the spec and the
 * issue, not from the implementation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, text, type BuiltSite } from '../support/built-site';

let site: BuiltSite;
let base: string;
beforeAll(async () => {
  site = await builtRealSite();
  base = site.result.config.baseUrl;
});

const SPEC_ROUTES = [
  '/',
  '/core-security',
  '/cyber-security',
  '/infrastructure-security',
  '/network-assurance',
  '/cloud-security',
  '/container-security',
  '/workload-security',
  '/development',
  '/identity',
  '/identity-management',
  '/iot-security',
  '/cloud-identity-assurance',
  '/digital-solutions',
  '/ui-ux-design',
  '/voice-video-collaboration',
  '/archiving-solutions',
  '/academy',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/security-policy',
  '/compliance',
  '/cookie-policy',
  '/careers',
  '/partners',
];

const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as { '@graph': Record<string, any>[] },
  );
const nodesOf = (doc: Document, type: string) =>
  jsonLd(doc)
    .flatMap((block) => block['@graph'])
    .filter((n) => n['@type'] === type);

describe('routes', () => {
  it('builds exactly the routes of the spec, without trailing slashes, into the sitemap', () => {
    expect([...site.routes].sort()).toEqual([...SPEC_ROUTES].sort());
  });
});

describe.each(SPEC_ROUTES.concat('/404'))('page %s', (route) => {
  const isHome = route === '/';
  const is404 = route === '/404';

  it('has the SEO head', async () => {
    const doc = await site.doc(route);
    const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content');
    expect(doc.documentElement.getAttribute('lang')).toBe('en-NG');
    expect(doc.title).toMatch(/^\S.* \| Sabi Cyber$/);
    expect(meta('meta[name="description"]')!.length).toBeGreaterThan(50);
    expect(meta('meta[name="keywords"]')).toBeTruthy();
    expect(meta('meta[property="og:locale"]')).toBe('en_NG');
    expect(meta('meta[property="og:title"]')).toBe(doc.title);
    expect(meta('meta[property="og:site_name"]')).toBe('Sabi Cyber');
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:image"]')).toBe(`${base}/og-image.png`);
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta('meta[name="twitter:image"]')).toBe(`${base}/og-image.png`);
    const served = isHome ? `${base}/` : `${base}${route}`;
    expect(meta('meta[property="og:url"]')).toBe(served);
    // Every page names its canonical URL, as the spec asks, the not-found page its own; it is crawlable (it answers
    // unknown paths with status 404, never indexed).
    if (is404) expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(served);
  });

  it('has exactly one h1', async () => {
    expect((await site.doc(route)).querySelectorAll('h1')).toHaveLength(1);
  });

  it('carries Organization, WebPage and (except on home) BreadcrumbList JSON-LD', async () => {
    const doc = await site.doc(route);
    const [org] = nodesOf(doc, 'Organization');
    expect(org).toMatchObject({ name: 'Sabi Cyber', url: `${base}/`, logo: `${base}/logo.png` });
    expect(org!.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Ikeja',
      addressRegion: 'Lagos',
      addressCountry: 'NG',
    });
    expect(org!.address.streetAddress).toBeTruthy();
    expect(org!.contactPoint[0]).toMatchObject({
      '@type': 'ContactPoint',
      telephone: expect.stringMatching(/^\+234/),
      email: expect.stringContaining('@'),
    });
    expect(Array.isArray(org!.sameAs)).toBe(true);
    const [page] = nodesOf(doc, 'WebPage');
    expect(page).toMatchObject({
      url: isHome ? `${base}/` : `${base}${route}`,
      name: expect.any(String),
      description: expect.any(String),
    });
    const crumbs = nodesOf(doc, 'BreadcrumbList');
    if (isHome || is404) expect(crumbs).toHaveLength(0);
    else {
      const items = crumbs[0]!.itemListElement as { position: number; name: string; item: string }[];
      expect(items[0]).toMatchObject({ position: 1, name: 'Home', item: `${base}/` });
      expect(items.at(-1)).toMatchObject({ position: items.length, item: `${base}${route}` });
    }
  });

  it('has no inline executable script and no style attribute (strict CSP)', async () => {
    const html = await site.html(route);
    const doc = await site.doc(route);
    for (const script of doc.querySelectorAll('script')) {
      const type = script.getAttribute('type');
      if (type === 'application/ld+json' || type === 'application/json') continue;
      expect(script.getAttribute('src'), `inline script on ${route}`).toMatch(/^\/assets\//);
      expect(text(script)).toBe('');
    }
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });
});

describe('host files', () => {
  it('writes robots.txt pointing at the sitemap', async () => {
    expect((await site.file('robots.txt')).toString()).toContain(`Sitemap: ${base}/sitemap.xml`);
  });

  it('writes security.txt with Contact, a future Expires and the policy', async () => {
    const txt = (await site.file('.well-known/security.txt')).toString();
    expect(txt).toMatch(/^Contact: mailto:\S+@\S+$/m);
    expect(new Date(txt.match(/^Expires: (.+)$/m)![1]!).getTime()).toBeGreaterThan(Date.now());
    expect(txt).toContain(`Policy: ${base}/security-policy`);
  });

  it('writes _headers with the CSP and security headers', async () => {
    const headers = (await site.file('_headers')).toString();
    expect(headers).toMatch(/Content-Security-Policy: .*script-src 'self'/);
    expect(headers).toContain('Strict-Transport-Security');
  });

  it('makes the Open Graph image as a 1200×630 PNG', async () => {
    const png = await site.file('og-image.png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('writes the not-found page with its path-logging script', async () => {
    const doc = await site.doc('/404');
    expect(text(doc.querySelector('h1'))).toBe('Oops! Page not found');
    const home = [...doc.querySelectorAll('main a')].find((a) => text(a) === 'Return to Home');
    expect(home?.getAttribute('href')).toBe('/');
    const src = doc.querySelector('script[src*="log-path"]')!.getAttribute('src')!;
    expect((await site.file(src.slice(1))).toString()).toContain('location.pathname');
  });

  it('warns about the planned routes the footer links to', () => {
    expect(site.result.warnings.join('\n')).toContain('/press');
  });
});
