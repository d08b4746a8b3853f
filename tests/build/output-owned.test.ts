/**
 * The build knows its own output: it marks each folder it writes with the
 * files it put there, writes into an empty folder or over its own previous
 * output, and refuses a file or folder a user put into that output. A failed
 * or killed build leaves the previous output exactly as it was, and the next
 * build removes the staging folders of builds that are gone, and nothing else
 * (../support/output-checks.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { watch } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { reportedError } from '../support/cli-project';
import { REPO } from '../support/fixture';
import { MARK, states, useWarmProject } from '../support/output-checks';
import { treeState } from '../support/tree';

const { project, buildSite, refused } = useWarmProject();

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('site build --out: the build knows its own output', () => {
  it('writes into an empty folder, marks it, and replaces its own output on the next build', async () => {
    const site = await project().site();
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
    const site = await project().site();
    await project().build(site);
    const mine = path.join(site.outDir, 'notes-for-me.txt');
    await writeFile(mine, 'draft I keep here');
    const before = await states(site.dir);
    for (let run = 0; run < 2; run++) {
      const error = await project()
        .build(site)
        .then(
          () => undefined,
          (e: unknown) => siteErrorsOf(e)[0],
        );
      expect(error).toMatchObject({ kind: 'ForeignFileInOutput', file: mine, field: '--out' });
      expect(await states(site.dir)).toEqual(before);
    }
  });

  it('a folder a user made in the previous output: refused through the CLI too', async () => {
    const site = await project().site();
    await project().build(site);
    const folder = path.join(site.outDir, 'drafts');
    await mkdir(folder);
    const before = await states(site.dir);
    refused(await buildSite(site), 'ForeignFileInOutput', folder);
    expect(await states(site.dir)).toEqual(before);
  });

  it('a failed build leaves the previous output exactly as it was, and no staging folder behind', async () => {
    const site = await project().site();
    await project().build(site);
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

describe('site build: leftovers of interrupted builds', () => {
  it('removes marked staging folders of processes that are gone, and nothing else', async () => {
    const site = await project().site();
    await project().build(site);
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
    const site = await project().site();
    // Enough pages that the build is still rendering when the kill arrives.
    await mkdir(path.join(site.pagesDir, 'notes'));
    for (let i = 0; i < 250; i++) {
      await writeFile(
        path.join(site.pagesDir, `notes/note-${i}.md`),
        `---\ntitle: Note ${i}\ndescription: Note number ${i} of the fixture company, for the kill test.\n---\n\n## Note ${i}\n\n${'Some text for the note. '.repeat(40)}\n`,
      );
    }
    await project().build(site);
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
      { cwd: project().root, stdio: 'ignore' },
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

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
