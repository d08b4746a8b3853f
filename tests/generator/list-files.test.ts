/**
 * walkFiles names each file by cutting the listing's paths at the folder when that folder is absolute and normal, and
 * with path's own functions otherwise: however the folder is written, the same files under the same names.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkFiles } from '../../generator/base/list-files';

let root: string;
let pages: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-list-files-'));
  pages = path.join(root, 'pages');
  for (const file of ['a.md', 'guide/b.md', 'guide/deep/c.md', 'shared/d.md'])
    await mkdir(path.dirname(path.join(pages, file)), { recursive: true }).then(() =>
      writeFile(path.join(pages, file), `# ${file}\n`),
    );
  // A folder reached through a link: walked from its real path, its files named under the link.
  await symlink(path.join(pages, 'shared'), path.join(pages, 'linked'), 'dir');
});

afterAll(() => rm(root, { recursive: true, force: true }));

const expected = [
  ['a.md', 'a.md'],
  ['guide/b.md', 'guide/b.md'],
  ['guide/deep/c.md', 'guide/deep/c.md'],
  ['linked/d.md', 'shared/d.md'],
  ['shared/d.md', 'shared/d.md'],
];

describe('walkFiles', () => {
  it.each([
    ['absolute', () => pages],
    ['with a trailing separator', () => pages + path.sep],
    ['relative', () => path.relative(process.cwd(), pages)],
    ['not normal', () => path.join(root, 'pages', 'guide') + `${path.sep}..${path.sep}..${path.sep}pages`],
  ])('names the same files, each with its source, for a folder written %s', async (_, dir) => {
    const { files, links, special } = await walkFiles(dir(), { within: pages });
    expect(links).toEqual([]);
    expect(special).toEqual([]);
    expect(files.map((file) => [file.path, path.relative(pages, path.resolve(file.source))])).toEqual(expected);
    // A file's source is the listing's path joined as path.join joins it (absolute for an absolute folder).
    for (const file of files.filter((found) => !found.path.startsWith('linked/')))
      expect(file.source).toBe(path.join(dir(), file.path));
  });
});
