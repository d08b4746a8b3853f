/**
 * Large sites load and render their pages on worker threads. The output must
 * not depend on it: the real site built on three threads equals, file for file
 * and byte for byte, the site built on the main thread.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/core/logger';
import { REPO, snapshotDir } from '../support/fixture';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-parallel-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const now = new Date('2026-11-22T00:00:00Z');
const buildWith = (threads: number) => build({ root: REPO, outDir: path.join(dir, `dist-${threads}`), logger: silentLogger, now, threads });

describe('building on worker threads', () => {
  it('writes exactly what a one-thread build writes, also over the spare folder an earlier build left', async () => {
    const serial = await buildWith(1);
    // The third build into one folder writes over the first one's files (kept as the spare by the second):
    // a file it does not write must go, and a file longer than its new contents must be cut.
    await buildWith(3);
    await buildWith(3);
    const spare = path.join(dir, '.dist-3.spare');
    await writeFile(path.join(spare, 'stale.html'), 'from an older build');
    await appendFile(path.join(spare, 'about.html'), '<p>'.repeat(5000));
    const parallel = await buildWith(3);
    expect(parallel.pages).toEqual(serial.pages);
    expect(parallel.outputs.map((o) => [o.file, o.bytes]).sort()).toEqual(serial.outputs.map((o) => [o.file, o.bytes]).sort());
    const [one, two] = [await snapshotDir(serial.outDir), await snapshotDir(parallel.outDir)];
    expect(Object.keys(two)).toEqual(Object.keys(one));
    for (const file of Object.keys(one)) expect(two[file], file).toBe(one[file]);
    expect(Object.keys(one).filter((f) => f.endsWith('.html')).length).toBe(serial.pages.length);
  });
});
