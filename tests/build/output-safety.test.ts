/**
 * Nothing a user owns is lost: the build writes only into a folder of its own.
 *
 * Every case runs the CLI as a user would (`node bin/site.js build` in a temporary project) or calls build(), and
 * proves three things: the exit code (1), the named error (its kind, the folder or file, the field), and that every
 * folder involved is byte for byte, mode for mode and link for link as it was (treeState). Everything lives in
 * temporary folders, a fake home included: no case points at the real home folder or at / for anything but a refusal
 * checked before any write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build } from '../../generator/core/build';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { checkOutputPlace } from '../../generator/output/output-folder';
import {
  cliProject,
  reportedError,
  runCli,
  type CliProject,
  type CliResult,
  type TestSite,
} from '../support/cli-project';
import { REPO } from '../support/fixture';
import { treeState } from '../support/tree';

const MARK = '.site-output.json';

// Most cases run the CLI once or twice: on a machine busy with other work, a run can take several seconds.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

let project: CliProject;
/** A second project, whose build cache is broken on purpose. */
let cache: CliProject | undefined;
beforeAll(async () => {
  project = await cliProject();
  // A first build fills the project's cache, so the cases below run at the speed of a normal build.
  await project.build(await project.site());
});
afterAll(() => project.cleanup());

const buildSite = (site: TestSite, out = site.outDir, env?: NodeJS.ProcessEnv) =>
  project.run(['build', '--quiet', '--pages', site.pagesDir, '--out', out], env);

/** The CLI failed with exit code 1 and a catalogued error (no stack): returns it. */
function refused(result: CliResult, kind: string, file: string, field: string | null = '--out') {
  expect(result.code, `exit code; stderr:\n${result.stderr}`).toBe(1);
  const error = reportedError(result.stderr);
  expect(error, `a catalogued error in:\n${result.stderr}`).toBeDefined();
  expect(error).toMatchObject({ kind, file: shown(file), field: field ?? undefined });
  expect(error!.hint.length).toBeGreaterThan(10);
  expect(result.stderr, 'no stack without --verbose').not.toMatch(/\n\s+at .*:\d+:\d+/);
  return error!;
}

/** The build refused `out` with `kind`, naming it (field --out): through the CLI (exit code 1), or build() (a rejection). */
async function refusedVia(
  via: 'CLI' | 'build()',
  site: TestSite,
  out: string,
  kind: string,
): Promise<{ message: string }> {
  if (via === 'CLI') return refused(await buildSite(site, out), kind, out);
  const error = await build({ root: project.root, pagesDir: site.pagesDir, outDir: out, logger: silentLogger }).then(
    () => undefined,
    (e: unknown) => e,
  );
  const [found] = siteErrorsOf(error);
  expect(found, `a SiteError, not ${String(error)}`).toBeDefined();
  expect(found).toMatchObject({ kind, file: out, field: '--out' });
  return found!;
}

/** A path as the CLI names it: relative to its working folder (the project) when inside it, else absolute. */
const shown = (file: string) => {
  const cwd = cache && file.startsWith(cache.root + path.sep) ? cache.root : project.root;
  return file.startsWith(cwd + path.sep) ? path.relative(cwd, file) : file;
};

