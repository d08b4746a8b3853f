/**
 * A build cache that cannot be written: the build caches in a private
 * temporary folder instead, with a warning, and fails with a named error when
 * that folder is not private either, leaving the site as it was
 * (../support/output-checks.ts).
 */
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliProject, type CliProject } from '../support/cli-project';
import { CLI_TIMEOUTS, runsIn, states } from '../support/output-checks';

vi.setConfig(CLI_TIMEOUTS);

describe('a build cache that cannot be written', () => {
  // Tests run as root, and chmod does not stop root from writing: a file where the cache folder should be does,
  // for any user (mkdir fails with EEXIST), as a read-only or foreign node_modules/.cache would for a normal user.
  let broken: CliProject;
  beforeAll(async () => {
    broken = await cliProject();
    await mkdir(path.join(broken.root, 'node_modules/.cache'));
    await writeFile(path.join(broken.root, 'node_modules/.cache/site'), 'not a folder');
    await mkdir(path.join(broken.base, 'tmp'));
  });
  afterAll(() => broken.cleanup());
  const { refused } = runsIn(() => broken);
  const env = () => ({ TMPDIR: path.join(broken.base, 'tmp') });

  it('the build caches in a private temporary folder instead, with a warning and no stack', async () => {
    const site = await broken.site();
    const result = await broken.run(['build', '--pages', site.pagesDir, '--out', site.outDir], env());
    expect(result.code, result.stderr).toBe(0);
    const warning =
      /^warning: CacheUnwritable: node_modules\/\.cache\/site cannot be written \((\w+)\): the build caches in (\S+) instead/m.exec(
        result.stderr,
      );
    expect(warning, result.stderr).not.toBeNull();
    expect(result.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
    const fallback = warning![2]!;
    expect(fallback.startsWith(path.join(broken.base, 'tmp', 'site-cache-'))).toBe(true);
    expect((await stat(path.dirname(fallback))).mode & 0o777).toBe(0o700);
    expect((await readdir(fallback)).some((name) => /^theme-[0-9a-f]{16}\.mjs$/.test(name))).toBe(true);
    expect(await readFile(path.join(broken.root, 'node_modules/.cache/site'), 'utf8')).toBe('not a folder');
    expect(await readdir(site.outDir)).toContain('index.html');
    // A second build reuses the fallback.
    expect((await broken.run(['build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir], env())).code).toBe(
      0,
    );
  });

  it('when the fallback is not private either (others could plant code in it), the build fails with CacheUnwritable and a hint', async () => {
    const site = await broken.site();
    expect((await broken.run(['build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir], env())).code).toBe(
      0,
    );
    const base = path.join(broken.base, 'tmp', `site-cache-${process.getuid!()}`);
    await chmod(base, 0o777);
    const before = await states(site.dir);
    try {
      const error = refused(
        await broken.run(['build', '--pages', site.pagesDir, '--out', site.outDir], env()),
        'CacheUnwritable',
        path.join(broken.root, 'node_modules/.cache/site'),
        null,
      );
      expect(error.message).toMatch(/only this user can write/);
      expect(await states(site.dir)).toEqual(before);
    } finally {
      await chmod(base, 0o700);
    }
  });
});
