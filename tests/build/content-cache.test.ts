/**
 * The content cache changes how fast a build is, never what it writes: a cold
 * build and a warm one (every page from the store) write the same files, byte
 * for byte.
 * What a page's cached result depends on invalidates exactly the pages that
 * depend on it: a config value only the pages whose tokens read it, a plugin
 * option every page. A torn store is ignored.
 */
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../generator/core/build';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { REPO, snapshotDir, tempSite } from '../support/fixture';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-content-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const now = new Date('2026-11-22T00:00:00Z');
const buildReal = (name: string, cache: string) =>
  build({ root: REPO, outDir: path.join(dir, name), cacheDir: path.join(dir, cache), logger: silentLogger, now });

async function expectSameFiles(a: BuildResult, b: BuildResult): Promise<void> {
  expect(b.pages).toEqual(a.pages);
  const [one, two] = [await snapshotDir(a.outDir), await snapshotDir(b.outDir)];
  expect(Object.keys(two)).toEqual(Object.keys(one));
  for (const file of Object.keys(one)) expect(two[file], file).toBe(one[file]);
  expect(Object.keys(one).filter((f) => f.endsWith('.html')).length).toBe(a.pages.length);
}

describe('the content cache', () => {
  it('two cold builds and a warm one write the same bytes, also over the spare folder an earlier build left', async () => {
    const serial = await buildReal('one', 'cache-one');
    expect(serial.content).toEqual({ stored: 0, rendered: serial.pages.length, threads: 1 });
    const again = await buildReal('three', 'cache-three');
    expect(again.content).toEqual({ stored: 0, rendered: serial.pages.length, threads: 1 });
    await expectSameFiles(serial, again);

    // Warm, into the same output folder twice more: the third build writes over the first one's files (kept as the
    // spare by the second); a file it does not write must go, and a file longer than its new contents must be cut.
    await buildReal('three', 'cache-three');
    const spare = path.join(dir, '.three.spare');
    await writeFile(path.join(spare, 'stale.html'), 'from an older build');
    const mark = path.join(spare, '.site-output.json');
    const listed = JSON.parse(await readFile(mark, 'utf8')) as { files: string[] };
    await writeFile(mark, JSON.stringify({ ...listed, files: [...listed.files, 'stale.html'] }));
    await appendFile(path.join(spare, 'about.html'), '<p>'.repeat(5000));
    const warm = await buildReal('three', 'cache-three');
    expect(warm.content).toEqual({ stored: serial.pages.length, rendered: 0, threads: 0 });
    await expectSameFiles(serial, warm);
  });

  it('ignores a torn or foreign store, and rewrites it whole', async () => {
    const cache = path.join(dir, 'cache-torn');
    const first = await buildReal('torn', 'cache-torn');
    const [store] = (await readdir(cache)).filter((name) => name.startsWith('content-'));
    const text = await readFile(path.join(cache, store!), 'utf8');
    // Cut at a line's end, so every line that is left parses: only the missing end shows the store is torn.
    await writeFile(path.join(cache, store!), text.slice(0, text.lastIndexOf('\n', Math.floor(text.length / 2)) + 1));
    const torn = await buildReal('torn', 'cache-torn');
    expect(torn.content.stored).toBe(0);
    await expectSameFiles(first, torn);
    expect(await readFile(path.join(cache, store!), 'utf8')).toBe(text);
    const [header, ...rest] = text.split('\n');
    await writeFile(
      path.join(cache, store!),
      [JSON.stringify({ ...JSON.parse(header!), recipe: 'another' }), ...rest].join('\n'),
    );
    expect((await buildReal('torn', 'cache-torn')).content.stored).toBe(0);
    expect((await buildReal('torn', 'cache-torn')).content.stored).toBe(first.pages.length);
  });

  it('a config value re-renders exactly the pages whose tokens read it; a value no token reads, none', async () => {
    const site = await tempSite('basic');
    const cacheDir = path.join(site.dir, 'cache');
    try {
      await site.edit('about.md', '\n## ', '\nWrite to {{ contact.email }}.\n\n## ');
      const cold = await site.build({ cacheDir, now });
      expect(cold.content.rendered).toBe(cold.pages.length);
      await site.edit('site.yml', 'email: hello@example.com', 'email: hi@example.com');
      const changed = await site.build({ cacheDir, now });
      expect(changed.content).toEqual({ stored: cold.pages.length - 1, rendered: 1, threads: 1 });
      expect(await readFile(path.join(site.outDir, 'about.html'), 'utf8')).toContain('hi@example.com');
      await site.edit('site.yml', /^tagline: .*$/m, 'tagline: Another tagline for the tests');
      expect((await site.build({ cacheDir, now })).content).toEqual({
        stored: cold.pages.length,
        rendered: 0,
        threads: 0,
      });
      // The same output as a cold build of the same sources.
      const fresh = await site.build({
        cacheDir: path.join(site.dir, 'cache-fresh'),
        outDir: path.join(site.dir, 'fresh'),
        now,
      });
      const warm = await site.build({ cacheDir, now });
      await expectSameFiles(fresh, warm);
    } finally {
      await site.cleanup();
    }
  });

  it('with a markdown plugin: a plugin option re-renders every page; two cold builds write the same; errors are the same with a cold cache and a warm one', async () => {
    const site = await tempSite('plugins');
    const cacheDir = path.join(site.dir, 'cache');
    try {
      const out = (name: string) => path.join(site.dir, name);
      const serial = await site.build({ outDir: out('one'), now, cacheDir: path.join(site.dir, 'cache-one') });
      const parallel = await site.build({ outDir: out('two'), now, cacheDir });
      await expectSameFiles(serial, parallel);
      // The plugin ran with its options, and the theme's reserved ids reached it.
      const typography = await readFile(path.join(parallel.outDir, 'typography.html'), 'utf8');
      expect(typography).toContain('She said “it’s ready” – the build ran from 9–5 — and nothing broke.');
      expect(typography).toContain('<h2 id="main-1">Main</h2>');

      await site.edit('site.yml', 'options: { dashes: oldschool }', 'options: { dashes: inverted }');
      const reoptioned = await site.build({ outDir: out('two'), now, cacheDir });
      expect(reoptioned.content).toEqual({ stored: 0, rendered: serial.pages.length, threads: 1 });
      expect(await readFile(path.join(reoptioned.outDir, 'typography.html'), 'utf8')).toContain('9—5');
      await site.edit('site.yml', 'options: { dashes: inverted }', 'options: { dashes: oldschool }');

      const failure = (name: string, cache = path.join(site.dir, `cache-fail-${name}`)) =>
        site.build({ outDir: out(`fail-${name}`), now, cacheDir: cache }).then(
          () => [],
          (error: unknown) =>
            siteErrorsOf(error).map(({ kind, file, field, line, message }) => ({ kind, file, field, line, message })),
        );
      await site.edit(
        'site.yml',
        '      options: { dashes: oldschool }\n',
        '      options: { dashes: oldschool }\n    - name: remark-smartypantz\n',
      );
      const missing = await failure('cold');
      expect(missing).toEqual([
        expect.objectContaining({
          kind: 'MarkdownPluginNotFound',
          file: expect.stringMatching(/site\.yml$/),
          field: 'markdown.plugins[1].name',
        }),
      ]);
      expect(await failure('warm', cacheDir)).toEqual(missing);

      await site.edit('site.yml', 'remark-smartypantz', './tests/fixtures/remark-plugins/no-h1.js');
      await site.edit('about.md', '## Who we are', '# Who we are');
      const onOne = await failure('cold-page');
      expect(onOne).toEqual([
        expect.objectContaining({ kind: 'MarkdownFailed', file: expect.stringMatching(/about\.md$/), line: 7 }),
      ]);
      expect(await failure('warm-page', cacheDir)).toEqual(onOne);
    } finally {
      await site.cleanup();
    }
  });
});
