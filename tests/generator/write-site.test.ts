import { link, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { updateFiles } from '../../generator/output/update-files';
import { writeSite } from '../../generator/output/write-site';
import { treeState } from '../support/tree';

const MARK = '.site-output.json';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

const rejection = (run: Promise<unknown>) =>
  run.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => siteErrorsOf(error)[0] ?? error,
  );

const files = async (folder: string) =>
  (await readdir(folder, { recursive: true })).map((f) => f.split(path.sep).join('/')).sort();

describe('writeSite', () => {
  it('writes into a new folder, marked with the list of the files it wrote', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(
      out,
      new Map([
        ['index.html', 'new'],
        ['a/b.html', 'nested'],
      ]),
    );
    expect(await files(out)).toEqual([MARK, 'a', 'a/b.html', 'index.html']);
    expect(JSON.parse(await readFile(path.join(out, MARK), 'utf8'))).toEqual({
      generator: 'site',
      files: ['a/b.html', 'index.html'],
    });
    expect((await readdir(dir)).sort()).toEqual(['dist']);
  });

  it('replaces its own output whole, keeping the previous output as the spare', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['stale.html', 'old']]));
    await writeSite(
      out,
      new Map([
        ['index.html', 'new'],
        ['a/b.html', 'nested'],
      ]),
    );
    expect(await files(out)).toEqual([MARK, 'a', 'a/b.html', 'index.html']);
    expect((await readdir(dir)).sort()).toEqual(['.dist.spare', 'dist']);
    expect((await readdir(path.join(dir, '.dist.spare'))).sort()).toEqual([MARK, 'stale.html']);
  });

  it('writes the next build into the spare: same files overwritten, shorter ones cut, stale ones and emptied folders removed', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(
      out,
      new Map([
        ['index.html', 'first build, a long page'],
        ['gone/deep/page.html', 'x'],
        ['kept.html', 'k1'],
      ]),
    );
    await writeSite(
      out,
      new Map([
        ['index.html', 'second build'],
        ['kept.html', 'k2'],
      ]),
    );
    const recycled = await stat(path.join(dir, '.dist.spare/index.html'));
    await writeSite(
      out,
      new Map([
        ['index.html', 'third'],
        ['new/page.html', 'n'],
      ]),
    );
    // The third build wrote into the first build's folder: the same file, now holding only the new bytes.
    expect((await stat(path.join(out, 'index.html'))).ino).toBe(recycled.ino);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('third');
    expect(await files(out)).toEqual([MARK, 'index.html', 'new', 'new/page.html']);
    expect((await readdir(dir)).sort()).toEqual(['.dist.spare', 'dist']);
  });

  it('never writes through a hard link in the spare to a file outside it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['b.html', 'first']]));
    await writeSite(out, new Map([['b.html', 'second']]));
    // The user hard-links the build's own file (named in the mark) from outside: the build replaces its name only.
    await rm(path.join(dir, '.dist.spare/b.html'));
    await writeFile(path.join(dir, 'linked.html'), 'precious');
    await link(path.join(dir, 'linked.html'), path.join(dir, '.dist.spare/b.html'));
    await writeSite(out, new Map([['b.html', 'new b']]));
    expect(await readFile(path.join(dir, 'linked.html'), 'utf8')).toBe('precious');
    expect(await readFile(path.join(out, 'b.html'), 'utf8')).toBe('new b');
  });

  it('refuses a symbolic link in the spare, and writes nothing through it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['a.html', '1']]));
    await writeSite(out, new Map([['a.html', '2']]));
    await writeFile(path.join(dir, 'outside.html'), 'precious');
    await rm(path.join(dir, '.dist.spare/a.html'));
    await symlink(path.join(dir, 'outside.html'), path.join(dir, '.dist.spare/a.html'));
    const before = await treeState(dir);
    expect(await rejection(writeSite(out, new Map([['a.html', 'new a']])))).toMatchObject({
      kind: 'SymlinkInOutput',
      file: path.join(dir, '.dist.spare/a.html'),
    });
    expect(await treeState(dir)).toEqual(before);
  });

  it('refuses an output folder, or a spare, holding files no build wrote', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await mkdir(out);
    await writeFile(path.join(out, 'mine.html'), 'mine');
    const before = await treeState(dir);
    expect(await rejection(writeSite(out, new Map([['index.html', 'x']])))).toMatchObject({
      kind: 'OutputFolderNotOurs',
      file: out,
      field: '--out',
    });
    expect(await treeState(dir)).toEqual(before);

    await rm(out, { recursive: true });
    await writeSite(out, new Map([['index.html', '1']]));
    await writeSite(out, new Map([['index.html', '2']]));
    await writeFile(path.join(dir, '.dist.spare/mine.html'), 'mine');
    const later = await treeState(dir);
    expect(await rejection(writeSite(out, new Map([['index.html', '3']])))).toMatchObject({
      kind: 'ForeignFileInOutput',
      file: path.join(dir, '.dist.spare/mine.html'),
    });
    expect(await treeState(dir)).toEqual(later);
  });

  it('leaves staging folders it cannot prove its own, and folders named like old outputs, alone', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    await mkdir(path.join(dir, '.dist.old-123-456/deep'), { recursive: true });
    await writeFile(path.join(dir, '.dist.old-123-456/deep/page.html'), 'old');
    await mkdir(path.join(dir, '.dist.tmp-999999999-1'));
    await writeFile(path.join(dir, '.dist.tmp-999999999-1/mine.txt'), 'unmarked');
    await mkdir(path.join(dir, 'keep'));
    await writeSite(path.join(dir, 'dist'), new Map([['index.html', 'x']]));
    expect((await readdir(dir)).sort()).toEqual(['.dist.old-123-456', '.dist.tmp-999999999-1', 'dist', 'keep']);
  });

  it("removes a dead build's staging folder only when its mark names that build: a marked copy of an output is a user's", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    // A user's copy of an output folder, named like a dead build's staging folder, with the output's mark and a file it does not list.
    const copy = path.join(dir, '.dist.tmp-999999998-1');
    await mkdir(copy);
    await writeFile(path.join(copy, MARK), JSON.stringify({ generator: 'site', files: ['index.html'] }));
    await writeFile(path.join(copy, 'notes.txt'), "the user's own");
    // A staging mark of another process than the name says.
    const other = path.join(dir, '.dist.tmp-999999997-1');
    await mkdir(other);
    await writeFile(
      path.join(other, MARK),
      JSON.stringify({ generator: 'site', files: [], staging: { pid: 12345, host: os.hostname() } }),
    );
    // A dead build's own staging folder: removed.
    const dead = path.join(dir, '.dist.tmp-999999996-1');
    await mkdir(dead);
    await writeFile(
      path.join(dead, MARK),
      JSON.stringify({ generator: 'site', files: [], staging: { pid: 999999996, host: os.hostname() } }),
    );
    await writeFile(path.join(dead, 'half.html'), 'half written');
    await writeSite(path.join(dir, 'dist'), new Map([['index.html', 'x']]));
    expect((await readdir(dir)).sort()).toEqual(['.dist.tmp-999999997-1', '.dist.tmp-999999998-1', 'dist']);
    expect(await readFile(path.join(copy, 'notes.txt'), 'utf8')).toBe("the user's own");
  });

  it('copies the public folder under the generated files, as regular files, without dotfiles', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const pub = path.join(dir, 'pages/public');
    await mkdir(path.join(pub, 'img'), { recursive: true });
    await writeFile(path.join(pub, 'img/a.svg'), '<svg/>');
    await writeFile(path.join(pub, '.env'), 'secret');
    await symlink('img/a.svg', path.join(pub, 'b.svg'));
    await writeSite(path.join(dir, 'dist'), new Map([['index.html', 'x']]), pub);
    expect(await readFile(path.join(dir, 'dist/img/a.svg'), 'utf8')).toBe('<svg/>');
    expect((await lstat(path.join(dir, 'dist/b.svg'))).isFile()).toBe(true);
    expect(await files(path.join(dir, 'dist'))).toEqual([MARK, 'b.svg', 'img', 'img/a.svg', 'index.html']);
  });

  it('refuses a public file that would overwrite a generated one', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const pub = path.join(dir, 'pages/public');
    await mkdir(pub, { recursive: true });
    await writeFile(path.join(pub, 'index.html'), 'mine');
    expect(await rejection(writeSite(path.join(dir, 'dist'), new Map([['index.html', 'x']]), pub))).toMatchObject({
      kind: 'PublicFileCollision',
      file: path.join(pub, 'index.html'),
    });
    expect(await readdir(dir)).not.toContain('dist');
  });

  it('leaves the previous output untouched when writing fails, and the partial folder as a marked spare', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['index.html', 'previous']]));
    const before = await treeState(out);
    // "a" cannot be both a file and a folder: the write fails part-way.
    const clash = new Map([
      ['a', 'file'],
      ['a/b.html', 'nested'],
    ]);
    expect(await rejection(writeSite(out, clash))).toMatchObject({ kind: 'WriteFailed' });
    expect(await treeState(out)).toEqual(before);
    expect((await readdir(dir)).sort()).toEqual(['.dist.spare', 'dist']);
    // What the failed build wrote is listed in the spare's mark: the next build recycles it.
    expect(JSON.parse(await readFile(path.join(dir, '.dist.spare', MARK), 'utf8')).files).toContain('a');
    await writeSite(out, new Map([['index.html', 'next']]));
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('next');
  });
});

