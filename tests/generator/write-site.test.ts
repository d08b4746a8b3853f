import { link, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSite } from '../../generator/output/write-site';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeSite', () => {
  it('replaces the output folder whole, keeping the previous output as the spare', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await mkdir(out);
    await writeFile(path.join(out, 'stale.html'), 'old');
    await writeSite(out, new Map([['index.html', 'new'], ['a/b.html', 'nested']]));
    expect((await readdir(out)).sort()).toEqual(['a', 'index.html']);
    expect(await readFile(path.join(out, 'a/b.html'), 'utf8')).toBe('nested');
    expect((await readdir(dir)).sort()).toEqual(['.dist.spare', 'dist']);
    expect(await readdir(path.join(dir, '.dist.spare'))).toEqual(['stale.html']);
  });

  it('writes the next build into the spare: same files overwritten, shorter ones cut, stale ones and emptied folders removed', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['index.html', 'first build, a long page'], ['gone/deep/page.html', 'x'], ['kept.html', 'k1']]));
    await writeSite(out, new Map([['index.html', 'second build'], ['kept.html', 'k2']]));
    const recycled = await stat(path.join(dir, '.dist.spare/index.html'));
    await writeSite(out, new Map([['index.html', 'third'], ['new/page.html', 'n']]));
    // The third build wrote into the first build's folder: the same file, now holding only the new bytes.
    expect((await stat(path.join(out, 'index.html'))).ino).toBe(recycled.ino);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('third');
    expect((await readdir(out, { recursive: true })).sort()).toEqual(['index.html', 'new', 'new/page.html']);
    expect((await readdir(dir)).sort()).toEqual(['.dist.spare', 'dist']);
  });

  it('never writes through a hard link or a symbolic link in the spare to a file outside it', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await mkdir(path.join(dir, '.dist.spare'), { recursive: true });
    await writeFile(path.join(dir, 'outside.html'), 'precious');
    await writeFile(path.join(dir, 'linked.html'), 'also precious');
    await symlink(path.join(dir, 'outside.html'), path.join(dir, '.dist.spare/a.html'));
    await link(path.join(dir, 'linked.html'), path.join(dir, '.dist.spare/b.html'));
    await writeSite(out, new Map([['a.html', 'new a'], ['b.html', 'new b']]));
    expect(await readFile(path.join(dir, 'outside.html'), 'utf8')).toBe('precious');
    expect(await readFile(path.join(dir, 'linked.html'), 'utf8')).toBe('also precious');
    expect(await readFile(path.join(out, 'a.html'), 'utf8')).toBe('new a');
    expect(await readFile(path.join(out, 'b.html'), 'utf8')).toBe('new b');
  });

  it('removes previous outputs that an earlier background removal left behind', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    await mkdir(path.join(dir, '.dist.old-123-456/deep'), { recursive: true });
    await writeFile(path.join(dir, '.dist.old-123-456/deep/page.html'), 'old');
    await mkdir(path.join(dir, 'keep'));
    await writeSite(path.join(dir, 'dist'), new Map([['index.html', 'x']]));
    expect((await readdir(dir)).sort()).toEqual(['dist', 'keep']);
  });

  it('copies the public folder under the generated files', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const pub = path.join(dir, 'public');
    await mkdir(path.join(pub, 'img'), { recursive: true });
    await writeFile(path.join(pub, 'img/a.svg'), '<svg/>');
    await writeSite(path.join(dir, 'dist'), new Map([['index.html', 'x']]), pub);
    expect(await readFile(path.join(dir, 'dist/img/a.svg'), 'utf8')).toBe('<svg/>');
  });

  it('leaves the previous output untouched when writing fails, and the partial folder as the spare', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), 'previous');
    // "a" cannot be both a file and a folder: the write fails part-way.
    const clash = new Map([['a', 'file'], ['a/b.html', 'nested']]);
    await expect(writeSite(out, clash)).rejects.toMatchObject({ kind: 'WriteFailed' });
    expect(await readdir(out)).toEqual(['index.html']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect((await readdir(dir)).sort()).toEqual(['.dist.spare', 'dist']);
  });
});
