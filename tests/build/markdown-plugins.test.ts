/**
 * Markdown plugins named in the site config (`markdown.plugins`), as a user
 * meets them: a real plugin from npm runs on every page with its options; a
 * plugin that is not installed, or one that fails on a page, stops the build
 * with a catalogued error naming the config field or the page, exit code 1,
 * and the previous output exactly as it was. Heading ids avoid the ids the
 * theme's layout uses.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { cliProject, reportedError, type CliProject, type TestSite } from '../support/cli-project';
import { snapshotDir, tempSite, type TempSite } from '../support/fixture';

const TYPOGRAPHY = 'She said “it’s ready” – the build ran from 9–5 — and nothing broke.';

describe('a markdown plugin from npm, named in the site config', () => {
  let site: TempSite;
  beforeAll(async () => {
    site = await tempSite('plugins');
  });
  afterAll(() => site.cleanup());

  it('runs on every page with its options; code, ids and links are left as they were', async () => {
    await site.build();
    const html = await readFile(path.join(site.outDir, 'typography.html'), 'utf8');
    expect(html).toContain(`<p>${TYPOGRAPHY}</p>`);
    expect(html).toContain('<code>"straight" -- as typed</code>');
    expect(html).toContain('<h2 id="quoted-heading">“Quoted” heading</h2>');
    expect(html).toContain('<a href="#quoted-heading">“quoted” heading</a>');
    // The layout's <main id="main">: the heading "Main" takes the next id.
    expect(html).toContain('<main id="main"');
    expect(html).toContain('<h2 id="main-1">Main</h2>');
  });

  it('a plugin failing on a page names the page, its line and the plugin; the previous output stays', async () => {
    await site.build();
    const before = await snapshotDir(site.outDir);
    await site.edit(
      'site.yml',
      '      options: { dashes: oldschool }\n',
      '      options: { dashes: oldschool }\n    - name: ./tests/fixtures/remark-plugins/no-h1.js\n',
    );
    await site.edit('about.md', '## Who we are', '# Who we are');
    const error = await site.build().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(siteErrorsOf(error)).toEqual([
      expect.objectContaining({
        kind: 'MarkdownFailed',
        file: path.relative(process.cwd(), path.join(site.pagesDir, 'about.md')),
        line: 7,
      }),
    ]);
    // Every error of the build comes in one SiteErrors (6ef084b): this one's own message names the plugin.
    expect(siteErrorsOf(error)[0]!.message).toMatch(
      /"\.\/tests\/fixtures\/remark-plugins\/no-h1\.js" \(markdown\.plugins\[1\]\).*level-1 heading/,
    );
    expect(await snapshotDir(site.outDir)).toEqual(before);
  });
});

describe('a markdown plugin that is not installed (CLI)', () => {
  let project: CliProject;
  let site: TestSite;
  beforeAll(async () => {
    project = await cliProject();
    site = await project.site('plugins');
  });
  afterAll(() => project.cleanup());

  it('fails with exit code 1 and an error naming site.yml, the field and the plugin; the previous output is untouched', async () => {
    const build = () => project.run(['build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir]);
    const first = await build();
    expect(first.code, first.stderr).toBe(0);
    expect(await readFile(path.join(site.outDir, 'typography.html'), 'utf8')).toContain(TYPOGRAPHY);
    const before = await snapshotDir(site.outDir);
    const config = path.join(site.pagesDir, 'site.yml');
    await writeFile(
      config,
      (await readFile(config, 'utf8')).replace(
        '      options: { dashes: oldschool }\n',
        '      options: { dashes: oldschool }\n    - name: remark-smartypantz\n',
      ),
    );

    const result = await build();
    expect(result.code, result.stderr).toBe(1);
    const error = reportedError(result.stderr);
    expect(error).toMatchObject({
      kind: 'MarkdownPluginNotFound',
      title: 'Markdown plugin not found',
      file: path.relative(project.root, config),
      field: 'markdown.plugins[1].name',
    });
    expect(error!.message).toContain('"remark-smartypantz"');
    expect(error!.hint).toContain('npm install remark-smartypantz');
    expect(result.stderr, 'no stack without --verbose').not.toMatch(/\n\s+at .*:\d+:\d+/);
    expect(await snapshotDir(site.outDir)).toEqual(before);
  });
});
