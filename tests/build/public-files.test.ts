/**
 * Nothing outside the pages folder reaches the output, and nothing private
 * inside it: symbolic links out of the pages folder (in `public/` or among the
 * pages) are errors naming them, links that stay inside are published as
 * regular files, dotfiles in `public/` stay private except `.well-known/`,
 * and a public file never silently replaces (or is replaced by) a file the
 * build writes.
 *
 * Each failing case checks the exit code (CLI) or the rejection (build()), the
 * error's kind and file, and that the previous output and every file outside
 * are exactly as they were.
 */
import { lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { cliProject, reportedError, type CliProject, type CliResult, type TestSite } from '../support/cli-project';
import { treeState } from '../support/tree';

// Each case runs the CLI once or twice: on a machine busy with other work, a run can take several seconds.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

let project: CliProject;
beforeAll(async () => {
  project = await cliProject();
  // A first build fills the project's cache, so the cases below run at the speed of a normal build.
  await project.build(await project.site());
});
afterAll(() => project.cleanup());

const buildSite = (site: TestSite) => project.run(['build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir]);

/** A site built once, with a file outside its pages folder that links may point at. */
async function builtSite(): Promise<TestSite & { outside: string }> {
  const site = await project.site();
  const outside = path.join(site.dir, 'outside');
  await mkdir(outside);
  await writeFile(path.join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  await writeFile(
    path.join(outside, 'secret.md'),
    '---\ntitle: Secret\ndescription: A page kept outside the pages folder on purpose.\n---\nSecret.\n',
  );
  await project.build(site);
  return { ...site, outside };
}

/**
 * What a failed build must leave as it was: the previous output, the pages, the files outside, and no staging folder.
 * (What a failed build wrote becomes the spare, `.dist.spare`, for the next build to write over.)
 */
async function untouched(site: TestSite & { outside: string }) {
  const leftovers = (await readdir(site.dir)).filter((name) => name.startsWith('.dist.tmp-'));
  return {
    output: await treeState(site.outDir),
    pages: await treeState(site.pagesDir),
    outside: await treeState(site.outside),
    leftovers,
  };
}

/** Exit code 1 and these errors (kind and file, in order), with no stack. */
function failed(result: CliResult, ...expected: { kind: string; file: string }[]) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/\n\s+at .*:\d+:\d+/);
  const blocks = result.stderr
    .split(/\n\n/)
    .map(reportedError)
    .filter((e) => e !== undefined);
  expect(blocks.map((e) => ({ kind: e.kind, file: e.file }))).toEqual(expected);
  return blocks;
}

describe('links out of the pages folder', () => {
  it('a link in public/ to a file outside (a stand-in for /etc/passwd) is an error naming it', async () => {
    const site = await builtSite();
    const link = path.join(site.pagesDir, 'public/passwd');
    await symlink(path.join(site.outside, 'passwd'), link);
    const before = await untouched(site);
    const [error] = failed(await buildSite(site), { kind: 'LinkOutsidePages', file: link });
    expect(error!.message).toContain(path.join(site.outside, 'passwd'));
    expect(await untouched(site)).toEqual(before);
  });

  it('a linked folder in public/ that points outside is an error, and nothing is written where it points', async () => {
    const site = await builtSite();
    // Named like a folder of pages: before, cp() copied the link and the pages were then written through it.
    const link = path.join(site.pagesDir, 'public/services');
    await symlink(site.outside, link);
    const before = await untouched(site);
    failed(await buildSite(site), { kind: 'LinkOutsidePages', file: link });
    expect(await untouched(site)).toEqual(before);
  });

  it('a linked page that points outside is an error naming it (build())', async () => {
    const site = await builtSite();
    const link = path.join(site.pagesDir, 'secret.md');
    await symlink(path.join(site.outside, 'secret.md'), link);
    const before = await untouched(site);
    const error = await project.build(site).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(siteErrorsOf(error)).toMatchObject([{ kind: 'LinkOutsidePages', file: link }]);
    expect(await untouched(site)).toEqual(before);
  });

  it('a link that leads nowhere is an error naming it', async () => {
    const site = await builtSite();
    const link = path.join(site.pagesDir, 'public/gone.png');
    await symlink(path.join(site.outside, 'no-such-file.png'), link);
    const before = await untouched(site);
    failed(await buildSite(site), { kind: 'DanglingSymlink', file: link });
    expect(await untouched(site)).toEqual(before);
  });

  it('links that stay inside the pages folder are published as regular files, never as links', async () => {
    const site = await builtSite();
    await mkdir(path.join(site.pagesDir, 'shared'));
    await writeFile(path.join(site.pagesDir, 'shared/terms.txt'), 'terms');
    await symlink('../shared', path.join(site.pagesDir, 'public/shared'));
    await symlink('logo.svg', path.join(site.pagesDir, 'public/brand.svg'));
    await symlink('about.md', path.join(site.pagesDir, 'about-us.md'));
    const result = await buildSite(site);
    expect(result.code, result.stderr).toBe(0);
    for (const file of ['shared', 'shared/terms.txt', 'brand.svg', 'about-us.html']) {
      expect((await lstat(path.join(site.outDir, file))).isSymbolicLink(), file).toBe(false);
    }
    expect(await readFile(path.join(site.outDir, 'shared/terms.txt'), 'utf8')).toBe('terms');
    expect(await readFile(path.join(site.outDir, 'brand.svg'))).toEqual(
      await readFile(path.join(site.pagesDir, 'public/logo.svg')),
    );
  });
});

describe('dotfiles in public/', () => {
  it('are not published, except .well-known/', async () => {
    const site = await project.site();
    const pub = path.join(site.pagesDir, 'public');
    await writeFile(path.join(pub, '.env'), 'API_KEY=secret');
    await mkdir(path.join(pub, '.git'));
    await writeFile(path.join(pub, '.git/config'), '[core]');
    await mkdir(path.join(pub, 'img'));
    await writeFile(path.join(pub, 'img/.DS_Store'), 'finder');
    await writeFile(path.join(pub, 'img/photo.png'), 'png');
    await mkdir(path.join(pub, '.well-known'));
    await writeFile(path.join(pub, '.well-known/assetlinks.json'), '[]');
    await mkdir(path.join(pub, '.well-known/.private'));
    await writeFile(path.join(pub, '.well-known/.private/key'), 'key');
    const result = await buildSite(site);
    expect(result.code, result.stderr).toBe(0);
    const files = (await readdir(site.outDir, { recursive: true })).map((f) => f.split(path.sep).join('/'));
    expect(files).toContain('img/photo.png');
    expect(files).toContain('.well-known/assetlinks.json');
    expect(files).toContain('.well-known/security.txt');
    expect(files.filter((f) => /(^|\/)\.(?!well-known(\/|$)|site-output\.json$)/.test(f))).toEqual([]);
    // The build's own mark is the one dotfile it writes; it lists neither itself nor a private file.
    const mark = JSON.parse(await readFile(path.join(site.outDir, '.site-output.json'), 'utf8')) as { files: string[] };
    expect(mark.files.filter((f) => f.startsWith('.'))).toEqual([
      '.well-known/assetlinks.json',
      '.well-known/security.txt',
    ]);
  });
});

describe('a public file in place of a generated one', () => {
  it('public/robots.txt and public/about.html are errors naming both files', async () => {
    const site = await builtSite();
    const robots = path.join(site.pagesDir, 'public/robots.txt');
    const about = path.join(site.pagesDir, 'public/about.html');
    await writeFile(robots, 'User-agent: *\nDisallow: /\n');
    await writeFile(about, '<h1>my own about page</h1>');
    const before = await untouched(site);
    const [aboutError, robotsError] = failed(
      await buildSite(site),
      { kind: 'PublicFileCollision', file: about },
      { kind: 'PublicFileCollision', file: robots },
    );
    expect(aboutError!.message).toMatch(/would overwrite about\.html, the page of .*about\.md/);
    expect(robotsError!.message).toMatch(/would overwrite robots\.txt, a file the build makes/);
    expect(await untouched(site)).toEqual(before);
  });

  it('a public file where the build needs a folder, and names that differ only in case', async () => {
    const site = await builtSite();
    const services = path.join(site.pagesDir, 'public/services');
    const upper = path.join(site.pagesDir, 'public/About.html');
    await writeFile(services, 'a file, not a folder');
    await writeFile(upper, 'mine');
    const before = await untouched(site);
    const errors = failed(
      await buildSite(site),
      { kind: 'PublicFileCollision', file: upper },
      { kind: 'PublicFileCollision', file: services },
    );
    expect(errors[0]!.message).toMatch(/About\.html would overwrite about\.html.*differ only in case/);
    expect(errors[1]!.message).toMatch(/services is a file where the build needs a folder for services\/audits\.html/);
    expect(await untouched(site)).toEqual(before);
    await rm(services);
    await rm(upper);
    await project.build(site);
  });
});
