/** `site check`: linkinator crawls the built site; only declared planned routes may be missing. */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSite, formatCheckReport } from '../../generator/dev/crawl-site';
import type { SiteConfig } from '../../generator/config/config';
import { theme } from '../../templates/index';
import { builtRealSite, type BuiltSite } from '../support/built-site';
import { tempSite } from '../support/fixture';
import { siteErrorsOf } from '../../generator/base/errors';

describe('the real site', () => {
  let site: BuiltSite;
  beforeAll(async () => {
    site = await builtRealSite();
  });

  it('has no broken link, asset or fragment; planned routes answer 404 with the not-found page', async () => {
    const config = site.result.config;
    const report = await checkSite(site.outDir, config, { placeholders: theme.placeholderLinks?.(config) });
    expect(report.problems, formatCheckReport(report)).toEqual([]);
    expect(report.planned).toEqual([...site.result.config.plannedRoutes].sort());
    expect(report.checked).toBeGreaterThan(300);
  });
});

describe('a damaged build', () => {
  it('lists each broken link with the page it is on', async () => {
    const fixture = await tempSite('basic');
    try {
      const result = await fixture.build();
      const assets = await readdir(path.join(fixture.outDir, 'assets'));
      await rm(
        path.join(
          fixture.outDir,
          'assets',
          assets.find((f) => f.endsWith('.css'))!,
        ),
      );
      const about = path.join(fixture.outDir, 'about.html');
      await writeFile(
        about,
        (await readFile(about, 'utf8')).replace(
          '</main>',
          '<a href="/services#nowhere">x</a><a href="/gone">y</a></main>',
        ),
      );
      const report = await checkSite(fixture.outDir, result.config);
      const problems = report.problems.map((p) => `${p.page} → ${p.link}`);
      expect(problems).toContain('/about → /gone');
      expect(problems).toContain('/about → /services#nowhere');
      expect(problems.some((p) => /→ \/assets\/site-.*\.css$/.test(p))).toBe(true);
      expect(formatCheckReport(report)).toMatch(/✖ \/about → \/gone: HTTP 404/);
    } finally {
      await fixture.cleanup();
    }
  });

  it('fails on a declared planned route that nothing links to, or that now has a page, and on stray placeholders', async () => {
    const fixture = await tempSite('basic');
    try {
      const result = await fixture.build();
      const config: SiteConfig = { ...result.config, plannedRoutes: ['/press', '/careers', '/about'] };
      await writeFile(
        path.join(fixture.outDir, 'services.html'),
        (await readFile(path.join(fixture.outDir, 'services.html'), 'utf8')).replace(
          '</main>',
          '<a href="#">stray</a></main>',
        ),
      );
      const report = await checkSite(fixture.outDir, config, { placeholders: theme.placeholderLinks?.(config) });
      expect(report.problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ link: '/careers', problem: expect.stringMatching(/no page links to it/) }),
          expect.objectContaining({ link: '/about', problem: expect.stringMatching(/now has a page/) }),
          expect.objectContaining({
            page: '/services',
            link: '#',
            problem: expect.stringMatching(/2 placeholder links, but the theme declares 1/),
          }),
        ]),
      );
    } finally {
      await fixture.cleanup();
    }
  });
});

