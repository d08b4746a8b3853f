import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Assets } from '../../generator/bundle-assets';
import { loadConfig } from '../../generator/config';
import { Island } from '../../generator/island';
import { renderPage } from '../../generator/render-pages';
import type { PageInfo, Theme } from '../../generator/types';
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
