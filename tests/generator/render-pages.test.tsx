import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Assets } from '../../generator/assets/bundle-assets';
import { loadConfig } from '../../generator/content/config';
import { Island } from '../../generator/render/island';
import { pageLinks } from '../../generator/checks/check-links';
import { newReuse, renderPage, renderPages } from '../../generator/render/render-pages';
import type { PageInfo, Theme } from '../../generator/core/types';
import { REPO } from '../support/fixture';

const site = await loadConfig(`${REPO}/tests/fixtures/basic`);
const assets: Assets = {
  files: new Map(),
  stylesheet: '/assets/site-H.css',
  scripts: { loader: '/assets/loader-H.js', clock: '/assets/clock-H.js', chart: '/assets/chart-H.js', 'log-path': '/assets/log-path-H.js' },
  imports: { loader: ['/assets/chunk-L.js'] },
  inputs: [],
};
const Clock = ({ label }: { label: string }) => <time>{label}</time>;
const theme: Theme = {
  stylesheet: 'x.css',
  Layout: ({ children }) => <main>{children}</main>,
  templates: {
    plain: { schema: z.strictObject({}), component: () => <p>No islands here</p> },
    clock: { schema: z.strictObject({}), component: () => <Island name="clock" component={Clock} props={{ label: 'now' }} trigger="idle" /> },
    scripted: { schema: z.strictObject({}), component: () => <p>Gone</p>, scripts: ['log-path'] },
    broken: { schema: z.strictObject({}), component: () => { throw new Error('boom'); } },
  },
};
const page = (template: string): PageInfo =>
  ({ file: `pages/${template}.md`, route: `/${template}`, url: `${site.baseUrl}/${template}`, title: 'T', description: 'D', template, data: { title: 'T', description: 'D' }, html: '', headings: [], breadcrumbs: [], isNotFound: false }) as PageInfo;
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
    expect(() => render('broken')).toThrow(expect.objectContaining({ kind: 'RenderFailure', title: 'Unexpected Application Error!', file: 'pages/broken.md', message: expect.stringMatching(/"broken".*boom/) }));
  });
});

describe('layout shells (a theme with layoutKey)', () => {
  const Badge = ({ text }: { text: string }) => <b>{text}</b>;
  // The layout marks the current section: its markup depends on the route's first segment, and on nothing else.
  const Layout: Theme['Layout'] = ({ page, children }) => (
    <>
      <header>
        <Island name="clock" component={Badge} props={{ text: page.route.split('/')[1] ?? '' }} trigger="idle" />
        <a href="/docs">Docs</a>
      </header>
      <main id="main">{children}</main>
      <footer>
        <Island name="chart" component={Badge} props={{ text: 'footer' }} trigger="visible" />
      </footer>
    </>
  );
  const section = (page: PageInfo) => page.route.split('/')[1] ?? '';
  const withKey: Theme = { ...theme, Layout, layoutKey: section };
  const withoutKey: Theme = { ...theme, Layout };
  const at = (route: string, template: string): PageInfo => ({ ...page(template), route, file: `pages${route}.md`, url: `${site.baseUrl}${route}` });
  const pages = [at('/docs/a', 'plain'), at('/docs/b', 'plain'), at('/blog/x', 'plain'), at('/docs/c', 'clock'), at('/blog/y', 'scripted')];
  const renderAll = (t: Theme) => renderPages(pages, { site, theme: t, assets });

  it('writes exactly what rendering every page whole writes, islands numbered in document order', () => {
    const shared = renderAll(withKey);
    const whole = renderAll(withoutKey);
    expect(shared.map((r) => r.html)).toEqual(whole.map((r) => r.html));
    expect(shared.map((r) => r.islands)).toEqual(whole.map((r) => r.islands));
    // The page whose content has an island of its own numbers it between the header's and the footer's.
    expect(shared[3]!.html).toMatch(/data-id="clock-1"[\s\S]*data-id="clock-2"[\s\S]*data-id="chart-3"/);
  });

  it("reads the shell's links once, and the link check sees the same links and ids", () => {
    const shared = renderAll(withKey);
    for (const r of shared) {
      const fromParts = pageLinks(r.page.route, r.page.file, r.linkSources);
      const fromHtml = pageLinks(r.page.route, r.page.file, r.html);
      expect(new Set(fromParts.links)).toEqual(new Set(fromHtml.links));
      expect(fromParts.ids.sort()).toEqual(fromHtml.ids.sort());
    }
    expect(shared[1]!.linkSources.some((part) => typeof part !== 'string')).toBe(true);
  });

  it('fails the build, naming the page and layoutKey, when pages with one key get different layouts', () => {
    const tooCoarse: Theme = { ...withKey, layoutKey: () => 'same for all' };
    // The second page of a key makes the shell; a sample of the pages using it is checked against a whole rendering (the 1st, 2nd, 4th…): the third page differs.
    const result = () => renderPages([at('/docs/a', 'plain'), at('/docs/b', 'plain'), at('/blog/x', 'plain')], { site, theme: { ...tooCoarse, Layout: ({ page, children }) => <main data-route={page.route}>{children}</main> }, assets });
    expect(result).toThrow(expect.objectContaining({ kind: 'LayoutKeyMismatch', file: 'pages/blog/x.md', field: 'layoutKey' }));
  });

  it('renders every page whole when the layout does not place its children exactly once', () => {
    const twice: Theme = { ...theme, layoutKey: () => '', Layout: ({ children }) => <>{children}<aside>{children}</aside></> };
    const [r] = renderPages([at('/docs/a', 'plain')], { site, theme: twice, assets });
    expect(r!.html.match(/No islands here/g)).toHaveLength(2);
  });
});

describe('Document templates (the head rendered once per kind of page)', () => {
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
    ...Array.from({ length: 12 }, (_, i) => tricky(10 + i)),
  ];

  it('writes, for every kind of page and any characters in its values, what rendering the Document directly writes', () => {
    const reused = renderPages(pages, { site, theme, assets });
    const direct = pages.map((p) => renderPage(p, { site, theme, assets, routes: new Set(pages.map((q) => q.route)) }));
    expect(reused.map((r) => r.html)).toEqual(direct.map((r) => r.html));
    expect(reused[0]!.html).toContain('<title>Tom &amp; Jerry&#x27;s &lt;b&gt;1&lt;/b&gt; &quot;quoted&quot; | ');
    expect(reused[1]!.html).toContain('<meta name="keywords" content="a&amp;b, &lt;c&gt;"/>');
    expect(reused[2]!.html).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it('fills the template rather than rendering each head (a template is checked on the 1st, 2nd, 4th… page and stays sound)', () => {
    const reuse = newReuse();
    const routes = new Set(pages.map((p) => p.route));
    for (const p of pages) renderPage(p, { site, theme, assets, routes, reuse });
    const templates = [...reuse.documents.values()];
    // Kinds: plain (own keywords only change a value), noindex, with an island (loader script); only "plain" has a second page.
    expect(templates.length).toBe(3);
    const made = templates.filter((t) => t !== 'once');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ broken: false, uses: pages.length - 3 });
  });
});