describe('links between markdown files', () => {
  it('become the routes the files build to, with their fragments, from any folder', async () => {
    const fixture = await tempSite('basic');
    try {
      await fixture.edit(
        'about.md',
        'We exist to be built in tests.',
        'We exist to be built in tests: see [audits](./services/audits.md), [services](services/index.md#training) and [home](/index.md).',
      );
      await fixture.write(
        'services/more.md',
        '---\ntitle: More services\ndescription: A page that links back up the tree to other pages.\n---\n\nBack to [about](../about.md) or [the list][list].\n\n[list]: ./index.md\n',
      );
      await fixture.build();
      const about = await readFile(path.join(fixture.outDir, 'about.html'), 'utf8');
      expect(about).toContain('<a href="/services/audits">audits</a>');
      expect(about).toContain('<a href="/services#training">services</a>');
      expect(about).toContain('<a href="/">home</a>');
      const more = await readFile(path.join(fixture.outDir, 'services/more.html'), 'utf8');
      expect(more).toContain('<a href="/about">about</a>');
      expect(more).toContain('<a href="/services">the list</a>');
    } finally {
      await fixture.cleanup();
    }
  });

  it('name the file and line of a link to a markdown file that does not exist, as written', async () => {
    const fixture = await tempSite('basic');
    try {
      await fixture.edit(
        'about.md',
        'We exist to be built in tests.',
        'We exist to be built in tests.\n\nSee [the guide](./guide/install.md#usage).',
      );
      const error = await fixture.build().then(
        () => undefined,
        (e: unknown) => e,
      );
      const [broken] = siteErrorsOf(error);
      expect(broken).toMatchObject({
        kind: 'BrokenLink',
        file: expect.stringMatching(/about\.md$/),
        line: 11,
        field: './guide/install.md#usage',
      });
      expect(broken!.message).toBe(
        'Link "./guide/install.md#usage" on /about is broken: guide/install.md is not a page of the site (no such markdown file in the pages folder)',
      );
      expect(broken!.hint).toMatch(/or create guide\/install\.md/);
    } finally {
      await fixture.cleanup();
    }
  });

  it('name the line of each broken anchor the markdown wrote, with the id decoded and the nearest one', async () => {
    // As system-design-primer's translations link: headings of every depth, in any script, sometimes a word short.
    const fixture = await tempSite('basic');
    try {
      await fixture.edit(
        'about.md',
        'We exist to be built in tests.',
        [
          'We exist to be built in tests: [deep](#disadvantages-replication), [七层](#七层负载均衡).',
          '',
          '##### Disadvantage(s): replication',
          '',
          '## 七层负载均衡器',
          '',
          'Again: [七层](#七层负载均衡) and [gone](#nowhere).',
        ].join('\n'),
      );
      const error = await fixture.build().then(
        () => undefined,
        (e: unknown) => e,
      );
      const broken = siteErrorsOf(error).map((e) => ({
        kind: e.kind,
        line: e.line,
        field: e.field,
        message: e.message,
      }));
      const missing = 'Link "#七层负载均衡" on /about is broken: /about has no element with id "七层负载均衡"';
      expect(broken).toEqual([
        {
          kind: 'BrokenLink',
          line: 9,
          field: '#七层负载均衡',
          message: `${missing}; the nearest is "#七层负载均衡器"`,
        },
        {
          kind: 'BrokenLink',
          line: 15,
          field: '#七层负载均衡',
          message: `${missing}; the nearest is "#七层负载均衡器"`,
        },
        {
          kind: 'BrokenLink',
          line: 15,
          field: '#nowhere',
          message: 'Link "#nowhere" on /about is broken: /about has no element with id "nowhere"',
        },
      ]);
    } finally {
      await fixture.cleanup();
    }
  });

  it('a missing anchor on a markdown file the link names rightly is hinted as an anchor, not as a moved slug', async () => {
    const fixture = await tempSite('basic');
    try {
      await fixture.edit('about.md', 'We exist to be built in tests.', 'See [audits](services/audits.md#nowhere).');
      const error = await fixture.build().then(
        () => undefined,
        (e: unknown) => e,
      );
      const [broken, ...more] = siteErrorsOf(error);
      expect(more).toEqual([]);
      expect(broken).toMatchObject({ kind: 'BrokenLink', line: 9, field: 'services/audits.md#nowhere' });
      expect(broken!.message).toBe(
        'Link "services/audits.md#nowhere" on /about is broken: /services/audits has no element with id "nowhere"',
      );
      expect(broken!.hint).not.toMatch(/the route the slug gives/);
    } finally {
      await fixture.cleanup();
    }
  });
});
