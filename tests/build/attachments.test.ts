/**
 * Files a page links to beside it (`![diagram](images/a.png)`, as markdown written for GitHub does) are published at
 * their path in the pages folder, and only those; a link to one that is missing, refused or outside the pages folder
 * is a BrokenLink on its line; and site watch's updates publish and remove them as a full build would.
 */
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { Site } from '../../generator/core/site';
import { PNG, REPO, snapshotDir, type TempSite, tempSite } from '../support/fixture';

/** The guide: an index page whose URL (/guide) has no trailing slash, so a browser alone would misread its links. */
const GUIDE = [
  '---',
  'title: The guide',
  'description: A page that links to files beside it, as a README on GitHub does.',
  '---',
  '',
  '![A diagram](img/diagram.png)',
  '',
  'The [notebook](files/lru%20cache.ipynb), [up](../about.md) and [a public file](../public/logo.svg).',
  '',
].join('\n');

async function addGuide(site: TempSite): Promise<void> {
  await mkdir(path.join(site.pagesDir, 'guide/img'), { recursive: true });
  await mkdir(path.join(site.pagesDir, 'guide/files'), { recursive: true });
  await writeFile(path.join(site.pagesDir, 'guide/index.md'), GUIDE);
  await writeFile(path.join(site.pagesDir, 'guide/img/diagram.png'), PNG);
  await writeFile(path.join(site.pagesDir, 'guide/img/unlinked.png'), PNG);
  await writeFile(path.join(site.pagesDir, 'guide/files/lru cache.ipynb'), '{"cells": []}\n');
}

/** The errors a build fails with, as kind, line, field and message. */
async function failure(site: TempSite) {
  const error = await site.build().then(
    () => undefined,
    (e: unknown) => e,
  );
  return siteErrorsOf(error).map((e) => ({ kind: e.kind, line: e.line, field: e.field, message: e.message }));
}

describe('files a page links to beside it', () => {
  let site: TempSite;
  beforeAll(async () => {
    site = await tempSite('basic');
    await addGuide(site);
  });
  afterAll(() => site.cleanup());

  it('are published at their path in the pages folder, linked from the root, and only those', async () => {
    await site.build();
    const html = await readFile(path.join(site.outDir, 'guide.html'), 'utf8');
    expect(html).toContain('<img src="/guide/img/diagram.png" alt="A diagram">');
    expect(html).toContain('<a href="/guide/files/lru%20cache.ipynb">notebook</a>');
    expect(html).toContain('<a href="/about">up</a>');
    expect(html).toContain('<a href="/logo.svg">a public file</a>');
    expect(await readFile(path.join(site.outDir, 'guide/img/diagram.png'))).toEqual(PNG);
    expect(await readFile(path.join(site.outDir, 'guide/files/lru cache.ipynb'), 'utf8')).toBe('{"cells": []}\n');
    const files = Object.keys(await snapshotDir(site.outDir));
    expect(files.filter((f) => f.startsWith('guide/'))).toEqual([
      'guide/files/lru cache.ipynb',
      'guide/img/diagram.png',
    ]);
    expect(files).not.toContain('guide/index.md');
  });

  it('a link to a file that is missing, a dotfile or outside the pages folder is a BrokenLink on its line', async () => {
    const before = await snapshotDir(site.outDir);
    await writeFile(path.join(site.pagesDir, 'guide/.env'), 'SECRET=1\n');
    await writeFile(path.join(os.tmpdir(), 'site-test-outside.png'), PNG);
    await site.edit(
      'guide/index.md',
      '![A diagram](img/diagram.png)',
      '![A diagram](img/diagram.png) [gone](img/gone.png)\n\n[env](.env) [out](../../outside.png)',
    );
    const errors = await failure(site);
    expect(errors).toEqual([
      {
        kind: 'BrokenLink',
        line: 6,
        field: 'img/gone.png',
        message:
          'Link "img/gone.png" on /guide is broken: guide/img/gone.png is not a page of the site, nor a file in the pages folder that it publishes',
      },
      {
        kind: 'BrokenLink',
        line: 8,
        field: '.env',
        message:
          'Link ".env" on /guide is broken: guide/.env is not a page of the site, nor a file in the pages folder that it publishes',
      },
      {
        kind: 'BrokenLink',
        line: 8,
        field: '../../outside.png',
        message: 'Link "../../outside.png" on /guide is broken: it leads out of the pages folder',
      },
    ]);
    expect(await snapshotDir(site.outDir)).toEqual(before);
    await writeFile(path.join(site.pagesDir, 'guide/index.md'), GUIDE);
    await rm(path.join(site.pagesDir, 'guide/.env'));
  });

  it('a linked file whose real path leaves the pages folder is LinkOutsidePages', async () => {
    await symlink(path.join(os.tmpdir(), 'site-test-outside.png'), path.join(site.pagesDir, 'guide/img/link.png'));
    await site.edit('guide/index.md', '![A diagram](img/diagram.png)', '![A diagram](img/link.png)');
    expect((await failure(site)).map((e) => e.kind)).toEqual(['LinkOutsidePages']);
    await rm(path.join(site.pagesDir, 'guide/img/link.png'));
    await writeFile(path.join(site.pagesDir, 'guide/index.md'), GUIDE);
  });

  it('a linked file may not take the place of a file the build makes, or of a public file', async () => {
    await writeFile(path.join(site.pagesDir, 'sitemap.xml'), '<urlset/>');
    await writeFile(path.join(site.pagesDir, 'logo.svg'), '<svg/>');
    await site.edit('about.md', 'We exist to be built in tests.', '[map](sitemap.xml) and [logo](logo.svg)');
    const errors = await failure(site);
    expect(errors.map((e) => [e.kind, e.message])).toEqual([
      [
        'PublicFileCollision',
        expect.stringMatching(
          /pages\/logo\.svg would overwrite logo\.svg, the public file .*pages\/public\/logo\.svg$/,
        ),
      ],
      [
        'PublicFileCollision',
        expect.stringMatching(/pages\/sitemap\.xml would overwrite sitemap\.xml, a file the build makes$/),
      ],
    ]);
    await site.edit('about.md', '[map](sitemap.xml) and [logo](logo.svg)', 'We exist to be built in tests.');
  });
});