/** The states of `folders`, to compare after a run. */
const states = (...folders: string[]) => Promise.all(folders.map((folder) => treeState(folder)));

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('site build --out: folders the build must never take', () => {
  it('the root of the file system: refused before anything is written', async () => {
    expect(() => checkOutputPlace('/')).toThrow(/is the root of the file system/);
    expect(caught(() => checkOutputPlace('/'))).toMatchObject({
      kind: 'UnsafeOutputFolder',
      file: '/',
      field: '--out',
    });
    const site = await project.site();
    const rootBefore = (await readdir('/')).sort();
    const before = await states(project.root, site.dir);
    const error = refused(await buildSite(site, '/'), 'UnsafeOutputFolder', '/');
    expect(error.message).toMatch(/root of the file system/);
    expect((await readdir('/')).sort(), 'nothing written at /').toEqual(rootBefore);
    expect(await states(project.root, site.dir)).toEqual(before);
  });

  it('a home folder ($HOME, here a fake one) or a folder holding it: refused on every run', async () => {
    const site = await project.site();
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
    ['the project', 'CLI', () => project.root, /is the project/],
    ['a folder holding the project', 'build()', () => project.base, /holds the project/],
  ] as const)('%s: refused (%s)', async (_, via, out, reason) => {
    const site = await project.site();
    const before = await states(project.base, site.dir);
    const error = await refusedVia(via, site, out(), 'UnsafeOutputFolder');
    expect(error.message).toMatch(reason);
    expect(await states(project.base, site.dir)).toEqual(before);
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
    ['the templates folder', 'CLI', () => path.join(project.root, 'templates'), /is the templates folder/],
    [
      'a folder inside the templates folder',
      'build()',
      () => path.join(project.root, 'templates/layout'),
      /is inside the templates folder/,
    ],
    ['the islands folder', 'build()', () => path.join(project.root, 'islands'), /is the islands folder/],
    [
      'a folder inside the islands folder',
      'build()',
      () => path.join(project.root, 'islands/lib'),
      /is inside the islands folder/,
    ],
  ] as const)('%s: refused (%s)', async (_, via, outOf, reason) => {
    const site = await project.site();
    const out = outOf(site);
    const before = await states(project.base, site.dir);
    const error = await refusedVia(via, site, out, 'UnsafeOutputFolder');
    expect(error.message).toMatch(reason);
    expect(await states(project.base, site.dir)).toEqual(before);
  });

  it('an existing file: refused', async () => {
    const site = await project.site();
    const file = path.join(site.dir, 'notes.txt');
    await writeFile(file, 'mine');
    const before = await states(site.dir);
    refused(await buildSite(site, file), 'OutputIsFile', file);
    expect(await states(site.dir)).toEqual(before);
  });

  it('a non-empty folder no build of site wrote: refused, and still refused the second time', async () => {
    const site = await project.site();
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

describe('site build --out: the build knows its own output', () => {
  it('writes into an empty folder, marks it, and replaces its own output on the next build', async () => {
    const site = await project.site();
    await mkdir(site.outDir);
    expect((await buildSite(site)).code).toBe(0);
    const mark = JSON.parse(await readFile(path.join(site.outDir, MARK), 'utf8')) as {
      generator: string;
      files: string[];
    };
    expect(mark.generator).toBe('site');
    expect(mark.files).toEqual((await filesIn(site.outDir)).filter((file) => file !== MARK));
    expect(mark.files).toContain('services/audits.html');
    // The mark holds only names of files the folder publishes anyway: no absolute paths, nothing from outside.
    expect(mark.files.every((file) => !path.isAbsolute(file) && !file.split('/').includes('..'))).toBe(true);

    await rm(path.join(site.pagesDir, 'services/audits.md'));
    await writeFile(
      path.join(site.pagesDir, 'team.md'),
      '---\ntitle: Team\ndescription: The people of the fixture company, for the second build.\n---\nUs.\n',
    );
    for (const file of ['site.yml', 'index.md']) {
      const absolute = path.join(site.pagesDir, file);
      await writeFile(absolute, (await readFile(absolute, 'utf8')).replace(/\/services\/audits\b/g, '/team'));
    }
    const second = await buildSite(site);
    expect(second.code, second.stderr).toBe(0);
    const files = await filesIn(site.outDir);
    expect(files).toContain('team.html');
    expect(files).not.toContain('services/audits.html');
    const again = JSON.parse(await readFile(path.join(site.outDir, MARK), 'utf8')) as { files: string[] };
    expect(again.files).toEqual(files.filter((file) => file !== MARK));
    // The output swapped out is kept, marked, for the next build to write over.
    expect(await readFile(path.join(path.dirname(site.outDir), '.dist.spare', MARK), 'utf8')).toContain(
      '"generator":"site"',
    );
  });

  it('a file a user put into the previous output: the build refuses, naming it, and loses nothing (build())', async () => {
    const site = await project.site();
    await project.build(site);
    const mine = path.join(site.outDir, 'notes-for-me.txt');
    await writeFile(mine, 'draft I keep here');
    const before = await states(site.dir);
    for (let run = 0; run < 2; run++) {
      const error = await build({
        root: project.root,
        pagesDir: site.pagesDir,
        outDir: site.outDir,
        logger: silentLogger,
      }).then(
        () => undefined,
        (e: unknown) => siteErrorsOf(e)[0],
      );
      expect(error).toMatchObject({ kind: 'ForeignFileInOutput', file: mine, field: '--out' });
      expect(await states(site.dir)).toEqual(before);
    }
  });

  it('a folder a user made in the previous output: refused through the CLI too', async () => {
    const site = await project.site();
    await project.build(site);
    const folder = path.join(site.outDir, 'drafts');
    await mkdir(folder);
    const before = await states(site.dir);
    refused(await buildSite(site), 'ForeignFileInOutput', folder);
    expect(await states(site.dir)).toEqual(before);
  });

  it('a failed build leaves the previous output exactly as it was, and no staging folder behind', async () => {
    const site = await project.site();
    await project.build(site);
    const [output, pages] = await states(site.outDir, site.pagesDir);
    // A broken link fails the build at the end, once every page and file is written into the staging folder.
    const index = await readFile(path.join(site.pagesDir, 'index.md'));
    await writeFile(path.join(site.pagesDir, 'index.md'), index.toString().replace('(/about)', '(/abuot)'));
    const result = await buildSite(site);
    expect(result.code).toBe(1);
    expect(reportedError(result.stderr)?.kind).toBe('BrokenLink');
    expect(await treeState(site.outDir)).toEqual(output);
    const now = await treeState(site.pagesDir);
    expect(Object.keys(now).filter((key) => now[key] !== pages![key])).toEqual(['index.md']);
    // What the failed build wrote became the spare (marked as the build's own), for the next build to write over.
    expect((await readdir(site.dir)).sort()).toEqual(['.dist.spare', 'dist', 'pages']);
    expect(await readFile(path.join(site.dir, '.dist.spare', MARK), 'utf8')).toContain('"generator":"site"');
    // Fixed, the site builds again, over that spare.
    await writeFile(path.join(site.pagesDir, 'index.md'), index);
    const fixed = await buildSite(site);
    expect(fixed.code, fixed.stderr).toBe(0);
  });
});

describe('site build --out: never through a symbolic link', () => {
  it('an output folder that is a link: refused, and the folder it points at is untouched', async () => {
    const site = await project.site();
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
    const site = await project.site();
    await project.build(site);
    const victim = path.join(site.dir, 'victim.txt');
    await writeFile(victim, 'precious');
    await rm(path.join(site.outDir, 'robots.txt'));
    await symlink(victim, path.join(site.outDir, 'robots.txt'));
    const before = await states(site.dir);
    refused(await buildSite(site), 'SymlinkInOutput', path.join(site.outDir, 'robots.txt'));
    expect(await states(site.dir)).toEqual(before);
  });

  it('a linked folder inside the spare the build writes into: refused, and nothing is written where it points', async () => {
    const site = await project.site();
    await project.build(site);
    await project.build(site);
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

describe('site build: leftovers of interrupted builds', () => {
  it('removes marked staging folders of processes that are gone, and nothing else', async () => {
    const site = await project.site();
    await project.build(site);
    const dead = await deadPid();
    const leftover = path.join(site.dir, `.dist.tmp-${dead}-1`);
    await mkdir(path.join(leftover, 'assets'), { recursive: true });
    await writeFile(path.join(leftover, 'assets/big.js'), Buffer.alloc(1 << 20));
    await writeFile(
      path.join(leftover, MARK),
      JSON.stringify({ generator: 'site', files: [], staging: { pid: dead, host: os.hostname() } }),
    );
    // Killed while writing its mark: nothing in it but the mark's temporary copy, half written.
    const halfMarked = path.join(site.dir, `.dist.tmp-${dead}-4`);
    await mkdir(halfMarked);
    await writeFile(path.join(halfMarked, `${MARK}.${dead}.tmp`), '{"generator":"si');
    // Same name, but no mark: not site's to delete.
    const unmarked = path.join(site.dir, `.dist.tmp-${dead}-2`);
    await mkdir(unmarked);
    await writeFile(path.join(unmarked, 'mine.txt'), 'mine');
    // Marked, but its process still runs (this one): a build in progress.
    const running = path.join(site.dir, `.dist.tmp-${process.pid}-3`);
    await mkdir(running);
    await writeFile(
      path.join(running, MARK),
      JSON.stringify({ generator: 'site', files: [], staging: { pid: process.pid, host: os.hostname() } }),
    );
    const [unmarkedBefore, runningBefore] = await states(unmarked, running);

    expect((await buildSite(site)).code).toBe(0);
    const names = await readdir(site.dir);
    expect(names).not.toContain(path.basename(leftover));
    expect(names).not.toContain(path.basename(halfMarked));
    expect(await states(unmarked, running)).toEqual([unmarkedBefore, runningBefore]);
  });

  it('a build killed mid-way (SIGKILL) leaves its staging folder; the next build removes it', async () => {
    const site = await project.site();
    // Enough pages that the build is still rendering when the kill arrives.
    await mkdir(path.join(site.pagesDir, 'notes'));
    for (let i = 0; i < 250; i++) {
      await writeFile(
        path.join(site.pagesDir, `notes/note-${i}.md`),
        `---\ntitle: Note ${i}\ndescription: Note number ${i} of the fixture company, for the kill test.\n---\n\n## Note ${i}\n\n${'Some text for the note. '.repeat(40)}\n`,
      );
    }
    await project.build(site);
    const previous = await treeState(site.outDir);

    let child: ChildProcess | undefined;
    const staged = new Promise<string>((resolve) => {
      const watcher = watch(site.dir, (_, name) => {
        if (name?.startsWith('.dist.tmp-')) {
          watcher.close();
          child!.kill('SIGKILL');
          resolve(name);
        }
      });
    });
    child = spawn(
      process.execPath,
      [path.join(REPO, 'bin/site.js'), 'build', '--quiet', '--pages', site.pagesDir, '--out', site.outDir],
      { cwd: project.root, stdio: 'ignore' },
    );
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child!.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const leftover = await staged;
    expect(await exited, 'the build was killed before it finished').toEqual({ code: null, signal: 'SIGKILL' });
    expect(await readdir(site.dir)).toContain(leftover);
    expect(await treeState(site.outDir), 'the killed build left the output as it was').toEqual(previous);

    expect((await buildSite(site)).code).toBe(0);
    expect((await readdir(site.dir)).filter((name) => name.startsWith('.dist.tmp-'))).toEqual([]);
  });
});

describe('site watch: the same refusals', () => {
  it('refuses an output folder site did not write, exits 1, and serves nothing', async () => {
    const site = await project.site();
    const photos = path.join(site.dir, 'photos');
    await mkdir(photos);
    await writeFile(path.join(photos, 'a.jpg'), 'jpeg bytes');
    const before = await states(site.dir);
    const result = await runCli(['watch', '--pages', site.pagesDir, '--out', photos, '--port', '0'], project.root);
    refused(result, 'OutputFolderNotOurs', photos);
    expect(result.stdout).not.toMatch(/Serving at/);
    expect(await states(site.dir)).toEqual(before);
  });

  it('refuses a home folder', async () => {
    const site = await project.site();
    const home = path.join(site.dir, 'home');
    await mkdir(home);
    await writeFile(path.join(home, 'notes.txt'), 'mine');
    const before = await states(site.dir);
    refused(
      await runCli(['watch', '--pages', site.pagesDir, '--out', home, '--port', '0'], project.root, { HOME: home }),
      'UnsafeOutputFolder',
      home,
    );
    expect(await states(site.dir)).toEqual(before);
  });
});

describe('a build cache that cannot be written', () => {
  // Tests run as root, and chmod does not stop root from writing: a file where the cache folder should be does,
  // for any user (mkdir fails with EEXIST), as a read-only or foreign node_modules/.cache would for a normal user.
  let broken: CliProject;
  beforeAll(async () => {
    broken = cache = await cliProject();
    await mkdir(path.join(broken.root, 'node_modules/.cache'));
    await writeFile(path.join(broken.root, 'node_modules/.cache/site'), 'not a folder');
    await mkdir(path.join(broken.base, 'tmp'));
  });
  afterAll(() => broken.cleanup());
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

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