describe('updateFiles (watch mode writes into the live output folder)', () => {
  it('writes, replaces and removes the files it wrote, keeping the mark up to date', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(
      out,
      new Map([
        ['index.html', '1'],
        ['old.html', 'o'],
      ]),
    );
    await updateFiles(
      out,
      new Map<string, string | null>([
        ['index.html', '2'],
        ['new/page.html', 'n'],
        ['old.html', null],
      ]),
    );
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('2');
    expect(JSON.parse(await readFile(path.join(out, MARK), 'utf8')).files).toEqual(['index.html', 'new/page.html']);
    // The next full build recognises everything watch wrote.
    await writeSite(out, new Map([['index.html', '3']]));
    expect(await files(out)).toEqual([MARK, 'index.html']);
  });

  it('writes the mark again only when the files it lists change', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['index.html', '1']]));
    await updateFiles(out, new Map([['a.html', 'a']]));
    const markOf = async () => ({
      ino: (await stat(path.join(out, MARK))).ino,
      files: JSON.parse(await readFile(path.join(out, MARK), 'utf8')).files as string[],
    });
    const before = await markOf();
    expect(before.files).toEqual(['a.html', 'index.html']);
    // An edit of listed files: the same mark, not written again (a mark is written aside and renamed into place).
    await updateFiles(
      out,
      new Map([
        ['index.html', '2'],
        ['a.html', 'b'],
      ]),
    );
    expect(await markOf()).toEqual(before);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('2');
    // A file removed, or one that was not listed, is.
    await updateFiles(out, new Map([['a.html', null]]));
    expect((await markOf()).files).toEqual(['index.html']);
    await updateFiles(out, new Map([['b/c.html', 'c']]));
    expect((await markOf()).files).toEqual(['b/c.html', 'index.html']);
  });

  it('never writes through a symbolic link, never overwrites or deletes a file it did not write', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(
      out,
      new Map([
        ['index.html', '1'],
        ['a/page.html', 'p'],
      ]),
    );
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(dir, 'victim.html'), 'precious');
    await rm(path.join(out, 'index.html'));
    await symlink(path.join(dir, 'victim.html'), path.join(out, 'index.html'));
    await rm(path.join(out, 'a'), { recursive: true });
    await symlink(outside, path.join(out, 'a'));
    await writeFile(path.join(out, 'mine.html'), 'mine');
    const before = await treeState(dir);
    expect(await rejection(updateFiles(out, new Map([['index.html', 'x']])))).toMatchObject({
      kind: 'SymlinkInOutput',
      file: path.join(out, 'index.html'),
    });
    expect(await rejection(updateFiles(out, new Map([['a/page.html', 'x']])))).toMatchObject({
      kind: 'SymlinkInOutput',
      file: path.join(out, 'a'),
    });
    expect(await rejection(updateFiles(out, new Map([['mine.html', 'x']])))).toMatchObject({
      kind: 'ForeignFileInOutput',
      file: path.join(out, 'mine.html'),
    });
    await updateFiles(out, new Map([['mine.html', null]]));
    expect(await treeState(dir)).toEqual(before);
  });

  it('refuses an output folder that is a symbolic link', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    await mkdir(path.join(dir, 'real'));
    await symlink(path.join(dir, 'real'), path.join(dir, 'dist'));
    expect(await rejection(updateFiles(path.join(dir, 'dist'), new Map([['index.html', 'x']])))).toMatchObject({
      kind: 'OutputSymlink',
    });
    expect(await readdir(path.join(dir, 'real'))).toEqual([]);
  });
});
