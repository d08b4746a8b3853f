import { describe, expect, it } from 'vitest';
import { markdownLinkRoute } from '../../generator/markdown/page-links';
import { SiteError } from '../../generator/base/errors';
import {
  assertSafeRoute,
  outputFileOf,
  readmeFolders,
  routeFromFile,
  routeOfPath,
  urlOf,
} from '../../generator/pages/routes';

const NONE: ReadonlySet<string> = new Set();

describe('routeFromFile', () => {
  it.each([
    ['index.md', '/'],
    ['about.md', '/about'],
    ['cyber-security.md', '/cyber-security'],
    ['guides/index.md', '/guides'],
    ['guides/setup.md', '/guides/setup'],
    ['404.md', '/404'],
  ])('%s → %s', (file, route) => expect(routeFromFile(file, NONE)).toBe(route));

  // Folders of markdown written for other tools name files as their subject is named (tldr-pages: wpa_supplicant, c++,
  // gst-launch-1.0, [): each keeps its name, lowercased, as a URL path writes it.
  it.each([
    ['wpa_supplicant.md', '/wpa_supplicant', 'wpa_supplicant.html'],
    ['c++.md', '/c++', 'c++.html'],
    ['gst-launch-1.0.md', '/gst-launch-1.0', 'gst-launch-1.0.html'],
    ['[.md', '/%5B', '[.html'],
    ['%.md', '/%25', '%.html'],
    ['README.md', '/readme', 'readme.html'],
    ['Guide/Café.md', '/guide/caf%C3%A9', 'guide/café.html'],
    ['a b.md', '/a%20b', 'a b.html'],
  ])('%s → %s, written to %s', (file, route, output) => {
    expect(routeFromFile(file, NONE)).toBe(route);
    expect(() => assertSafeRoute(route, { file })).not.toThrow();
    expect(outputFileOf(route)).toBe(output);
    expect(routeOfPath(route)).toBe(route);
  });

  it('one name is one route in either Unicode form; names no host or system can hold as written are refused (issue 40)', () => {
    expect(routeFromFile('cafe\u0301.md', NONE)).toBe(routeFromFile('caf\u00e9.md', NONE));
    expect(routeOfPath('/cafe%CC%81')).toBe('/caf%C3%A9');
    for (const file of [
      'q?.md',
      'a*b.md',
      'x:y.md',
      'CON.md',
      'nul.txt.md',
      'Com1.md',
      'dot..md',
      'rlo\u202egpj.md',
      'ls\u2028x.md',
      'zw\u200bj.md',
    ]) {
      const route = routeFromFile(file, NONE);
      expect(() => assertSafeRoute(route, { file }), file).toThrow(/output folder, and that name/);
    }
    for (const file of ['console.md', 'a b.md', '%.md', 'c#.md', '-dash.md', 'com10.md'])
      expect(() => assertSafeRoute(routeFromFile(file, NONE), { file }), file).not.toThrow();
  });

  it('reads a link path as the route it asks for, however it is escaped', () => {
    expect(routeOfPath('/C%2b%2B')).toBe('/c++');
    expect(routeOfPath('/[')).toBe('/%5B');
    expect(routeOfPath('/caf%c3%a9')).toBe('/caf%C3%A9');
    expect(routeOfPath('/%E0%A4%A')).toBeUndefined();
  });

  // GitHub shows a folder's README.md as the folder's page, and GitHub Pages, MkDocs, VuePress and Docusaurus build
  // it so; an index.md beside it is the folder's page instead, and the README keeps its own route.
  it("makes a folder's README.md its page where no index.md is beside it", () => {
    const readmes = readmeFolders([
      'README.md',
      'guide/Readme.md',
      'guide/setup.md',
      'Notes/README.md',
      'notes/index.md',
      'api/readme.md',
      'api/v2/index.md',
    ]);
    expect([...readmes]).toEqual(['', 'api', 'guide']);
    expect(routeFromFile('README.md', readmes)).toBe('/');
    expect(routeFromFile('guide/Readme.md', readmes)).toBe('/guide');
    expect(routeFromFile('api/readme.md', readmes)).toBe('/api');
    expect(routeFromFile('Notes/README.md', readmes)).toBe('/notes/readme');
    expect(routeFromFile('guide/README.md', readmes, 'about')).toBe('/guide/about');
    expect(markdownLinkRoute('guide/README.md#setup', 'index.md', readmes)).toEqual({
      url: '/guide#setup',
      target: 'guide/README.md',
    });
    expect(markdownLinkRoute('../notes/README.md', 'guide/setup.md', readmes)?.url).toBe('/notes/readme');
    // A README that is not there is not its folder's page: the link stays broken, and is reported.
    expect(markdownLinkRoute('api/v2/README.md', 'index.md', readmes)?.url).toBe('/api/v2/readme');
  });

  it('lets a slug replace the last segment, written as a file name is (lowercased, encoded)', () => {
    expect(routeFromFile('legal/privacy.md', NONE, 'privacy-policy')).toBe('/legal/privacy-policy');
    // Hugo's docs: slug: hugo_convert_toJSON (issue 42) was UnsafeRoute, where the file's own name is lowercased.
    expect(routeFromFile('functions/convert.md', NONE, 'hugo_convert_toJSON')).toBe('/functions/hugo_convert_tojson');
    expect(() =>
      assertSafeRoute(routeFromFile('functions/convert.md', NONE, 'hugo_convert_toJSON'), { file: 'x.md' }),
    ).not.toThrow();
    expect(routeFromFile('a.md', NONE, 'Café Notes')).toBe('/caf%C3%A9%20notes');
    // A slash stays refused: a slug names one segment.
    expect(() => assertSafeRoute(routeFromFile('a.md', NONE, 'x/../y'), { file: 'x.md' })).toThrow();
  });
});

