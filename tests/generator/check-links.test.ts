import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../generator/checks/broken-links';
import { pageLinks } from '../../generator/render/html-links';

const rendered = (route: string, html: string) => pageLinks(route, `pages${route === '/' ? '/index' : route}.md`, html);

describe('checkLinks', () => {
  const pages = [
    rendered(
      '/',
      '<a href="/about">a</a><a href="/about#team">t</a><a href="#top">top</a><div id="top"></div><img src="/logo.svg"><a href="https://x.example">x</a><a href="#">placeholder</a><a href="mailto:a@b.c">m</a>',
    ),
    rendered('/about', '<h2 id="team">Team</h2><a href="/press">press</a>'),
  ];

  it('accepts pages, files, anchors, external and placeholder links', () => {
    const result = checkLinks(pages, new Set(['logo.svg']), ['/press']);
    expect(result.errors).toEqual([]);
    expect([...result.planned.get('/press')!]).toEqual(['pages/about.md']);
  });

  it('checks the path of a link with a query, which a host answers whatever the query, and its #fragment', () => {
    const linking = rendered(
      '/',
      '<a href="/about?tab=npm">a</a><a href="/about?x=1#team">t</a><img src="/logo.svg?v=2"><a href="?q=1#top">q</a><div id="top"></div><a href="/nope?x=1">n</a><a href="/about?x#nobody">m</a>',
    );
    const { errors } = checkLinks([linking, pages[1]!], new Set(['logo.svg']), ['/press']);
    expect(errors.map((e) => [e.field, e.message])).toEqual([
      ['/nope?x=1', 'Link "/nope?x=1" on / is broken: /nope is not a page or a file of the site'],
      ['/about?x#nobody', 'Link "/about?x#nobody" on / is broken: /about has no element with id "nobody"'],
    ]);
  });

  it("says a link to markdown in a _ folder names a file the build passes over, not one that is not there (Docsify's _media)", () => {
    const linking = rendered('/embed', '<a href="/_media/example">e</a><a href="/guide/gone">g</a>');
    const markdown = {
      of: () => [
        {
          href: '_media/example.md',
          url: '/_media/example',
          target: '_media/example.md',
          file: 'pages/_media/example.md',
          line: 3,
        },
        { href: 'guide/gone.md', url: '/guide/gone', target: 'guide/gone.md', file: 'pages/guide/gone.md', line: 4 },
      ],
      routeOfFile: () => undefined,
    };
    const { errors } = checkLinks([linking], new Set(), [], markdown);
    expect(errors.map((e) => [e.line, e.message, e.hint])).toEqual([
      [
        3,
        'Link "_media/example.md" on /embed is broken: _media/example.md is not a page of the site: markdown in a folder or file whose name starts with _ or ., or in public/, is not built',
        "Move _media/example.md out of that folder to build it as a page, or paste its text where it is wanted (another tool's include, such as Docsify's ':include', is not run here).",
      ],
      [
        4,
        'Link "guide/gone.md" on /embed is broken: guide/gone.md is not a page of the site (no such markdown file in the pages folder)',
        expect.stringMatching(/or create guide\/gone\.md\.$/),
      ],
    ]);
  });

  it('reports a missing page, a missing anchor and a missing file, naming the page they are on', () => {
    const broken = [
      rendered('/', '<a href="/nope">x</a><a href="/about#nobody">y</a><img src="/missing.png"><a href="#gone">z</a>'),
      pages[1]!,
    ];
    const { errors } = checkLinks(broken, new Set(), ['/press']);
    expect(errors.map((e) => [e.kind, e.file, e.field])).toEqual([
      ['BrokenLink', 'pages/index.md', '/nope'],
      ['BrokenLink', 'pages/index.md', '/about#nobody'],
      ['BrokenLink', 'pages/index.md', '/missing.png'],
      ['BrokenLink', 'pages/index.md', '#gone'],
    ]);
  });

  it("says where a link the page's markdown does not write comes from: its template, or another page it shows", () => {
    const list = rendered('/blog', '<p>A summary: see <a href="/blog/nowhere">this</a>.</p>');
    const post = rendered('/blog/post', '<p>A summary: see <a href="/blog/nowhere">this</a>.</p>');
    const markdown = {
      of: (route: string) =>
        route === '/blog/post' ? [{ href: '/blog/nowhere', url: '/blog/nowhere', line: 7 }] : undefined,
      routeOfFile: () => undefined,
    };
    const { errors } = checkLinks([list, post], new Set(), [], markdown);
    expect(errors.map((e) => [e.file, e.line, e.hint])).toEqual([
      [
        'pages/blog.md',
        undefined,
        "The markdown of pages/blog.md does not write this link: the page's template does, or it shows it from another page (a list's summary of a post, say, whose markdown is where to mend it). Link to an existing route or anchor, or declare the route in plannedRoutes in the site config.",
      ],
      [
        'pages/blog/post.md',
        7,
        'Link to an existing route or anchor, or declare the route in plannedRoutes in the site config.',
      ],
    ]);
  });

  // Documentation written for other tools links folders with a trailing slash (/guide/), and a file name as written.
  it('reads a link path as the route a host serves at it: trailing slash, case and escapes', () => {
    const targets = [
      rendered('/guide', '<h2 id="usage">U</h2>'),
      rendered('/c++', ''),
      rendered('/%5B', ''),
      rendered('/images', ''),
    ];
    const linking = rendered(
      '/',
      '<a href="/guide/">g</a><a href="/guide/#usage">u</a><a href="/Guide#usage">G</a><a href="/c%2B%2B">c</a><a href="/c++">c</a><a href="/[">b</a><img src="/images/Logo.SVG">',
    );
    expect(checkLinks([linking, ...targets], new Set(['images/Logo.SVG']), []).errors).toEqual([]);
    const wrong = rendered('/', '<a href="/guide/#nope">g</a><a href="/guides/">s</a><img src="/images/logo.svg">');
    expect(checkLinks([wrong, ...targets], new Set(['images/Logo.SVG']), []).errors.map((e) => e.field)).toEqual([
      '/guide/#nope',
      '/guides/',
      '/images/logo.svg',
    ]);
  });

  // mdBook's chapters link to each other by their output files' names: `ch10-01-syntax.html#performance`.
  it("reads a page's own file name as the page, and checks its #fragment there", () => {
    const targets = [rendered('/ch10', '<h2 id="performance">P</h2>'), rendered('/guide', '<h2 id="usage">U</h2>')];
    const files = new Set(['ch10.html', 'guide.html']);
    const linking = rendered('/', '<a href="/ch10.html#performance">c</a><a href="/guide/index.html#usage">g</a>');
    expect(checkLinks([linking, ...targets], files, []).errors).toEqual([]);
    const wrong = rendered('/', '<a href="/ch10.html#nope">c</a><a href="/ch11.html">d</a>');
    expect(checkLinks([wrong, ...targets], files, []).errors.map((e) => e.message)).toEqual([
      'Link "/ch10.html#nope" on / is broken: /ch10 has no element with id "nope"',
      'Link "/ch11.html" on / is broken: /ch11.html is not a page or a file of the site',
    ]);
  });

  it("checks the site URLs an island's props name (images it adds later), not other strings", () => {
    const props = JSON.stringify({
      slides: [{ image: '/images/next.svg', link: '/about', title: 'A / B' }],
      site: 'https://x.example/',
      cdn: '//x.example/a.js',
      home: '/',
    });
    const page = rendered(
      '/',
      `<div data-island="carousel"><div data-island-root=""><a href="/about">a</a></div><script type="application/json">${props}</script></div><script type="application/ld+json">{"logo":"/ld.png"}</script>`,
    );
    expect(page.links).toEqual(['/about', '/images/next.svg', '/']);
    const { errors } = checkLinks([page, pages[1]!], new Set(), ['/press']);
    expect(errors.map((e) => [e.kind, e.file, e.field])).toEqual([
      ['BrokenLink', 'pages/index.md', '/images/next.svg'],
    ]);
  });

  it('reads React and micromark attribute serialisation, decoding entities', () => {
    const page = pageLinks(
      '/',
      'pages/index.md',
      '<a class="x" href="/a?b=1&amp;c=2">x</a><img alt="" src="/i.png"/><h2 id="who-we-are">W</h2><p data-id="no">n</p><a href="/a?b=1&amp;c=2">again</a>',
    );
    expect(page.links).toEqual(['/a?b=1&c=2', '/i.png']);
    expect(page.ids).toEqual(['who-we-are']);
  });

  it('reads attributes only from tags: not from text such as a code sample, and whole when a value holds ">"', () => {
    const page = pageLinks(
      '/',
      'pages/index.md',
      '<p>Write <code>&lt;a href="/nowhere" id="x"&gt;</code> or id="y".</p><a title="a > b" href="/real">r</a><h2 title=\'q\' id="z">Z</h2>',
    );
    expect(page.links).toEqual(['/real']);
    expect(page.ids).toEqual(['z']);
  });

  it('accepts a fragment percent-encoded as markdown writes it, naming an id in any script', () => {
    const page = rendered(
      '/',
      '<h2 id="безопасность">Б</h2><a href="#%D0%B1%D0%B5%D0%B7%D0%BE%D0%BF%D0%B0%D1%81%D0%BD%D0%BE%D1%81%D1%82%D1%8C">b</a><a href="#безопасность">c</a><a href="#%D0%B1">d</a><a href="#%E0%A4%A">e</a>',
    );
    const { errors } = checkLinks([page], new Set(), []);
    expect(errors.map((e) => e.field)).toEqual(['#%D0%B1', '#%E0%A4%A']);
  });
});
