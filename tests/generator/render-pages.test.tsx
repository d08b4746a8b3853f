import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Assets } from '../../generator/assets/bundle-assets';
import { theme as realTheme } from '../../templates/index';
import { loadConfig } from '../../generator/config/config';
import { Island } from '../../generator/render/island';
import { pageLinks } from '../../generator/render/html-links';
import { renderPage, renderPages, type RenderContext } from '../../generator/render/render-pages';
import type { LayoutProps, Theme } from '../../generator/pages/theme-types';
import type { PageInfo } from '../../generator/pages/page';
import { REPO } from '../support/fixture';

/** Every page rendered through the build's loop with one context, the routes those of `pages`. */
async function renderAll(pages: PageInfo[], ctx: Omit<RenderContext, 'routes'>) {
  const rendered: ReturnType<typeof renderPage>[] = [];
  await renderPages(pages, { ...ctx, routes: new Set(pages.map((p) => p.route)) }, (page) => void rendered.push(page));
  return rendered;
}

const site = await loadConfig(`${REPO}/tests/fixtures/basic`, REPO, realTheme.config);
const assets: Assets = {
  files: new Map(),
  stylesheet: '/assets/site-H.css',
  scripts: {
    loader: '/assets/loader-H.js',
    clock: '/assets/clock-H.js',
    chart: '/assets/chart-H.js',
    'log-path': '/assets/log-path-H.js',
  },
  imports: { loader: ['/assets/chunk-L.js'] },
  styles: {},
  inputs: [],
};
const Clock = ({ label }: { label: string }) => <time>{label}</time>;
const theme: Theme = {
  stylesheet: 'x.css',
  Layout: ({ children }) => <main>{children}</main>,
  templates: {
    plain: { schema: z.strictObject({}), component: () => <p>No islands here</p> },
    clock: {
      schema: z.strictObject({}),
      component: () => <Island name="clock" component={Clock} props={{ label: 'now' }} trigger="idle" />,
    },
    scripted: { schema: z.strictObject({}), component: () => <p>Gone</p>, scripts: ['log-path'] },
    broken: {
      schema: z.strictObject({}),
      component: () => {
        throw new Error('boom');
      },
    },
  },
};
const page = (template: string): PageInfo =>
  ({
    file: `pages/${template}.md`,
    route: `/${template}`,
    url: `${site.baseUrl}/${template}`,
    title: 'T',
    description: 'D',
    template,
    data: { title: 'T', description: 'D' },
    html: '',
    headings: [],
    breadcrumbs: [],
    isNotFound: false,
  }) as PageInfo;
const render = (template: string) => renderPage(page(template), { site, theme, assets, routes: new Set() });

describe('renderPage', () => {
  it('loads no JavaScript at all on a page without islands', () => {
    const { html, islands } = render('plain');
    expect(islands).toEqual([]);
    expect(html).not.toMatch(/<script(?![^>]*application\/(ld\+)?json)/);
    expect(html).not.toContain('modulepreload');
  });

  it('loads only the loader up front on a page with islands, and references only the islands it uses', () => {
    const { html, islands } = render('clock');
    expect(islands).toEqual(['clock']);
    expect(html).toContain('<script type="module" src="/assets/loader-H.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/chunk-L.js"/>');
    expect(html).toContain('data-src="/assets/clock-H.js"');
    expect(html).not.toContain('chart-H.js');
    expect(html).not.toContain('clock-H.js"></script>');
  });

  it("loads a template's plain scripts without the loader", () => {
    const { html } = render('scripted');
    expect(html).toContain('<script type="module" src="/assets/log-path-H.js"></script>');
    expect(html).not.toContain('loader-H.js');
  });

  it('reports a throwing template as "Unexpected Application Error!" naming the page and template', () => {
    expect(() => render('broken')).toThrow(
      expect.objectContaining({
        kind: 'RenderFailure',
        title: 'Unexpected Application Error!',
        file: 'pages/broken.md',
        message: expect.stringMatching(/"broken".*boom/),
      }),
    );
  });
});

