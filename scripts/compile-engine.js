/**
 * `npm run compile` (also npm's `prepare`, so `npm ci` runs it): bundles the
 * CLI and the engine into lib/, so the `site` command starts without loading
 * TypeScript. Entries: cli.mjs and theme.mjs (the theme API the theme bundle
 * imports), with the chunks they share, so each module exists once. Packages stay in node_modules, where the theme finds the same
 * ones. bin/compiled-engine.js decides when lib/ may run.
 */
import { statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { digestOf, ENGINE_ROOT, INPUTS, LIB_DIR } from '../bin/compiled-engine.js';

/** Inputs esbuild does not list: this recipe, and the compiler options it reads. */
const RECIPE_FILES = [path.relative(ENGINE_ROOT, fileURLToPath(import.meta.url)), 'tsconfig.json'];

/**
 * Packages private to the engine (the theme never imports them) are bundled in: remark is hundreds of small ES
 * modules and yaml dozens, and Node loads one file far faster than many (each build that renders markdown loads
 * remark; each build reads its config with yaml). Every other package stays in
 * node_modules, where the theme finds the same react, react-dom and zod the engine renders with.
 */
const BUNDLED = [
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-html',
  'hast-util-sanitize',
  'github-slugger',
  'yaml',
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

const temp = `${LIB_DIR}.tmp-${process.pid}`;
await rm(temp, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: ENGINE_ROOT,
  entryPoints: {
    cli: 'bin/cli.ts',
    theme: 'generator/theme.ts',
  },
  outdir: temp,
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
});
const inputs = Object.keys(result.metafile.inputs);
const sources = inputs.filter((file) => !insideNodeModules(file));
// A bundled package upgraded in node_modules makes lib/ stale as an edited source does: its package.json is an input.
const bundledPackages = [...new Set(inputs.filter(insideNodeModules).map(packageJsonOf))];
const files = [...new Set([...sources, ...bundledPackages, ...RECIPE_FILES])].sort();
// A file saved while esbuild ran may be compiled as it was before: the digest must not vouch for it.
const edited = files.filter((file) => statSync(path.join(ENGINE_ROOT, file)).mtimeMs >= started);
if (edited.length > 0) {
  await rm(temp, { recursive: true, force: true });
  console.error(`not compiled: ${edited.join(', ')} changed while compiling; run it again`);
  process.exit(1);
}
await mkdir(temp, { recursive: true });
await writeFile(path.join(temp, INPUTS), `${JSON.stringify({ files, digest: digestOf(files) }, null, 1)}\n`);
await rm(LIB_DIR, { recursive: true, force: true });
await rename(temp, LIB_DIR);
console.log(`compiled ${sources.length} source files into ${path.relative(process.cwd(), LIB_DIR) || '.'}/`);

/** The package.json of the package a node_modules file belongs to (relative to the engine's root). */
function packageJsonOf(file) {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  const name = parts[at + 1].startsWith('@') ? 2 : 1;
  return [...parts.slice(0, at + 1 + name), 'package.json'].join('/');
}
