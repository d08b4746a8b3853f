/**
 * Nothing a user owns is lost: the build refuses every output folder that is
 * not a folder of its own to write. The root of the file system, a home
 * folder, the project, the pages, templates and islands folders and any
 * folder holding them or inside them, a file, a folder no build of site wrote,
 * and a symbolic link, as the folder or anywhere inside it: each is refused
 * with a named error and left as it was, by `site build` and by `site watch`
 * (../support/output-checks.ts). Everything lives in temporary folders, a fake
 * home included: no case points at the real home folder or at / for anything
 * but a refusal checked before any write.
 */
import { chmod, mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { checkOutputPlace } from '../../generator/output/output-folder';
import { runCli, type TestSite } from '../support/cli-project';
import { MARK, states, useWarmProject } from '../support/output-checks';

const { project, buildSite, refused } = useWarmProject();

/** The build refused `out` with `kind`, naming it (field --out): through the CLI (exit code 1), or build() (a rejection). */
async function refusedVia(
  via: 'CLI' | 'build()',
  site: TestSite,
  out: string,
  kind: string,
): Promise<{ message: string }> {
  if (via === 'CLI') return refused(await buildSite(site, out), kind, out);
  const error = await build({ root: project().root, pagesDir: site.pagesDir, outDir: out, logger: silentLogger }).then(
    () => undefined,
    (e: unknown) => e,
  );
  const [found] = siteErrorsOf(error);
  expect(found, `a SiteError, not ${String(error)}`).toBeDefined();
  expect(found).toMatchObject({ kind, file: out, field: '--out' });
  return found!;
}

describe('site build --out: folders the build must never take', () => {
  it('the root of the file system: refused before anything is written', async () => {
    expect(() => checkOutputPlace('/')).toThrow(/is the root of the file system/);
    expect(caught(() => checkOutputPlace('/'))).toMatchObject({
      kind: 'UnsafeOutputFolder',
      file: '/',
      field: '--out',
    });
    const site = await project().site();
    const rootBefore = (await readdir('/')).sort();
    const before = await states(project().root, site.dir);
    const error = refused(await buildSite(site, '/'), 'UnsafeOutputFolder', '/');
    expect(error.message).toMatch(/root of the file system/);
    expect((await readdir('/')).sort(), 'nothing written at /').toEqual(rootBefore);
    expect(await states(project().root, site.dir)).toEqual(before);
  });

  it('a home folder ($HOME, here a fake one) or a folder holding it: refused on every run', async () => {
    const site = await project().site();
    const home = path.join(site.dir, 'home');
    await mkdir(path.join(home, '.ssh'), { recursive: true, mode: 0o700 });
    await chmod(path.join(home, '.ssh'), 0o700);
    await writeFile(path.join(home, '.ssh/id_ed25519'), 'private key', { mode: 0o600 });
    await writeFile(path.join(home, 'notes.txt'), 'my notes');
    const before = await states(site.dir);
    for (let run = 0; run < 2; run++) {
      const error = refused(await buildSite(site, home, { HOME: home }), 'UnsafeOutputFolder', home);
      expect(error.message).toMatch(/is a home folder/);
      expect(await states(site.dir)).toEqual(before);
    }
    const holding = refused(await buildSite(site, site.dir, { HOME: home }), 'UnsafeOutputFolder', site.dir);
    expect(holding.message).toMatch(/holds the home folder/);
    expect(await states(site.dir)).toEqual(before);
  });

  it.each([
    ['the project', 'CLI', () => project().root, /is the project/],
    ['a folder holding the project', 'build()', () => project().base, /holds the project/],
  ] as const)('%s: refused (%s)', async (_, via, out, reason) => {
    const site = await project().site();
    const before = await states(project().base, site.dir);
    const error = await refusedVia(via, site, out(), 'UnsafeOutputFolder');
    expect(error.message).toMatch(reason);
    expect(await states(project().base, site.dir)).toEqual(before);
  });

  it.each([
    ['the pages folder', 'CLI', (site: TestSite) => site.pagesDir, /is the pages folder/],
    [
      'a folder inside the pages folder',
      'build()',
      (site: TestSite) => path.join(site.pagesDir, 'services'),
      /is inside the pages folder/,
    ],
    [
      'a new folder inside the pages folder',
      'build()',
      (site: TestSite) => path.join(site.pagesDir, 'public/out'),
      /is inside the pages folder/,
    ],
    ['a folder holding the pages folder', 'build()', (site: TestSite) => site.dir, /holds the pages folder/],
    ['the templates folder', 'CLI', () => path.join(project().root, 'templates'), /is the templates folder/],
    [
      'a folder inside the templates folder',
      'build()',
      () => path.join(project().root, 'templates/layout'),
      /is inside the templates folder/,
    ],
    ['the islands folder', 'build()', () => path.join(project().root, 'islands'), /is the islands folder/],
    [
      'a folder inside the islands folder',
      'build()',
      () => path.join(project().root, 'islands/lib'),
      /is inside the islands folder/,
    ],
  ] as const)('%s: refused (%s)', async (_, via, outOf, reason) => {
    const site = await project().site();
    const out = outOf(site);
    const before = await states(project().base, site.dir);
    const error = await refusedVia(via, site, out, 'UnsafeOutputFolder');
    expect(error.message).toMatch(reason);
    expect(await states(project().base, site.dir)).toEqual(before);
  });

  it('an existing file: refused', async () => {
    const site = await project().site();
    const file = path.join(site.dir, 'notes.txt');
    await writeFile(file, 'mine');
    const before = await states(site.dir);
    refused(await buildSite(site, file), 'OutputIsFile', file);
    expect(await states(site.dir)).toEqual(before);
  });

  it('a non-empty folder no build of site wrote: refused, and still refused the second time', async () => {
    const site = await project().site();
    const photos = path.join(site.dir, 'photos');
    await mkdir(path.join(photos, '2024'), { recursive: true });
    await writeFile(path.join(photos, 'a.jpg'), 'jpeg bytes');
    await writeFile(path.join(photos, '2024/b.jpg'), 'more jpeg bytes');
    const before = await states(site.dir);
    for (let run = 0; run < 2; run++) {
      const error = refused(await buildSite(site, photos), 'OutputFolderNotOurs', photos);
      expect(error.message).toContain(MARK);
      expect(await states(site.dir)).toEqual(before);
    }
  });
});

describe('site build --out: never through a symbolic link', () => {
  it('an output folder that is a link: refused, and the folder it points at is untouched', async () => {
    const site = await project().site();
    const elsewhere = path.join(site.dir, 'elsewhere');
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, 'keep.txt'), 'precious');
    await symlink(elsewhere, site.outDir);
    const before = await states(site.dir);
    const error = refused(await buildSite(site), 'OutputSymlink', site.outDir);
    expect(error.message).toContain(elsewhere);
    expect(await states(site.dir)).toEqual(before);
  });

  it('a link inside the previous output: refused, and the file it points at is untouched', async () => {
    const site = await project().site();
    await project().build(site);
    const victim = path.join(site.dir, 'victim.txt');
    await writeFile(victim, 'precious');
    await rm(path.join(site.outDir, 'robots.txt'));
    await symlink(victim, path.join(site.outDir, 'robots.txt'));
    const before = await states(site.dir);
    refused(await buildSite(site), 'SymlinkInOutput', path.join(site.outDir, 'robots.txt'));
    expect(await states(site.dir)).toEqual(before);
  });

  it('a linked folder inside the spare the build writes into: refused, and nothing is written where it points', async () => {
    const site = await project().site();
    await project().build(site);
    await project().build(site);
    const spare = path.join(site.dir, '.dist.spare');
    const outside = path.join(site.dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'keep.txt'), 'precious');
    await rm(path.join(spare, 'assets'), { recursive: true });
    await symlink(outside, path.join(spare, 'assets'));
    const before = await states(site.dir);
    refused(await buildSite(site), 'SymlinkInOutput', path.join(spare, 'assets'));
    expect(await states(site.dir)).toEqual(before);
  });
});

describe('site watch: no output folder of the build’s', () => {
  it('refuses --out with the reason (it writes a preview folder of its own), exits 2, and writes nothing', async () => {
    const site = await project().site();
    const photos = path.join(site.dir, 'photos');
    await mkdir(photos);
    await writeFile(path.join(photos, 'a.jpg'), 'jpeg bytes');
    const before = await states(site.dir);
    const result = await runCli(['watch', '--pages', site.pagesDir, '--out', photos, '--port', '0'], project().root);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out: site watch writes no output folder/);
    expect(result.stdout).not.toMatch(/Serving at/);
    expect(await states(site.dir)).toEqual(before);
  });
});

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