describe('images from other hosts', () => {
  it("are a warning naming each page and host: the site's policy blocks them, so they would show broken", async () => {
    const site = await tempSite('basic');
    try {
      await site.edit(
        'about.md',
        'We exist to be built in tests.',
        '![Build status](https://camo.githubusercontent.com/77f7/6874) ![A cat](//i.imgur.com/k0t1e.png) [a link out](https://example.com/a.png)',
      );
      const { warnings } = await site.build();
      const offsite = warnings.filter((w) => w.kind === 'OffsiteImages');
      expect(offsite.map((w) => w.message)).toEqual([
        expect.stringMatching(
          /^1 page shows images from other hosts, which the site's Content-Security-Policy \(img-src 'self'\) blocks: \S*pages\/about\.md \(camo\.githubusercontent\.com, i\.imgur\.com\)$/,
        ),
      ]);
    } finally {
      await site.cleanup();
    }
  });
});

describe('site watch and files beside pages', () => {
  let fixture: TempSite;
  let site: Site;
  const built = () => snapshotDir(fixture.outDir);
  beforeAll(async () => {
    fixture = await tempSite('basic');
    await addGuide(fixture);
    site = new Site({ root: REPO, pagesDir: fixture.pagesDir, outDir: fixture.outDir, incremental: true });
    await site.update('all');
    await site.commit();
  });
  afterAll(async () => {
    await site.dispose();
    await fixture.cleanup();
  });

  /** The output of a full build of the pages as they are now, in a folder of its own. */
  async function fullBuild(): Promise<Record<string, string>> {
    const outDir = path.join(fixture.dir, 'full');
    await rm(outDir, { recursive: true, force: true });
    await fixture.build({ outDir, logger: silentLogger });
    const files = await snapshotDir(outDir);
    await rm(outDir, { recursive: true, force: true });
    return files;
  }

  it('publish a changed file again, a newly linked one, and remove one no page links to; as a full build would', async () => {
    const diagram = path.join(fixture.pagesDir, 'guide/img/diagram.png');
    await writeFile(diagram, Buffer.concat([PNG, Buffer.from('changed')]));
    const result = await site.update([diagram]);
    // No page's HTML changed, but the guide shows the image: site watch reloads it.
    expect([result.routes, result.shows]).toEqual([[], ['/guide']]);
    expect(await readFile(path.join(fixture.outDir, 'guide/img/diagram.png'), 'utf8')).toContain('changed');
    expect(await built()).toEqual(await fullBuild());

    const page = path.join(fixture.pagesDir, 'guide/index.md');
    await writeFile(page, GUIDE.replace('img/diagram.png', 'img/unlinked.png'));
    await site.update([page]);
    const files = Object.keys(await built());
    expect(files).toContain('guide/img/unlinked.png');
    expect(files).not.toContain('guide/img/diagram.png');
    expect(await built()).toEqual(await fullBuild());

    const unlinked = path.join(fixture.pagesDir, 'guide/img/unlinked.png');
    await rm(unlinked);
    const removed = await site.update([unlinked]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(siteErrorsOf(removed).map((e) => [e.kind, e.field])).toEqual([['BrokenLink', 'img/unlinked.png']]);
    await writeFile(unlinked, PNG);
    await site.update([unlinked]);
    expect(await built()).toEqual(await fullBuild());
  });
});
