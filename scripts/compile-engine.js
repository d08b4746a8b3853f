/**
 * `npm run compile` (also npm's `prepare`, so `npm ci` runs it): bundles the
 * CLI and the engine into lib/, so the `site` command starts without loading
 * TypeScript. Entries: cli.mjs, theme.mjs (the theme API the theme bundle
 * imports) and render-worker.mjs (a worker thread that renders markdown), with
 * the chunks they share, so each module exists once. Packages
 * stay in node_modules, where the theme finds the same ones.
 *
 * `--watch` (`npm run compile:watch`) compiles again at every save, with
 * esbuild's watch. Each compile ends with lib/inputs.json, the stamp by which
 * bin/compiled-engine.js tells a current lib/ from a stale one.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { build, context } from 'esbuild';
import { contentDigestOf, ENGINE_ROOT, INPUTS, LIB_DIR, stateOf, versionOf } from '../bin/compiled-engine.js';

/** Inputs esbuild does not list: this recipe, and the compiler options it reads. */
const RECIPE_FILES = [path.relative(ENGINE_ROOT, fileURLToPath(import.meta.url)), 'tsconfig.json'];

/**
 * Packages private to the engine (the theme never imports them) are bundled in: remark is hundreds of small ES
 * modules and yaml dozens, and Node loads one file far faster than many (each build that renders markdown loads
 * remark, on each of its threads; each build reads its config with yaml). The packages the engine's own markdown
 * modules import (the syntax extensions' micromark parts, the HTML handlers, raw HTML, emoji) are listed too: left
 * out, each was loaded from node_modules file by file beside the bundled copy remark's packages brought. Every other
 * package stays in node_modules, where the theme finds the same react, react-dom and zod the engine renders with.
 */
const BUNDLED = [
  'remark',
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-html',
  'hast-util-to-html',
  'hast-util-sanitize',
  'github-slugger',
  'yaml',
  'mdast-util-from-markdown',
  'mdast-util-to-hast',
  'micromark-core-commonmark',
  'micromark-factory-space',
  'micromark-util-character',
  // GFM's parts, which markdown/gfm-parts.ts imports.
  ...JSON.parse(readFileSync(path.join(ENGINE_ROOT, 'generator/markdown/gfm-packages.json'), 'utf8')),
  'hast-util-raw',
  'gemoji',
  'vfile',
];
/**
 * yaml's exports give Node its CommonJS build, whose require('process') an ES module bundle cannot make; its
 * ES module build is the same code (published for browsers, it needs nothing of Node).
 */
