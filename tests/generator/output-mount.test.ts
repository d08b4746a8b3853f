/**
 * An output folder that is a mount point (a Docker volume, a CI cache mount) cannot be renamed, and a build swaps its
 * output folder in by renaming: it is OutputIsMountPoint, naming the folder and the way that works (a folder inside
 * the mount), before anything is written; and a rename that fails with EBUSY or EXDEV (a mount not known for one) is
 * the same error, the previous output left as it was. Before, every build failed MoveIntoPlaceFailed: EBUSY,
 * unexplained. Real mounts need root, so the rename's failure is injected here; a tmpfs and a bind mount were tried
 * by hand (see the report of issue 40).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mountPointWhy } from '../../generator/output/mount-point';
import { writeSite, type SwapStep } from '../../generator/output/write-site';
import { snapshotDir } from '../support/fixture';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A swap whose rename of the output folder fails with `code`, as renaming a mount point does. */
const failing = (code: string) => (step: SwapStep) => {
  if (step === 'old-aside') throw Object.assign(new Error(`${code}: cannot rename`), { code });
};

describe('an output folder that is a mount point', () => {
  it('is known by its device or the mount table', () => {
    expect(mountPointWhy('/proc')).toBeDefined();
    expect(mountPointWhy(os.tmpdir())).toBeUndefined();
    expect(mountPointWhy(path.join(os.tmpdir(), 'no-such-folder-of-site'))).toBeUndefined();
  });

  it('is refused before anything is written', async () => {
    const error = await writeSite('/proc', new Map([['index.html', 'x']])).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'OutputIsMountPoint', field: '--out' });
    expect((error as { hint: string }).hint).toContain('--out dist/site');
    expect(existsSync('/.proc.spare')).toBe(false);
  });

  it('is named when the swap fails with EBUSY or EXDEV, and the previous output stays as it was', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'site-mount-'));
    const out = path.join(dir, 'dist');
    await writeSite(out, new Map([['index.html', 'old home']]));
    const before = await snapshotDir(out);
    for (const code of ['EBUSY', 'EXDEV']) {
      const error = await writeSite(out, new Map([['index.html', 'new home']]), undefined, undefined, {
        before: failing(code),
      }).catch((caught: unknown) => caught);
      expect(error, code).toMatchObject({ kind: 'OutputIsMountPoint' });
      expect((error as Error).message, code).toContain(`renaming it failed with ${code}`);
      expect(await snapshotDir(out), code).toEqual(before);
      // Only the output folder and its spare: no staging folder left behind.
      expect((await readdir(dir)).sort(), code).toEqual(['.dist.spare', 'dist']);
    }
  });
});
