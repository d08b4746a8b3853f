/**
 * The compiled engine: `npm run compile` (scripts/compile-engine.js, which npm
 * runs on install) and `npm run compile:watch` bundle bin/ and generator/ into
 * lib/, with a stamp (lib/inputs.json) naming every file lib/ was made from,
 * each with the modification time, size and digest of contents it had. The
 * `site` command runs lib/ and nothing else; in a checkout, a lib/ that is
 * missing or not made from the files as they are now is compiled again first
 * (bin/site.js), and one that cannot be is a named error.
 *
 * Why times first: the check runs at every start, and a stat of each file
 * costs far less than reading every source. A file whose size changed was
 * edited; a file whose time alone changed is read and its digest compared, so
 * a checkout, a `touch`, `cp -r` or `tar` that keeps the bytes leaves lib/
 * current. A new source file needs no check: only an edit of a listed file can
 * bring it in.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's root folder (bin/, generator/, lib/). */
export const ENGINE_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Where the compiled engine is; generator/base/engine-files.ts names the same folder. */
export const LIB_DIR = path.join(ENGINE_ROOT, 'lib');
/** The stamp in LIB_DIR: the files compiled, each with its time and size, and a digest of their contents. */
export const INPUTS = 'inputs.json';
/** The compiled CLI. */
export const CLI = path.join(LIB_DIR, 'cli.mjs');

/** What `stateOf` compares first: a file's modification time and size, as the stamp records them. */
export function versionOf(file) {
  const stats = statSync(path.join(ENGINE_ROOT, file), { throwIfNoEntry: false });
  return stats ? [stats.mtimeMs, stats.size] : undefined;
}

/** The digest of a file's contents, as the stamp records it beside its time and size. */
export const contentDigestOf = (file) =>
  createHash('sha256')
    .update(readFileSync(path.join(ENGINE_ROOT, file)))
    .digest('hex');

/**
 * Whether this engine is an installed copy (a package inside another project's node_modules): npm replaces such a
 * copy whole and nobody edits it, and the packages its install resolved are not the ones lib/ bundled (lib/ carries
 * those), so its lib/ is run as it shipped.
 */
export const INSTALLED = ENGINE_ROOT.split(path.sep).includes('node_modules');

/**
 * The state of lib/: `{ state: 'current' }`, `{ state: 'missing', missing }` (never compiled, or the stamp unreadable),
 * or `{ state: 'stale', changed }` with the first file (relative to the engine's root) that is not as compiled.
 */
export function stateOf() {
  if (!statSync(CLI, { throwIfNoEntry: false })) return { state: 'missing', missing: 'lib/cli.mjs' };
  if (INSTALLED) return { state: 'current' };
  let versions;
  try {
    versions = JSON.parse(readFileSync(path.join(LIB_DIR, INPUTS), 'utf8')).versions;
  } catch {
    // missing or unreadable: as never compiled
  }
  // A stamp without versions is an older compile's.
  if (!versions || typeof versions !== 'object') return { state: 'missing', missing: `lib/${INPUTS}` };
  for (const [file, version] of Object.entries(versions)) {
    const now = versionOf(file);
    if (!now || !Array.isArray(version) || now[1] !== version[1]) return { state: 'stale', changed: file };
    // The same size at another time: the same bytes (a checkout, a copy) or an edit that kept the size.
    if (now[0] !== version[0] && contentDigestOf(file) !== version[2]) return { state: 'stale', changed: file };
  }
  return { state: 'current' };
}

/** How the `site` command names lib/ and the fix (the kinds EngineNotCompiled and StaleEngine of the catalogue). */
export const HINT =
  'The site command compiles lib/ again by itself (about a second): fix what the compile printed above, then run the command again. `npm run compile` does the same and also writes the theme API’s types (about 20 s).';

/**
 * The error the `site` command prints for a lib/ it will not run, in the CLI's form (bin/format-error.ts): written
 * here because no engine is loaded yet; tests/bin/launcher.test.ts holds it to the catalogue's wording.
 */
export function formatStateError(state) {
  const [kind, title, message] =
    state.state === 'missing'
      ? [
          'EngineNotCompiled',
          'Engine not compiled',
          `lib/ holds no compiled engine the site command can run (${state.missing} is missing, or of an older compile)`,
        ]
      : [
          'StaleEngine',
          'Compiled engine out of date',
          `${state.changed} changed after lib/ was compiled: lib/ would run the engine as it was before`,
        ];
  return `✖ ${kind}: ${title}\n  at ${path.join(ENGINE_ROOT, 'lib')}/\n  ${message}\n  hint: ${HINT}`;
}
