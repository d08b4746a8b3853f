import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Assets } from '../../generator/assets/bundle-assets';
import { theme as realTheme } from '../../templates/index';
import { loadConfig } from '../../generator/config/config';
import { loadMarkdown } from '../../generator/markdown/markdown';
import type { Theme } from '../../generator/pages/theme-types';
import type { RenderedMarkdown as PageBody } from '../../generator/markdown/markdown';
import type { PageInfo } from '../../generator/pages/page';
import { renderPage } from '../../generator/render/render-pages';
import { duplicateId } from '../../generator/render/unique-ids';
import { REPO } from '../support/fixture';

describe('duplicateId', () => {
  it('finds an id given twice, across the page’s own markup and shared parts', () => {
    expect(
      duplicateId(['<main id="main">', { ids: ['nav', 'skip'] }, '<h2 id="a">A</h2><h2 id="b">B</h2>']),
    ).toBeUndefined();
    expect(duplicateId(['<main id="main">', { ids: ['nav'] }, '<h2 id="nav">Nav</h2>'])).toBe('nav');
    expect(duplicateId(['<p id="x"></p><p id="x"></p>'])).toBe('x');
  });

  it('reads ids from tags only: a code sample showing id="main" is text', () => {
    expect(duplicateId(['<main id="main"><pre><code>&lt;main id="main"&gt;</code></pre></main>'])).toBeUndefined();
  });
});

const site = await loadConfig(`${REPO}/tests/fixtures/basic`, REPO, realTheme.config);
const assets: Pick<Assets, 'stylesheet' | 'scripts' | 'imports' | 'styles'> = {
  stylesheet: '/assets/site-H.css',
  scripts: { loader: '/assets/loader-H.js' },
  imports: {},
  styles: {},
};
const markdown = await loadMarkdown(undefined, { root: REPO, configFile: 'site.yml' });

describe('a page whose heading takes an id the layout uses', () => {
  const theme = (reservedIds?: string[]): Theme => ({
    stylesheet: 'x.css',
    reservedIds,
    Layout: ({ children }) => (
      <>
        <nav id="site-nav">nav</nav>
        <main id="main">{children}</main>
      </>
    ),
    templates: {
      prose: {
        schema: z.strictObject({}),
        component: ({ page }) => <div dangerouslySetInnerHTML={{ __html: page.html }} />,
      },
    },
  });
  const pageWith = async (source: string, reservedIds?: string[]): Promise<PageInfo> => {
    const body = (await markdown.render(source, { file: 'pages/about.md', reservedIds })) as PageBody;
    return {
      file: 'pages/about.md',
      route: '/about',
      url: `${site.baseUrl}/about`,
      title: 'T',
      description: 'D',
      template: 'prose',
      data: { title: 'T', description: 'D' },
      breadcrumbs: [],
      isNotFound: false,
      ...body,
    };
  };
  const render = (page: PageInfo, reservedIds?: string[]) =>
    renderPage(page, { site, theme: theme(reservedIds), assets, routes: new Set(['/about']) });

  it('gets another id when the theme declares the layout’s ids', async () => {
    const reserved = ['main', 'site-nav'];
    const { html } = render(await pageWith('## Main\n\n## Site nav', reserved), reserved);
    expect(html).toContain('<h2 id="main-1">Main</h2>');
    expect(html).toContain('<h2 id="site-nav-1">Site nav</h2>');
  });

  it('fails to render, naming the page, the id and the heading, when the theme does not declare them', async () => {
    const page = await pageWith('## Intro\n\n## Main');
    expect(() => render(page)).toThrow(
      expect.objectContaining({
        kind: 'DuplicateId',
        file: 'pages/about.md',
        field: 'body',
        message: 'Two elements of /about have the id "main": one is the markdown heading "Main"',
      }),
    );
  });
});
