/**
 * The site project's global setup: the theme API's types in lib/types, which a project that installs the engine
 * type-checks its theme against (tests/bin/installable.test.ts packs lib/ as it is), emitted again when the engine was
 * compiled from other sources since they were (`compile-engine.js --types --if-stale`, which reads the digest they
 * were stamped with). A clean checkout's `npm ci` emits them fresh, so CI pays nothing here.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO = path.resolve(import.meta.dirname, '../..');

export default async function freshTypes(): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(REPO, 'scripts/compile-engine.js'), '--if-stale', '--types'], {
    cwd: REPO,
  });
}
