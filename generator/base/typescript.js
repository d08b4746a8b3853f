/**
 * Runs the engine's TypeScript from its sources in this thread, with tsx's
 * loader: nothing is compiled ahead, so nothing can be stale. Plain
 * JavaScript, because it is what makes TypeScript loadable.
 */
import { mkdirSync, accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's own compiler options (JSX, module syntax), whatever folder the command runs in. */
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

let started;

/**
 * tsx keeps what it compiled in the system's temporary folder. Where that cannot be written (a read-only
 * sandbox), it compiles in memory instead: a command never needs a writable cache to start.
 */
function cacheWritable() {
  const dir = path.join(os.tmpdir(), `tsx-${process.geteuid ? process.geteuid() : os.userInfo().username}`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Makes `import` of .ts and .tsx files work in this thread (once). */
export function startTypeScript() {
  started ??= (async () => {
    if (!process.env.TSX_DISABLE_CACHE && !cacheWritable()) process.env.TSX_DISABLE_CACHE = '1';
    const { register } = await import('tsx/esm/api');
    register({ tsconfig: TSCONFIG });
  })();
  return started;
}
