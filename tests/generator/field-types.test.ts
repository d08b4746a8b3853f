/**
 * Every path and URL of the config is typed for what it is: a public-folder
 * path cannot leave the public folder or name another host, text that reaches
 * a line-based file is one line, a URL has the schemes its field allows. The
 * engine's config uses these types, and so do the theme's schemas.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicPath, singleLine, urlField } from '../../generator/theme';
import { siteConfigSchema } from '../../generator/config/config';
import { heroSlide } from '../../templates/content/schemas';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('field types', () => {
  it('a public-folder path names a file inside the public folder, never another host or a parent folder', () => {
    const svg = publicPath(['svg']);
    for (const good of ['/logo.svg', '/images/hero/network.svg', '/a.b/c-d_e.SVG'])
      expect(ok(svg, good), good).toBe(true);
    for (const bad of [
      '//../../../../outside/red.svg',
      '/../../outside/red.svg',
      '//evil.example/track.svg',
      'https://evil.example/x.svg',
      '/images/../x.svg',
      '/./x.svg',
      'logo.svg',
      '/logo.png',
      '/a\\b.svg',
      '/a b.svg',
      '/x.svg?y',
      '/',
      '/images/',
    ]) {
      expect(ok(svg, bad), bad).toBe(false);
    }
    // Every one lands inside public/ when joined to it.
    expect(path.join('/site/public', '/images/hero/network.svg').startsWith('/site/public/')).toBe(true);
  });

  it('single-line text refuses line breaks and control characters', () => {
    const line = singleLine(60);
    expect(ok(line, 'Plain words')).toBe(true);
    for (const bad of ['en\nContact: mailto:x@evil.io', 'a\rb', 'a\u2028b', 'a\u0085b', 'a\u0007b', '   '])
      expect(ok(line, bad), JSON.stringify(bad)).toBe(false);
  });

  it('a URL field accepts only its schemes, and no spaces', () => {
    const https = urlField(['https']);
    expect(ok(https, 'https://example.org/policy')).toBe(true);
    for (const bad of [
      'http://example.org',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'https://x.example/a b',
      'https://x\n.example',
    ])
      expect(ok(https, bad), bad).toBe(false);
  });
});

describe('the config and the theme use them', () => {
  const base = { name: 'Site', baseUrl: 'https://x.example' };
  const fails = (extra: Record<string, unknown>) => !siteConfigSchema.safeParse({ ...base, ...extra }).success;

  it('refuses a logo outside the public folder, a security.txt language with a line break, and a base URL with a space, query or fragment', () => {
    expect(fails({ logo: '//../../../../outside/red.svg' })).toBe(true);
    expect(fails({ logo: '/../../outside/red.svg' })).toBe(true);
    expect(fails({ securityTxt: { languages: ['en\nContact: mailto:x@evil.io'] } })).toBe(true);
    expect(fails({ securityTxt: { contact: 'https://x.example/a\nContact: mailto:x@evil.io' } })).toBe(true);
    expect(fails({ baseUrl: 'https://x.example/a b#frag?' })).toBe(true);
    expect(fails({ baseUrl: 'https://x.example/a#frag' })).toBe(true);
    expect(fails({ keywords: Array.from({ length: 100_000 }, (_, i) => `k${i}`) })).toBe(true);
    expect(
      fails({ logo: '/logo.svg', securityTxt: { languages: ['en', 'pt-BR'], contact: 'https://x.example/report' } }),
    ).toBe(false);
  });

  it("refuses a hero image that names another host (the theme's schema)", () => {
    const slide = { title: 'T', subtitle: 'S', description: 'A description of the slide.', cta: 'Go', link: '/about' };
    expect(heroSlide.safeParse({ ...slide, image: '/images/hero/network.svg' }).success).toBe(true);
    expect(heroSlide.safeParse({ ...slide, image: '//evil.example/track.svg' }).success).toBe(false);
  });
});
