/**
 * Only regular files are read, and only so much: site.yml, the logo and the
 * pages as named pipes, devices or links out of the pages folder, and pages
 * or frontmatter past their limits, are each a named error, at once, before
 * the memory goes; the previous output stays as it was. A public file is
 * read as it was checked when listed, even if it is swapped for a pipe since.
 */
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { existsSync, rmSync } from 'node:fs';
import { rename, rm, symlink, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { siteErrorsOf } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { LIMITS } from '../../generator/base/read-input';
import { displayPath } from '../../generator/base/paths';
import { writeSite, type SwapStep } from '../../generator/output/write-site';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

/** The kinds a build of the project fails with (it must fail). */
async function failure(p: TempProject) {
  const error = await build({
    root: p.root,
    outDir: p.file('dist'),
    cacheDir: p.file('cache'),
    logger: silentLogger,
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the build should fail').toBeDefined();
  return siteErrorsOf(error).map((e) => ({ kind: e.kind, file: e.file, message: e.message }));
}

describe('special files', () => {
  it('site.yml as a named pipe is NotRegularFile, not a build that hangs', async () => {
    project = await tempProject();
    await rename(project.file('pages/site.yml'), project.file('site.yml.real'));
    execFileSync('mkfifo', [project.file('pages/site.yml')]);
    expect(await failure(project)).toEqual([
      expect.objectContaining({ kind: 'NotRegularFile', file: 'pages/site.yml' }),
    ]);
  });

  it('site.yml as a link to /dev/zero, or to a file outside the pages folder, is LinkOutsidePages', async () => {
    project = await tempProject();
    await rename(project.file('pages/site.yml'), project.file('site.yml.real'));
    for (const target of ['/dev/zero', project.file('site.yml.real')]) {
      await rm(project.file('pages/site.yml'), { force: true });
      await symlink(target, project.file('pages/site.yml'));
      expect(await failure(project), target).toEqual([
        expect.objectContaining({ kind: 'LinkOutsidePages', file: 'pages/site.yml' }),
      ]);
    }
  });

  it('the logo as a named pipe is NotRegularFile', async () => {
    project = await tempProject();
    await rm(project.file('pages/public/logo.svg'));
    execFileSync('mkfifo', [project.file('pages/public/logo.svg')]);
    expect((await failure(project)).map((e) => e.kind)).toContain('NotRegularFile');
  });

  it('a named pipe as a page, or a named pipe or socket in public/, is NotRegularFile naming it, never skipped without a word', async () => {
    project = await tempProject();
    execFileSync('mkfifo', [project.file('pages/pipe.md')]);
    // Never read nor published: left alone, as a link to it would be.
    execFileSync('mkfifo', [project.file('pages/notes.txt')]);
    execFileSync('mkfifo', [project.file('pages/public/feed.xml')]);
    // A socket, as a program listening on one leaves it.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(project!.file('pages/public/socket'), resolve));
    try {
      const named = (file: string, kind: string) =>
        expect.objectContaining({
          kind: 'NotRegularFile',
          file: project!.file(file),
          message: expect.stringContaining(`is ${kind}, not a regular file`),
        });
      // The pages are listed first: a pipe among them stops the build before the public folder is listed.
      expect(await failure(project)).toEqual([named('pages/pipe.md', 'a named pipe (FIFO)')]);
      await rm(project.file('pages/pipe.md'));
      expect(await failure(project)).toEqual([
        named('pages/public/feed.xml', 'a named pipe (FIFO)'),
        named('pages/public/socket', 'a socket'),
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a public file swapped for a named pipe after it was listed is NotRegularFile, not a build that hangs', async () => {
    project = await tempProject();
    const file = project.file('pages/public/notes.txt');
    await writeFile(file, 'notes');
    const out = project.file('dist');
    const swapped = (step: SwapStep) => {
      if (step !== 'write') return;
      rmSync(file);
      execFileSync('mkfifo', [file]);
    };
    const error = await writeSite(out, new Map([['index.html', 'home']]), project.file('pages/public'), undefined, {
      before: swapped,
    })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(siteErrorsOf(error).map((e) => [e.kind, e.file])).toEqual([['NotRegularFile', displayPath(file)]]);
    expect(existsSync(out)).toBe(false);
  });

  it('a page past the size limit is FileTooLarge, and frontmatter past its own, FrontmatterTooLarge', async () => {
    project = await tempProject();
    await writeFile(
      project.file('pages/huge.md'),
      `---\ntitle: Huge\ndescription: A page far larger than any real one.\n---\n\n${'word '.repeat(LIMITS.page / 5 + 10)}`,
    );
    await writeFile(
      project.file('pages/heavy.md'),
      `---\ntitle: Heavy\ndescription: Frontmatter far larger than any real one.\nnotes: "${'x'.repeat(LIMITS.frontmatter)}"\n---\n\nText.\n`,
    );
    const errors = await failure(project);
    expect(errors).toContainEqual(expect.objectContaining({ kind: 'FileTooLarge', file: 'pages/huge.md' }));
    expect(errors).toContainEqual(expect.objectContaining({ kind: 'FrontmatterTooLarge', file: 'pages/heavy.md' }));
  });
});
