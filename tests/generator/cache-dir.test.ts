/**
 * The cache folder: the preferred one whenever it can be written, chosen the
 * same way by everything that chooses it at once (two builds).
 */
import { mkdir, mkdtemp, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheFolder } from '../../generator/cache/cache-dir';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the cache folder', () => {
  it('is the preferred folder for every caller choosing it at once, linked once to the packages', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'cache-dir-'));
    const packages = path.join(dir, 'project', 'node_modules');
    await mkdir(packages, { recursive: true });
    const preferred = path.join(dir, 'elsewhere', 'cache');
    const chosen = await Promise.all(Array.from({ length: 8 }, () => cacheFolder(preferred, packages)));
    for (const choice of chosen) expect(choice).toEqual({ dir: preferred });
    expect(await readlink(path.join(preferred, 'node_modules'))).toBe(packages);
  });
});
