/**
 * `npm run compile` (also npm's `prepare`, so `npm ci` runs it): bundles the
 * CLI and the engine into lib/, so the `site` command starts without loading
 * TypeScript. Entries: cli.mjs, theme.mjs (the theme API the theme bundle
 * imports) and markdown-task.mjs (the markdown pool's task), with the chunks they share, so each module
 * exists once. Packages stay in node_modules, where the theme finds the same
 * ones. bin/compiled-engine.js decides when lib/ may run.
 */
import { statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { digestOf, ENGINE_ROOT, INPUTS, LIB_DIR } from '../bin/compiled-engine.js';

/** Inputs esbuild does not list: this recipe, and the compiler options it reads. */
const RECIPE_FILES = [path.relative(ENGINE_ROOT, fileURLToPath(import.meta.url)), 'tsconfig.json'];

const temp = `${LIB_DIR}.tmp-${process.pid}`;
await rm(temp, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: ENGINE_ROOT,
  entryPoints: { cli: 'bin/cli.ts', theme: 'generator/theme.ts', 'markdown-task': 'generator/content/markdown-task.ts' },
  outdir: temp,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: 'linked', // --verbose stacks name the TypeScript lines
  metafile: true,
  logLevel: 'warning',
});
const sources = Object.keys(result.metafile.inputs).filter((file) => !file.split('/').includes('node_modules'));
const files = [...new Set([...sources, ...RECIPE_FILES])].sort();
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
