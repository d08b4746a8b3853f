/**
 * The compiled engine: `npm run compile` (scripts/compile-engine.js, which
 * npm runs on install) bundles bin/ and generator/ into lib/, with a list of
 * the source files it was made from and a digest of their contents. The CLI
 * runs it only while every one of those files is as it was compiled; after
 * any edit it runs the sources instead. A new source file counts too: only an
 * edit of a listed file can bring it in.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The engine's root folder (bin/, generator/, lib/). */
export const ENGINE_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Where the compiled engine is; generator/base/engine-files.ts names the same folder. */
export const LIB_DIR = path.join(ENGINE_ROOT, 'lib');
/** The list of sources in LIB_DIR, and their digest. */
export const INPUTS = 'inputs.json';

/** A digest of the files' names and contents (relative to the engine's root); throws when one cannot be read. */
export function digestOf(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(ENGINE_ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Whether this engine is an installed copy (a package inside another project's node_modules): npm replaces such a
 * copy whole and nobody edits it, and the packages its install resolved are not the ones lib/ bundled (lib/ carries
 * those), so its lib/ is run as it shipped.
 */
export const INSTALLED = ENGINE_ROOT.split(path.sep).includes('node_modules');

/** The compiled CLI's URL while it matches the sources; undefined when there is none or a source changed since. */
export function compiledCli() {
  try {
    const { files, digest } = JSON.parse(readFileSync(path.join(LIB_DIR, INPUTS), 'utf8'));
    return INSTALLED || digestOf(files) === digest ? pathToFileURL(path.join(LIB_DIR, 'cli.mjs')).href : undefined;
  } catch {
    return undefined; // never compiled, a source deleted or unreadable: the sources run
  }
}
