/**
 * The `site` process sets how far V8's heap may grow past what survived its last full collection (bin/heap-growth.js),
 * so that a build's peak follows what it keeps. Seen from inside a `site` process: a module given to `--import` runs,
 * once the command is done, a loop that keeps some data and makes garbage that lives long enough to reach the old
 * generation (as a build's pages do), and reports the largest heap it saw against what survives a full collection.
 * V8's own choice on this loop is its largest factor, about four; `site` holds it to one and a half.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/fixture';

const exec = promisify(execFile);

/** Runs at the process's exit: the peak heap in use over the loop, divided by what survives a full collection. */
const CHURN = `
import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const kept = Array.from({ length: 20 }, () => Array.from({ length: 40_000 }, (_, j) => ({ j })));
  const ring = new Array(50);
  let peak = 0;
  for (let round = 0; round < 1500; round++) {
    ring[round % ring.length] = Array.from({ length: 5_000 }, (_, j) => ({ j, s: 'x' + j }));
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  globalThis.gc();
  const live = process.memoryUsage().heapUsed;
  writeFileSync(process.env.SITE_TEST_HEAP_FILE, String(peak / live) + ' ' + kept.length);
});
`;

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-heap-growth-'));
  await writeFile(path.join(temp, 'churn.mjs'), CHURN);
});
afterAll(() => rm(temp, { recursive: true, force: true }));

/** `node <nodeArgs> bin/site.js --version` with the loop at its exit: its peak over what it keeps. */
async function peakOverLive(nodeArgs: string[]): Promise<number> {
  const file = path.join(temp, `ratio-${Math.random().toString(36).slice(2)}`);
  await exec(
    'node',
    [...nodeArgs, '--expose-gc', '--import', path.join(temp, 'churn.mjs'), path.join(REPO, 'bin/site.js'), '--version'],
    { cwd: REPO, env: { ...process.env, SITE_TEST_HEAP_FILE: file } },
  );
  const [ratio, kept] = (await readFile(file, 'utf8')).split(' ').map(Number);
  expect(kept).toBe(20);
  return ratio!;
}

describe("the site process's heap growth", () => {
  it('lets the heap grow to about one and a half times what survived, where V8 alone takes about four', async () => {
    const ratio = await peakOverLive([]);
    // 1.5 times the live data, plus the young generation's garbage not yet collected.
    expect(ratio).toBeGreaterThan(1.2);
    expect(ratio).toBeLessThan(2.6);
  }, 60_000);

  it('leaves a factor the process was started with, in either spelling', async () => {
    expect(await peakOverLive(['--heap-growing-percent=300'])).toBeGreaterThan(3.5);
    expect(await peakOverLive(['--heap_growing_percent=300'])).toBeGreaterThan(3.5);
  }, 60_000);
});