describe('renderPages, the render loop', () => {
  it('renders no page past one whose put() returned a promise until that promise settles', async () => {
    const pages = ['plain', 'clock', 'scripted'].map((template) => ({ ...page(template), route: `/${template}` }));
    const given: string[] = [];
    let release!: () => void;
    let paused!: () => void;
    const pausedAt = new Promise<void>((resolve) => (paused = resolve));
    const loop = renderPages(pages, { site, theme, assets, routes: new Set(pages.map((p) => p.route)) }, (made) => {
      given.push(made.page.route);
      if (given.length !== 1) return undefined;
      paused();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await pausedAt;
    // The loop is held: nothing the event loop runs meanwhile lets it render the next page.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(given).toEqual(['/plain']);
    release();
    await loop;
    expect(given).toEqual(['/plain', '/clock', '/scripted']);
  });
});

describe('layout shells (the Layout rendered once per layout key)', () => {
  const Badge = ({ text }: { text: string }) => <b>{text}</b>;
  // The layout marks the current section: all it sees of a page is the key (the route's first segment).
  const Layout: Theme<string>['Layout'] = ({ layout, children }) => (
    <>
      <header>
        <Island name="clock" component={Badge} props={{ text: layout }} trigger="idle" />
        <a href="/docs">Docs</a>
      </header>
      <main id="main">{children}</main>
      <footer>
        <Island name="chart" component={Badge} props={{ text: 'footer' }} trigger="visible" />
      </footer>
    </>
  );
  const section = (page: PageInfo) => page.route.split('/')[1] ?? '';
  const withKey: Theme<string> = { ...theme, Layout, layoutKey: section };
  const at = (route: string, template: string): PageInfo => ({
    ...page(template),
    route,
    file: `pages${route}.md`,
    url: `${site.baseUrl}${route}`,
  });
  const pages = [
    at('/docs/a', 'plain'),
    at('/docs/b', 'plain'),
    at('/blog/x', 'plain'),
    at('/docs/c', 'clock'),
    at('/blog/y', 'scripted'),
  ];
  const routes = new Set(pages.map((p) => p.route));

  it('writes exactly what rendering each page on its own writes; layout and content islands never share an id', async () => {
    const shared = await renderAll(pages, { site, theme: withKey, assets });
    const alone = pages.map((p) => renderPage(p, { site, theme: withKey, assets, routes }));
    expect(shared.map((r) => r.html)).toEqual(alone.map((r) => r.html));
    expect(shared.map((r) => r.islands)).toEqual(alone.map((r) => r.islands));
    expect(shared[3]!.html).toMatch(/data-id="clock-1"[\s\S]*data-id="clock-m1"[\s\S]*data-id="chart-2"/);
    expect(shared[0]!.html).toContain('<b>docs</b>');
    expect(shared[2]!.html).toContain('<b>blog</b>');
  });

  it("reads the shell's links once, and the link check sees the same links and ids", async () => {
    const shared = await renderAll(pages, { site, theme: withKey, assets });
    for (const r of shared) {
      const fromParts = pageLinks(r.page.route, r.page.file, r.linkSources);
      const fromHtml = pageLinks(r.page.route, r.page.file, r.html);
      expect(new Set(fromParts.links)).toEqual(new Set(fromHtml.links));
      expect(fromParts.ids.sort()).toEqual(fromHtml.ids.sort());
    }
    expect(shared[1]!.linkSources.some((part) => typeof part !== 'string')).toBe(true);
  });

  it("gives the link check every part of a page already read, the page's own parts read once with its ids", async () => {
    const shared = await renderAll(pages, { site, theme: withKey, assets });
    for (const r of shared) expect(r.linkSources.filter((part) => typeof part === 'string')).toEqual([]);
  });

  it('keeps one record of the routes read for the pages of a shell that read the same routes', async () => {
    // docs/c's JSON-LD asks whether its breadcrumb's page is there too; the others ask the same (whether / is a page).
    const crumbs = pages.map((p) =>
      p.route === '/docs/c' ? { ...p, breadcrumbs: [{ name: 'Docs', route: '/docs/a' }] } : p,
    );
    const [a, b, x, c] = await renderAll(crumbs, { site, theme: withKey, assets });
    // docs/a and docs/b share their shell and read the same: one record.
    expect(a!.routeReads).toBe(b!.routeReads);
    expect(x!.routeReads).not.toBe(a!.routeReads);
    expect(c!.routeReads).not.toBe(a!.routeReads);
    expect(c!.routeReads[0]).toBe(a!.routeReads[0]);
    expect([...c!.routeReads[1]!.asked]).toEqual([...a!.routeReads[1]!.asked, '/docs/a']);
  });

  it('gives the Layout the key, the site and the routes, and nothing else of the page', async () => {
    const seen: string[][] = [];
    const spy: Theme<string> = {
      ...withKey,
      Layout: (props) => (seen.push(Object.keys(props).sort()), (<main>{props.children}</main>)),
    };
    await renderAll(pages, { site, theme: spy, assets });
    expect(seen).toEqual([
      ['children', 'layout', 'routes', 'site'],
      ['children', 'layout', 'routes', 'site'],
    ]);
  });

  it('renders the Layout once per key, and once in all without a layoutKey', async () => {
    let renders = 0;
    const counting = (t: Theme): Theme => ({
      ...t,
      Layout: (props: LayoutProps) => (renders++, (<main>{props.children}</main>)),
    });
    await renderAll(pages, { site, theme: counting(withKey), assets });
    expect(renders).toBe(2);
    renders = 0;
    await renderAll(pages, { site, theme: counting(theme), assets });
    expect(renders).toBe(1);
  });

  it('refuses a Layout that drops or repeats its children, naming the page', async () => {
    const twice: Theme = {
      ...theme,
      Layout: ({ children }) => (
        <>
          {children}
          <aside>{children}</aside>
        </>
      ),
    };
    await expect(renderAll([at('/docs/a', 'plain')], { site, theme: twice, assets })).rejects.toThrow(
      expect.objectContaining({ kind: 'LayoutChildren', file: 'pages/docs/a.md' }),
    );
    const none: Theme = { ...theme, Layout: () => <main /> };
    await expect(renderAll([at('/docs/a', 'plain')], { site, theme: none, assets })).rejects.toThrow(
      expect.objectContaining({ kind: 'LayoutChildren', file: 'pages/docs/a.md' }),
    );
  });

  it('refuses a layout key that is not plain data', async () => {
    const bad: Theme = { ...theme, layoutKey: () => new Date() };
    await expect(renderAll([at('/docs/a', 'plain')], { site, theme: bad, assets })).rejects.toThrow(
      expect.objectContaining({ kind: 'InvalidLayoutKey', field: 'layoutKey' }),
    );
  });

  // The failure this design rules out: a Layout that shows something on some pages only. On several hundred pages,
  // every page must show exactly its own, whatever order the pages come in and however the keys repeat.
  it('shows every page exactly its own layout on a site of 700 pages', async () => {
    type Key = { seven: boolean; section: string };
    const marked: Theme<Key> = {
      ...theme,
      layoutKey: (p) => ({ seven: p.route.endsWith('7'), section: p.route.split('/')[1] ?? '' }),
      Layout: ({ layout, children }) => (
        <>
          {layout.seven && <aside className="seven">Ends in 7</aside>}
          <nav data-section={layout.section} />
          <main>{children}</main>
        </>
      ),
    };
    const many = Array.from({ length: 700 }, (_, i) => at(`/s${i % 3}/p${i}`, 'plain'));
    const rendered = await renderAll(many, { site, theme: marked, assets });
    for (const r of rendered) {
      const n = Number(/p(\d+)$/.exec(r.page.route)![1]);
      expect(r.html.includes('class="seven"'), r.page.route).toBe(n % 10 === 7);
      expect(r.html).toContain(`<nav data-section="s${n % 3}"></nav>`);
    }
    expect(rendered.filter((r) => r.html.includes('class="seven"'))).toHaveLength(70);
  });
});

describe("the Document (each page's head, rendered for that page alone)", () => {
  const tricky = (n: number, extra: Partial<PageInfo> = {}): PageInfo => ({
    ...page('plain'),
    route: `/p${n}`,
    file: `pages/p${n}.md`,
    url: `${site.baseUrl}/p${n}?a=1&b="2"`,
    title: `Tom & Jerry's <b>${n}</b> "quoted"`,
    description: `Fish & chips <script>alert(${n})</script> — it's "fine" ${n}`,
    ...extra,
  });
  const pages = [
    tricky(1),
    tricky(2, { data: { title: 'T', description: 'D', keywords: ['a&b', '<c>'] } as PageInfo['data'] }),
    tricky(3, { data: { title: 'T', description: 'D', noindex: true } as PageInfo['data'] }),
    tricky(4, { template: 'clock' }),
  ];

  it('escapes any characters in the head values as React does, and shapes each head by its own page', async () => {
    const rendered = await renderAll(pages, { site, theme, assets });
    expect(rendered[0]!.html).toContain('<title>Tom &amp; Jerry&#x27;s &lt;b&gt;1&lt;/b&gt; &quot;quoted&quot; | ');
    expect(rendered[0]!.html).not.toContain('<script>alert');
    expect(rendered[1]!.html).toContain('<meta name="keywords" content="a&amp;b, &lt;c&gt;"/>');
    expect(rendered[2]!.html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(rendered[0]!.html).not.toContain('noindex');
    expect(rendered[3]!.html).toContain('loader-H.js');
    expect(rendered[0]!.html).not.toContain('loader-H.js');
  });
});

describe('the markdown body', () => {
  const withBody = (template: string): PageInfo => ({ ...page(template), html: '<p>Words the author wrote.</p>' });
  const shows: Theme = {
    ...theme,
    templates: {
      ...theme.templates,
      prose: {
        schema: z.strictObject({}),
        component: ({ page: p }) => <div dangerouslySetInnerHTML={{ __html: p.html }} />,
      },
    },
  };

  it('refuses a page whose template does not show its body, naming the page', () => {
    expect(() => renderPage(withBody('plain'), { site, theme, assets, routes: new Set() })).toThrow(
      expect.objectContaining({ kind: 'BodyNotShown', file: 'pages/plain.md', field: 'body' }),
    );
  });

  it('accepts the same body where the template shows it, and an empty body anywhere', () => {
    expect(renderPage(withBody('prose'), { site, theme: shows, assets, routes: new Set() }).html).toContain(
      'Words the author wrote.',
    );
    expect(() => renderPage(page('plain'), { site, theme, assets, routes: new Set() })).not.toThrow();
  });
});
