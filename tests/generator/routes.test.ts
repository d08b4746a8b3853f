import { describe, expect, it } from 'vitest';
import { SiteError } from '../../generator/core/errors';
import { assertSafeRoute, outputFileOf, routeFromFile, urlOf } from '../../generator/content/routes';

describe('routeFromFile', () => {
  it.each([
    ['index.md', '/'],
    ['about.md', '/about'],
    ['cyber-security.md', '/cyber-security'],
    ['guides/index.md', '/guides'],
    ['guides/setup.md', '/guides/setup'],
    ['404.md', '/404'],
  ])('%s → %s', (file, route) => expect(routeFromFile(file)).toBe(route));

  it('lets a slug replace the last segment', () => {
    expect(routeFromFile('legal/privacy.md', 'privacy-policy')).toBe('/legal/privacy-policy');
  });
});

describe('assertSafeRoute', () => {
  it.each(['/', '/about', '/a/b-c', '/404'])('accepts %s', (route) => expect(() => assertSafeRoute(route, { file: 'x.md' })).not.toThrow());

  it.each(['/../etc', '/a/..', '/About', '/a b', '/a%2e%2e', '/a\\b', '/a/', '/-x'])('rejects %s with UnsafeRoute naming the file', (route) => {
    try {
      assertSafeRoute(route, { file: 'pages/x.md', field: 'slug' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteError);
      expect((error as SiteError).kind).toBe('UnsafeRoute');
      expect((error as SiteError).file).toBe('pages/x.md');
      expect((error as SiteError).field).toBe('slug');
    }
  });
});

describe('outputs and URLs', () => {
  it('writes clean-URL files with no trailing slash', () => {
    expect(outputFileOf('/')).toBe('index.html');
    expect(outputFileOf('/about')).toBe('about.html');
    expect(outputFileOf('/a/b')).toBe('a/b.html');
  });
  it('makes absolute URLs from the base URL', () => {
    expect(urlOf('https://x.example', '/')).toBe('https://x.example/');
    expect(urlOf('https://x.example', '/about')).toBe('https://x.example/about');
  });
});
