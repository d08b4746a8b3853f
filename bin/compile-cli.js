/**
 * Compiles the TypeScript CLI (bin/ and generator/) into plain ES modules with
 * esbuild, cached in node_modules/.cache/site/cli/<key>/ until a source file
 * changes. Start-up then loads a few bundled files instead of a TypeScript
 * loader and hundreds of small modules: `site build` begins working sooner.
 *
 * The key is a hash of every source file's path, size and modification time
 * (a few milliseconds of stat calls), plus the dependency lockfile, because
 * dependencies are bundled too.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SOURCES = ['bin', 'generator'];
const ENTRIES = { cli: 'bin/cli.ts', 'page-worker': 'generator/core/page-worker.ts' };
/**
 * Kept as packages: React (the theme imports it too, and it must exist once), native or binary
 * packages, and heavy ones only some commands load. zod is bundled: the theme reads the
 * generator's copy through a global symbol (generator/render/load-theme.ts).
 */
const EXTERNAL = ['react', 'react-dom', 'esbuild', '@resvg/resvg-js', 'linkinator', 'chokidar'];
/** Compiled folders unused for this long are removed when a new one is written. */
const STALE_MS = 24 * 60 * 60 * 1000;

function sourceKey() {
  const hash = createHash('sha256');
  for (const dir of SOURCES) {
    for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|js|mjs|json)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const { size, mtimeMs } = statSync(file);
      hash.update(`${file}\0${size}\0${mtimeMs}\n`);
    }
  }
  for (const file of ['package.json', 'package-lock.json']) {
    const stats = statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stats?.size}\0${stats?.mtimeMs}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** Returns the file URL of the compiled entry `name` ('cli' or 'page-worker'), compiling first when needed. */
export async function compiledEntry(name = 'cli') {
  const cacheDir = path.join(ROOT, 'node_modules', '.cache', 'site', 'cli');
  const outDir = path.join(cacheDir, sourceKey());
  if (!existsSync(path.join(outDir, 'cli.mjs'))) await compile(cacheDir, outDir);
  else utimesSync(outDir, new Date(), new Date()); // in use: not stale (see STALE_MS)
  return pathToFileURL(path.join(outDir, `${name}.mjs`)).href;
}

async function compile(cacheDir, outDir) {
  const { build } = await import('esbuild');
  const temp = `${outDir}.tmp-${process.pid}`;
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true, // commands import their modules lazily: each stays its own chunk
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    external: EXTERNAL,
    // CommonJS dependencies bundled into ESM need a `require` for Node built-ins. It refuses esprima: js-yaml 3 loads
    // that 280 KB parser at start-up, on every thread, for its !!js/function type, which would run code from content.
    banner: { js: `import { createRequire as __siteRequire } from 'node:module'; const require = Object.assign((id) => { if (id === 'esprima') throw new Error('not loaded'); return __siteRequireAny(id); }, __siteRequire(import.meta.url)); const __siteRequireAny = __siteRequire(import.meta.url);` },
    // Compiled code lives in the cache: modules that locate the generator's own source files use this.
    define: { SITE_GENERATOR_DIR: JSON.stringify(path.join(ROOT, 'generator')) },
    sourcemap: 'linked', // stacks name the TypeScript lines under --verbose
    logLevel: 'error',
  });
  try {
    renameSync(temp, outDir);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another process compiled the same sources first
  }
  for (const old of readdirSync(cacheDir)) {
    const dir = path.join(cacheDir, old);
    if (dir !== outDir && Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(outDir, { recursive: true });
}
