/**
 * Bundles made ahead (assets/bundle-ahead.ts) only fill the cache: the Site
 * reads them from there as it reads any earlier build's, and builds the same
 * site whether they were made, failed, or were made for another project.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleAhead, madeFor, type BundlesAhead } from '../../generator/assets/bundle-ahead';
import { bundleScripts, scriptEntries } from '../../generator/assets/bundle-assets';
import { bundleTheme } from '../../generator/render/load-theme';
import { projectPaths } from '../../generator/core/project';
import { Site } from '../../generator/core/site';
import type { SiteOptions } from '../../generator/core/site-options';
import { snapshotDir } from '../support/fixture';
import { tempProject, type TempProject } from '../support/project';
import { treeState } from '../support/tree';

const now = new Date('2026-01-01T00:00:00Z');
let project: TempProject | undefined;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A full build of `options`' project, committed; its warnings. */
async function buildWith(options: SiteOptions) {
  const site = new Site({ now, ...options });
  try {
    const result = await site.update('all');
    await site.commit();
    return result.warnings;
  } finally {
    await site.dispose();
  }
}

const settled = (ahead: BundlesAhead) => Promise.all([ahead.theme, ahead.scripts]);

/** A bundle's promise that the test fulfils with open(); `awaited` is fulfilled once something waits for it. */
function gate() {
  let open!: () => void;
  let waiting!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const awaited = new Promise<void>((resolve) => (waiting = resolve));
  const promise = {
    then(onOpen, onFail) {
      waiting();
      return opened.then(onOpen, onFail);
    },
  } as Promise<void>;
  return { promise, awaited, open };
}

describe('bundles made ahead', () => {
  it('fill the cache with the theme and the islands, which the Site waits for and reads from there', async () => {
    project = await tempProject();
    const cacheDir = project.file('cache');
    const paths = projectPaths({ root: project.root, cacheDir });
    // The Site is handed bundles still being made, each done only when the test says so, once the Site waits for it
    // (the cache is empty: it finds neither there). Until the theme is there, the project has no theme (a Site that
    // did not wait would fail to bundle it), and the islands' bundle is made only once the Site waits for it (one
    // that did not would ship its own).
    await rename(project.file('templates/index.ts'), project.file('templates/index.ts.later'));
    const theme = gate();
    const scripts = gate();
    const building = buildWith({ root: project.root, cacheDir, outDir: project.file('dist'), ahead: { paths, theme: theme.promise, scripts: scripts.promise } });

    await Promise.race([theme.awaited, building]);
    await rename(project.file('templates/index.ts.later'), project.file('templates/index.ts'));
    await bundleTheme(paths.themeDir, cacheDir);
    theme.open();
    await Promise.race([scripts.awaited, building]);
    await bundleScripts(await scriptEntries(paths.islandsDir), project.root, cacheDir);
    // Marked: the Site ships what it reads from the cache.
    const cached = await readdir(cacheDir);
    const scriptsFolder = path.join(cacheDir, cached.find((name) => /^scripts-[0-9a-f]{16}$/.test(name))!, 'assets');
    const loader = (await readdir(scriptsFolder)).find((name) => /^loader-\w+\.js$/.test(name))!;
    await writeFile(path.join(scriptsFolder, loader), `${await readFile(path.join(scriptsFolder, loader), 'utf8')}/*made ahead*/`);
    scripts.open();
    await building;
    expect(await readFile(project.file(`dist/assets/${loader}`), 'utf8')).toContain('/*made ahead*/');
    expect(await readFile(project.file('dist/index.html'), 'utf8')).toContain(`/assets/${loader}`);

    // Without the mark, the same site as a build that made every bundle itself.
    await writeFile(path.join(scriptsFolder, loader), (await readFile(path.join(scriptsFolder, loader), 'utf8')).replace('/*made ahead*/', ''));
    await buildWith({ root: project.root, cacheDir, outDir: project.file('dist'), ahead: await bundleAhead({ root: project.root, cacheDir }) });
    await buildWith({ root: project.root, cacheDir: project.file('own-cache'), outDir: project.file('own-dist') });
    expect(await snapshotDir(project.file('dist'))).toEqual(await snapshotDir(project.file('own-dist')));
  });

  it('make nothing where the build would refuse to build before it makes a cache, or has no theme', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'not-a-project-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await settled(await bundleAhead({ root: dir }));
    await mkdir(path.join(dir, 'pages'));
    await settled(await bundleAhead({ root: dir })); // no pages
    expect(await readdir(dir)).toEqual(['pages']);

    project = await tempProject();
    const before = await treeState(project.root);
    await settled(await bundleAhead({ root: project.root, outDir: '/' })); // an output folder the build may not take
    await settled(await bundleAhead({ root: project.root, outDir: project.root })); // the project itself as output
    await rename(project.file('templates'), project.file('templates-elsewhere'));
    await settled(await bundleAhead({ root: project.root, cacheDir: project.file('cache') })); // no theme
    await rename(project.file('templates-elsewhere'), project.file('templates'));
    expect(await treeState(project.root)).toEqual(before);
  });

  it('settle when the theme does not bundle, and the Site reports the error itself', async () => {
    project = await tempProject();
    await project.edit('templates/index.ts', (text) => `import './no-such-module';\n${text}`);
    const ahead = await bundleAhead({ root: project.root, cacheDir: project.file('cache') });
    await settled(ahead);
    await expect(buildWith({ root: project.root, cacheDir: project.file('cache'), outDir: project.file('dist'), ahead })).rejects.toMatchObject({
      kind: 'TemplateLoadFailed',
      message: expect.stringContaining('no-such-module'),
    });
  });

  it('go where the Site caches when its cache folder cannot be used, and the Site warns as it always has', async () => {
    project = await tempProject();
    await writeFile(project.file('cache'), 'a file where the cache folder would be\n');
    const ahead = await bundleAhead({ root: project.root, cacheDir: project.file('cache') });
    await settled(ahead);
    const warnings = await buildWith({ root: project.root, cacheDir: project.file('cache'), outDir: project.file('dist'), ahead });
    expect(warnings.map((warning) => warning.kind)).toContain('CacheUnwritable');
    expect(await readFile(project.file('dist/index.html'), 'utf8')).toContain('<!DOCTYPE html>');
  });

  it("are a Site's only when made for its project's places", () => {
    const paths = projectPaths({ root: '/projects/one' });
    const ahead: BundlesAhead = { paths, theme: Promise.resolve(), scripts: Promise.resolve() };
    expect(madeFor(ahead, projectPaths({ root: '/projects/one', outDir: 'elsewhere' }))).toBe(true);
    expect(madeFor(ahead, projectPaths({ root: '/projects/two' }))).toBe(false);
    expect(madeFor(ahead, projectPaths({ root: '/projects/one', cacheDir: 'other-cache' }))).toBe(false);
    expect(madeFor(ahead, projectPaths({ root: '/projects/one', pagesDir: 'content' }))).toBe(false);
  });
});