const ES_MODULE_BUILDS = { yaml: 'browser/index.js' };
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const insideNodeModules = (file) => file.split(/[\\/]/).includes('node_modules');
const requireHere = createRequire(import.meta.url);
/** Bare imports of the engine's sources stay external unless BUNDLED; the bundled packages' own imports come along. */
const bundlePrivatePackages = {
  name: 'bundle-private-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('#')) return undefined;
      const esModuleBuild = ES_MODULE_BUILDS[args.path];
      if (esModuleBuild)
        return { path: path.join(path.dirname(requireHere.resolve(`${args.path}/package.json`)), esModuleBuild) };
      if (insideNodeModules(args.importer) || BUNDLED.includes(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const WATCH = process.argv.includes('--watch');
/** The folders whose files may be compiled in: what they hold before a compile is compared with what it held after. */
const SOURCE_FOLDERS = ['bin', 'generator'];

/** Every file of the source folders and the recipe, with its time and size: taken before esbuild reads any. */
function snapshot() {
  const files = [...RECIPE_FILES, 'package.json'];
  for (const folder of SOURCE_FOLDERS)
    for (const entry of readdirSync(path.join(ENGINE_ROOT, folder), { recursive: true, withFileTypes: true }))
      if (entry.isFile()) files.push(path.relative(ENGINE_ROOT, path.join(entry.parentPath, entry.name)));
  return new Map(files.map((file) => [file.split(path.sep).join('/'), versionOf(file)]));
}

/** A digest of the files' contents (each file's own digest, by name), for the caches whose entries this engine made (generator/base/engine-files.ts). */
function digestOf(versions) {
  const hash = createHash('sha256');
  for (const [file, version] of Object.entries(versions)) hash.update(`${file}\0${version[2]}\0`);
  return hash.digest('hex');
}

/**
 * The stamp of one compile, or the files saved while it ran (then esbuild may have read them as they were before,
 * and the stamp must not vouch for them).
 */
function stampOf(metafile, before) {
  const inputs = Object.keys(metafile.inputs);
  const sources = inputs.filter((file) => !insideNodeModules(file));
  // A bundled package upgraded in node_modules makes lib/ stale as an edited source does: its package.json is an input.
  const bundledPackages = [...new Set(inputs.filter(insideNodeModules).map(packageJsonOf))];
  const files = [...new Set([...sources, ...bundledPackages, ...RECIPE_FILES])].sort();
  // Each file's time and size, which the launcher compares first, and the digest of its contents, which it reads only
  // when a time differs (bin/compiled-engine.js).
  const versions = Object.fromEntries(
    files.map((file) => {
      const version = versionOf(file);
      return [file, version && [...version, contentDigestOf(file)]];
    }),
  );
  const edited = files.filter((file) => {
    const now = versions[file];
    const then = before.get(file);
    if (!now) return true;
    return !insideNodeModules(file) && (!then || then[0] !== now[0] || then[1] !== now[1]);
  });
  if (edited.length > 0) return { edited };
  return { sources: sources.length, text: `${JSON.stringify({ versions, digest: digestOf(versions) }, null, 1)}\n` };
}

const options = {
  absWorkingDir: ENGINE_ROOT,
  entryPoints: {
    cli: 'bin/cli.ts',
    theme: 'generator/theme.ts',
    // The render pool's worker threads (generator/load/render-pool.ts) start from this module beside the chunks.
    'render-worker': 'generator/load/render-worker.ts',
    // A full build's pages are written on a thread of their own (generator/output/output-thread.ts) from this module.
    'output-worker': 'generator/output/output-worker.ts',
    // site check's server runs on a thread of its own (generator/dev/serve-off-thread.ts) from this module.
    'serve-worker': 'generator/dev/serve-worker.ts',
    // Writes the table of Shiki's regular expressions beside the modules, once compiled (writeCodeRegexes below).
    'code-regexes': 'generator/markdown/code-regexes.ts',
  },
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [bundlePrivatePackages],
  jsx: 'automatic',
  sourcemap: 'linked', // --verbose stacks name the TypeScript lines
  metafile: true,
  logLevel: 'warning',
};
const shown = path.relative(process.cwd(), LIB_DIR) || '.';

const IF_STALE = process.argv.includes('--if-stale');
/** The engine digest the theme API's types in lib/types were emitted for, if any. */
const TYPES_STAMP = path.join(LIB_DIR, 'types', 'engine-digest');
const typesDigest = () => readFile(TYPES_STAMP, 'utf8').catch(() => undefined);
if (WATCH) await watch();
// --if-stale (the tests' global setup): a current lib/ is left as it is.
else if (!(IF_STALE && stateOf().state === 'current')) await compileOnce();
// --types (npm run compile; the site tests' global setup, with --if-stale): the theme API's types too.
if (!WATCH && process.argv.includes('--types') && !(IF_STALE && (await typesDigest()) === (await engineDigest())))
  await emitTypes();

/** The digest of the sources lib/ was compiled from (its stamp's). */
async function engineDigest() {
  return JSON.parse(await readFile(path.join(LIB_DIR, INPUTS), 'utf8')).digest;
}

/** Emits the declarations of the theme API and the built-in theme (tsconfig.types.json) into lib/types, stamped. */
async function emitTypes() {
  const tsc = requireHere.resolve('typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.types.json'], { cwd: ENGINE_ROOT });
  await writeFile(TYPES_STAMP, await engineDigest());
  console.log(`emitted the theme API's types into ${shown}/types/`);
}

async function compileOnce() {
  const temp = `${LIB_DIR}.tmp-${process.pid}`;
  await rm(temp, { recursive: true, force: true });
  const before = snapshot();
  const result = await build({ ...options, outdir: temp });
  const stamp = stampOf(result.metafile, before);
  if (stamp.edited) {
    await rm(temp, { recursive: true, force: true });
    console.error(`not compiled: ${stamp.edited.join(', ')} changed while compiling; run it again`);
    process.exit(1);
  }
  await mkdir(temp, { recursive: true });
  await writeCodeRegexes(temp, LIB_DIR);
  await writeFile(path.join(temp, INPUTS), stamp.text);
  // The theme API's types (tsc -p tsconfig.types.json, in npm run compile) are kept, as watch() keeps them: a project
  // linked to this checkout type-checks its theme against them.
  await rename(path.join(LIB_DIR, 'types'), path.join(temp, 'types')).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  // The old lib/ is moved aside, not removed first: a second compile may have renamed its own into place meanwhile.
  const old = `${LIB_DIR}.old-${process.pid}`;
  await rename(LIB_DIR, old).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(temp, LIB_DIR);
  await rm(old, { recursive: true, force: true });
  console.log(`compiled ${stamp.sources} source files into ${shown}/`);
}

/** Compiles into lib/ at every change of an input; the stamp is written after each compile whose inputs held still. */
async function watch() {
  let before;
  const stampAfterEachBuild = {
    name: 'stamp',
    setup(build) {
      build.onStart(() => {
        before = snapshot();
      });
      build.onEnd(async (result) => {
        if (result.errors.length > 0 || !result.metafile) return; // esbuild printed them; lib/ stays stale
        const stamp = stampOf(result.metafile, before);
        // Saved while compiling: esbuild sees that save too and compiles again.
        if (stamp.edited) return;
        await removeUnlisted(Object.keys(result.metafile.outputs));
        await writeCodeRegexes(LIB_DIR, LIB_DIR);
        await writeFile(path.join(LIB_DIR, INPUTS), stamp.text);
        console.log(`${new Date().toLocaleTimeString()} compiled ${stamp.sources} source files into ${shown}/`);
      });
    },
  };
  const ctx = await context({ ...options, outdir: LIB_DIR, plugins: [...options.plugins, stampAfterEachBuild] });
  await ctx.watch();
  console.log(`watching bin/ and generator/: lib/ is compiled again at every save (Ctrl-C stops)`);
}

/**
 * The table of the regular expressions Shiki's grammars need, made by the engine's own module just compiled into `dir`
 * (generator/markdown/code-regexes.ts): each build's threads take them from it rather than converting each pattern.
 * The table of the last compile (`last`, lib/) is kept when it is of the current key (the same converter, grammars and
 * V8): making one takes seconds.
 */
async function writeCodeRegexes(dir, last) {
  const {
    writeCodeRegexes: write,
    hasCodeRegexes,
    CODE_REGEXES_FILE,
  } = await import(pathToFileURL(path.join(dir, 'code-regexes.mjs')).href);
  if (!(await hasCodeRegexes(last))) await write(dir);
  else if (dir !== last) await copyFile(path.join(last, CODE_REGEXES_FILE), path.join(dir, CODE_REGEXES_FILE));
}

/** Chunks of earlier compiles, which esbuild's watch leaves in lib/ (the theme API's types, a folder, stay). */
async function removeUnlisted(outputs) {
  const listed = new Set(outputs.map((file) => path.resolve(ENGINE_ROOT, file)));
  for (const entry of await readdir(LIB_DIR, { withFileTypes: true })) {
    const file = path.join(LIB_DIR, entry.name);
    if (entry.isFile() && /\.mjs(\.map)?$/.test(entry.name) && !listed.has(file)) await rm(file, { force: true });
  }
}

/** The package.json of the package a node_modules file belongs to (relative to the engine's root). */
function packageJsonOf(file) {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  const name = parts[at + 1].startsWith('@') ? 2 : 1;
  return [...parts.slice(0, at + 1 + name), 'package.json'].join('/');
}