describe('assertSafeRoute', () => {
  it.each(['/', '/about', '/a/b-c', '/404'])('accepts %s', (route) =>
    expect(() => assertSafeRoute(route, { file: 'x.md' })).not.toThrow(),
  );

  it.each([
    '/../etc',
    '/a/..',
    '/About',
    '/a b',
    '/a%2e%2e',
    '/a\\b',
    '/a/',
    '/a%2Fb',
    '/%2E%2E',
    '/a%00',
    '/%E0%A4%A',
  ])('rejects %s with UnsafeRoute naming the file', (route) => {
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

describe('markdownLinkRoute', () => {
  it('resolves links to markdown files from the linking file, keeping the query and fragment', () => {
    expect(markdownLinkRoute('./install.md#usage', 'guide/index.md', NONE)).toEqual({
      url: '/guide/install#usage',
      target: 'guide/install.md',
    });
    expect(markdownLinkRoute('../guide/index.md', 'blog/post.md', NONE)).toEqual({
      url: '/guide',
      target: 'guide/index.md',
    });
    expect(markdownLinkRoute('/guide/a.md?x=1#f', 'blog/post.md', NONE)).toEqual({
      url: '/guide/a?x=1#f',
      target: 'guide/a.md',
    });
    expect(markdownLinkRoute('notes.markdown', 'index.md', NONE)).toEqual({ url: '/notes', target: 'notes.markdown' });
  });

  it("makes Docsify's ?id= query, which names a section of the page, its #fragment", () => {
    expect(markdownLinkRoute('themes.md?id=classes', 'v5-upgrade.md', NONE)).toEqual({
      url: '/themes#classes',
      target: 'themes.md',
    });
    expect(markdownLinkRoute('../a.md?id=x', 'guide/b.md', NONE)?.url).toBe('/a#x');
    // Any other query is kept as written.
    expect(markdownLinkRoute('a.md?id=x&y=1', 'b.md', NONE)?.url).toBe('/a?id=x&y=1');
    expect(markdownLinkRoute('a.md?id=x#y', 'b.md', NONE)?.url).toBe('/a?id=x#y');
  });

  it('leaves other links alone: other sites, other files, anchors, and paths that leave the pages folder', () => {
    for (const href of [
      'https://github.com/x/README.md',
      '//cdn.example.org/a.md',
      'mailto:a@b.md',
      '#usage',
      './image.png',
      '../../outside.md',
      '/guide/',
    ]) {
      expect(markdownLinkRoute(href, 'guide/index.md', NONE), href).toBeUndefined();
    }
  });
});
