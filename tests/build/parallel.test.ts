/**
 * Large sites load and render their pages on worker threads. The output must
 * not depend on it: the real site built on three threads equals, file for file
 * and byte for byte, the site built on the main thread; so does a site with a
 * markdown plugin (the workers load it themselves), and a plugin failing on a
 * page gives the same error either way.
 */
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { siteErrorsOf } from '../../generator/core/errors';
import { silentLogger } from '../../generator/core/logger';
import { REPO, snapshotDir, tempSite } from '../support/fixture';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-parallel-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const now = new Date('2026-11-22T00:00:00Z');
const buildWith = (threads: number) => build({ root: REPO, outDir: path.join(dir, `dist-${threads}`), logger: silentLogger, now, threads });

describe('building on worker threads', () => {
  it('writes exactly what a one-thread build writes, also over the spare folder an earlier build left', async () => {
    const serial = await buildWith(1);
    // The third build into one folder writes over the first one's files (kept as the spare by the second):
    // a file it does not write must go, and a file longer than its new contents must be cut.
    await buildWith(3);
    await buildWith(3);
    const spare = path.join(dir, '.dist-3.spare');
    await writeFile(path.join(spare, 'stale.html'), 'from an older build');
    // Listed in the spare's mark as a build's own file: a file no build wrote would stop the build instead.
    const mark = path.join(spare, '.site-output.json');
    const listed = JSON.parse(await readFile(mark, 'utf8')) as { files: string[] };
    await writeFile(mark, JSON.stringify({ ...listed, files: [...listed.files, 'stale.html'] }));
    await appendFile(path.join(spare, 'about.html'), '<p>'.repeat(5000));
    const parallel = await buildWith(3);
    expect(parallel.pages).toEqual(serial.pages);
    expect(parallel.outputs.map((o) => [o.file, o.bytes]).sort()).toEqual(serial.outputs.map((o) => [o.file, o.bytes]).sort());
    const [one, two] = [await snapshotDir(serial.outDir), await snapshotDir(parallel.outDir)];
    expect(Object.keys(two)).toEqual(Object.keys(one));
    for (const file of Object.keys(one)) expect(two[file], file).toBe(one[file]);
    expect(Object.keys(one).filter((f) => f.endsWith('.html')).length).toBe(serial.pages.length);
  });

  it('with a markdown plugin from the site config: the same output, and the same errors for a missing plugin and a page a plugin fails on', async () => {
    const site = await tempSite('plugins');
    try {
      const out = (name: string) => path.join(site.dir, name);
      const serial = await site.build({ outDir: out('one'), threads: 1, now });
      const parallel = await site.build({ outDir: out('two'), threads: 2, now });
      expect(parallel.pages).toEqual(serial.pages);
      const [one, two] = [await snapshotDir(serial.outDir), await snapshotDir(parallel.outDir)];
      expect(Object.keys(two)).toEqual(Object.keys(one));
      for (const file of Object.keys(one)) expect(two[file], file).toBe(one[file]);
      // The plugin ran on the workers, with its options, and the theme's reserved ids reached them.
      const typography = Buffer.from(two['typography.html']!, 'base64').toString();
      expect(typography).toContain('She said “it’s ready” – the build ran from 9–5 — and nothing broke.');
      expect(typography).toContain('<h2 id="main-1">Main</h2>');

      const failure = (threads: number) =>
        site.build({ outDir: out(`fail-${threads}`), threads, now }).then(
          () => [],
          (error: unknown) => siteErrorsOf(error).map(({ kind, file, field, line, message }) => ({ kind, file, field, line, message })),
        );
      // Each worker loads the plugins: the missing one is reported once, as on one thread.
      await site.edit('site.yml', '      options: { dashes: oldschool }\n', '      options: { dashes: oldschool }\n    - name: remark-smartypantz\n');
      const missing = await failure(1);
      expect(missing).toEqual([expect.objectContaining({ kind: 'MarkdownPluginNotFound', file: expect.stringMatching(/site\.yml$/), field: 'markdown.plugins[1].name' })]);
      expect(await failure(2)).toEqual(missing);

      await site.edit('site.yml', 'remark-smartypantz', './tests/fixtures/remark-plugins/no-h1.js');
      await site.edit('about.md', '## Who we are', '# Who we are');
      const onOne = await failure(1);
      expect(onOne).toEqual([expect.objectContaining({ kind: 'MarkdownFailed', file: expect.stringMatching(/about\.md$/), line: 7 })]);
      expect(await failure(2)).toEqual(onOne);
    } finally {
      await site.cleanup();
    }
  });
});
