import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSite } from '../../generator/write-site';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('writeSite', () => {
  it('replaces the output folder whole and leaves no temporary folders behind', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await mkdir(out);
    await writeFile(path.join(out, 'stale.html'), 'old');
    await writeSite(out, new Map([['index.html', 'new'], ['a/b.html', 'nested']]));
    expect((await readdir(out)).sort()).toEqual(['a', 'index.html']);
    expect(await readFile(path.join(out, 'a/b.html'), 'utf8')).toBe('nested');
    // The previous output is deleted in the background: it goes, without the build waiting for it.
    await expect.poll(() => readdir(dir), { timeout: 5000 }).toEqual(['dist']);
  });

  it('removes previous outputs an interrupted background removal left behind', async () => {
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

  it('leaves the previous output untouched, and no temporary folder, when writing fails', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'write-'));
    const out = path.join(dir, 'dist');
    await mkdir(out);
    await writeFile(path.join(out, 'index.html'), 'previous');
    // "a" cannot be both a file and a folder: the write fails part-way.
    const clash = new Map([['a', 'file'], ['a/b.html', 'nested']]);
    await expect(writeSite(out, clash)).rejects.toMatchObject({ kind: 'WriteFailed' });
    expect(await readdir(out)).toEqual(['index.html']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(await readdir(dir)).toEqual(['dist']);
  });
});
