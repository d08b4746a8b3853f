/**
 * Vitest's global setup: the tests that run `node bin/site.js` run the compiled lib/, which must be compiled from the
 * sources under test. It is compiled once before the tests when it is missing or stale, as `npm run compile` would.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO = path.resolve(import.meta.dirname, '../..');

export default async function freshEngine(): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(REPO, 'scripts/compile-engine.js'), '--if-stale'], {
    cwd: REPO,
  });
}
