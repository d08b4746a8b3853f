/**
 * The compiled engine: `npm run compile` (scripts/compile-engine.js, which npm
 * runs on install) and `npm run compile:watch` bundle bin/ and generator/ into
 * lib/, with a stamp (lib/inputs.json) naming every file lib/ was made from,
 * each with the modification time and size it had. The `site` command runs
 * lib/ and nothing else: when lib/ is missing, or one of those files is not as
 * it was compiled, it stops with a named error that says what to run.
 *
 * Why times and sizes, not a digest of the contents: the check runs at every
 * start, and reading every source costs tens of milliseconds where a stat each
 * costs one. It need not be exact to keep a build right, only to keep a stale
 * lib/ from running unnoticed, and it errs to the safe side: any save, checkout
 * or touch changes a time, so it can call lib/ stale when the bytes are the same
 * (one `npm run compile` answers it), while it takes lib/ for current only if
 * every file has its compiled time and size to the millisecond, which an edit
 * does not leave (a copy that keeps the old times of a file of the same size
 * could; nobody develops that way). A new source file needs no check: only an
 * edit of a listed file can bring it in.
 */
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

/** What `stateOf` compares: a file's modification time and size, as the stamp records them. */
export function versionOf(file) {
  const stats = statSync(path.join(ENGINE_ROOT, file), { throwIfNoEntry: false });
  return stats ? [stats.mtimeMs, stats.size] : undefined;
}

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
    if (!now || !Array.isArray(version) || now[0] !== version[0] || now[1] !== version[1])
      return { state: 'stale', changed: file };
  }
  return { state: 'current' };
}

/** How the `site` command names lib/ and the fix (the kinds EngineNotCompiled and StaleEngine of the catalogue). */
export const HINT =
  'Run `npm run compile` in the engine’s folder (a few seconds), or keep `npm run compile:watch` running while you edit the engine; then run the command again.';

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
