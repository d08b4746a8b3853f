/**
 * Vitest's global setup: the tests that run `node bin/site.js` run the compiled lib/, which must be compiled from the
 * sources under test. It is compiled once before the tests when it is missing or stale, as `npm run compile` would.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO = path.resolve(import.meta.dirname, '../..');
/** A compile refuses to stamp a source saved while it ran (compile-engine.js); it is tried again, this many times. */
const TRIES = 3;

export default async function freshEngine(): Promise<void> {
  for (let tried = 1; ; tried++) {
    try {
      await promisify(execFile)(process.execPath, [path.join(REPO, 'scripts/compile-engine.js'), '--if-stale'], {
        cwd: REPO,
      });
      return;
    } catch (error) {
      if (tried >= TRIES || !String((error as { stderr?: string }).stderr).includes('changed while compiling'))
        throw error;
    }
  }
}
