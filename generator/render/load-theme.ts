/**
 * Loads the theme (templates/index.ts) by bundling it with esbuild into one ES
 * module named after its content hash, then importing that. A fresh hash per
 * edit sidesteps Node's module cache, so watch mode picks up edited templates
 * without a restart. The bundle imports the engine's theme API and React and
 * zod from the engine rather than carrying copies (shared-runtime.ts): the
 * theme and the engine run on one instance of each.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import type { BuildContext, BuildOptions, BuildResult, Plugin } from 'esbuild';
import { fingerprint, removeStale, touchEntry, writeEntry } from '../cache/cache-files';
import { sealKey, sealed, sealOf } from '../cache/seal';
import { SiteError } from '../base/errors';
import type { Theme } from '../pages/theme-types';
import { SHARED_PACKAGES, sharedRuntime, THEME_API } from './shared-runtime';
import { builtInTheme } from './built-in-theme';

export interface LoadedTheme {
  theme: Theme;
  /** The bundled module: worker threads import this file rather than bundling again. */
  module: string;
}

/** What the last bundle was made from: its input files' sizes and times, and the bundle's file name. */
interface Manifest {
  /** How the bundle was made (esbuild's version and the options that matter): a change invalidates it. */
  recipe: string;
  entry: string;
  inputs: Record<string, string>;
  module: string;
}

const MANIFEST = 'theme-manifest.json';

/** The module a theme folder's bundle starts from. */
export const themeEntry = (themeDir: string) => path.join(themeDir, 'index.ts');

/** A theme bundle's file name: a digest of its code. */
const moduleName = (code: string | Uint8Array) =>
  `theme-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;

/**
 * The last bundle's manifest, when it is sealed (cache/seal.ts: the bundle is code the build runs, so a manifest
 * anyone but this engine wrote is never followed), was made for `entry` this way, names a module by its digest, and
 * no file it was made from has changed since.
 */
async function currentManifest(entry: string, cacheDir: string): Promise<Manifest | undefined> {
  try {
    const stored = JSON.parse(await readFile(path.join(cacheDir, MANIFEST), 'utf8')) as {
      manifest?: unknown;
      seal?: unknown;
    };
    if (typeof stored?.manifest !== 'string' || !sealed(await sealKey(), stored.seal, MANIFEST, stored.manifest))
      return undefined;
    const manifest = JSON.parse(stored.manifest) as Manifest;
    if (manifest.entry !== entry || manifest.recipe !== RECIPE || !/^theme-[0-9a-f]{16}\.mjs$/.test(manifest.module))
      return undefined;
    return Object.entries(manifest.inputs).every(([file, was]) => fingerprint(file) === was) ? manifest : undefined;
  } catch {
    return undefined; // missing, torn or foreign: a cache miss, never an error
  }
}

/** The last bundle, when no file it was made from has changed since: a start-up without esbuild. */
async function reusableBundle(entry: string, cacheDir: string): Promise<string | undefined> {
  const manifest = await currentManifest(entry, cacheDir);
  if (!manifest) return undefined;
  const module = path.join(cacheDir, manifest.module);
  // The module is named after its content's digest: one that does not match it (torn, or edited) is bundled again.
  const code = await readFile(module).catch(() => undefined);
  if (!code || moduleName(code) !== manifest.module) return undefined;
  await touchEntry(module); // in use: not stale (see removeStale)
  return module;
}

/** An esbuild plugin that answers imports of the package `name` with the module `contents` returns. */
function moduleInPlaceOf(name: string, contents: () => string): Plugin {
  const namespace = `in-place-of:${name}`;
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`) }, () => ({ path: name, namespace }));
      build.onLoad({ filter: /.*/, namespace }, () => ({ contents: contents(), loader: 'js' }));
    },
  };
}

/**
 * esbuild is loaded only to bundle: most builds reuse the bundle, and worker threads only import it.
 * Loaded with require, which skips Node's scan of a CommonJS package's exports.
 */
export const esbuild = () => createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
export const esbuildVersion = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

/** The engine's location is part of the recipe: a bundle imports the theme API and shared packages of the engine that made it. */
const RECIPE = `esbuild ${esbuildVersion}; engine ${THEME_API}; shared ${SHARED_PACKAGES.join(' ')}; server stubs react-dom/client; v5`;

/**
 * Templates import island modules, which import react-dom/client to hydrate in the browser.
 * The server never hydrates, so it gets a stub instead of loading the client renderer.
 */
const serverHasNoClient = moduleInPlaceOf(
  'react-dom/client',
  () =>
    'const none = () => { throw new Error("react-dom/client is not available while rendering on the server"); }; export const hydrateRoot = none, createRoot = none;',
);

/**
 * How the theme is bundled: the project's code and its packages in one module (one file loads faster than
 * hundreds, and a package bundled in gets the engine's React too), importing only what it shares with the
 * engine. The bundle names no package, so it runs from any cache folder.
 */
const bundleOptions = (entry: string) =>
  ({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    // A stylesheet an island imports is the browser's (bundle-assets.ts): rendering on the server needs none of it.
    loader: { '.css': 'empty' },
    write: false,
    metafile: true,
    plugins: [serverHasNoClient, builtInTheme(), sharedRuntime(path.dirname(entry))],
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  }) satisfies BuildOptions;

type BundleResult = BuildResult<ReturnType<typeof bundleOptions>>;

/** Runs esbuild, then stores the bundle under its content hash (with a manifest of its inputs, for reuse by later builds). */
async function bundle(
  entry: string,
  cacheDir: string,
  run: () => Promise<BundleResult>,
  { manifest = true } = {},
): Promise<string> {
  let code: string;
  let inputs: string[];
  try {
    const result = await run();
    code = result.outputFiles[0]!.text;
    inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(file));
  } catch (cause) {
    if (!existsSync(entry)) {
      const folder = path.relative(process.cwd(), path.dirname(entry)) || '.';
      throw new SiteError(
        'ThemeEntryMissing',
        { folder, entry: path.basename(entry) },
        { file: path.relative(process.cwd(), entry), cause },
      );
    }
    throw new SiteError(
      'TemplateLoadFailed',
      { problem: firstEsbuildMessage(cause) ?? `Could not bundle ${entry}` },
      {
        file: path.relative(process.cwd(), entry),
        cause,
      },
    );
  }
  const module = moduleName(code);
  // The bundle is imported from a file, so it must be written; the manifest only saves the next build a bundling.
  try {
    await mkdir(cacheDir, { recursive: true });
    // Written unless a whole copy is there already (one whose content matches its name).
    const there = await readFile(path.join(cacheDir, module)).catch(() => undefined);
    if (!there || moduleName(there) !== module) {
      if (!(await writeEntry(path.join(cacheDir, module), code))) throw new Error('the cache folder refused the file');
      await removeStale(cacheDir, /^theme-[0-9a-f]{16}\.mjs(\.tmp-.*)?$/, module);
    }
  } catch (cause) {
    const file = path.relative(process.cwd(), path.join(cacheDir, module));
    throw new SiteError(
      'ThemeBundleUnwritable',
      { themeBundle: file, problem: (cause as Error).message },
      { file, cause },
    );
  }
  if (manifest) {
    const made: Manifest = {
      recipe: RECIPE,
      entry,
      module,
      inputs: Object.fromEntries(inputs.map((file) => [file, fingerprint(file)])),
    };
    const text = JSON.stringify(made);
    await writeEntry(
      path.join(cacheDir, MANIFEST),
      JSON.stringify({ manifest: text, seal: sealOf(await sealKey(), MANIFEST, text) }),
    );
  }
  return path.join(cacheDir, module);
}

/** Watch mode's theme: an esbuild context kept between edits re-bundles the project's code incrementally. */
export class ThemeBundler {
  private context?: BuildContext<ReturnType<typeof bundleOptions>>;
  private readonly entry: string;

  constructor(
    themeDir: string,
    private readonly cacheDir: string,
  ) {
    this.entry = themeEntry(themeDir);
  }

  async load(): Promise<LoadedTheme> {
    const module = await bundle(
      this.entry,
      this.cacheDir,
      async () => {
        this.context ??= await esbuild().context(bundleOptions(this.entry));
        return this.context.rebuild();
      },
      { manifest: false },
    );
    return { theme: await importTheme(module, this.entry), module };
  }

  async dispose(): Promise<void> {
    await this.context?.dispose();
    this.context = undefined;
  }
}

/** The theme's bundle in the cache (a file): the last one when none of its inputs changed, else a new one. */
export async function bundleTheme(themeDir: string, cacheDir: string): Promise<string> {
  const entry = themeEntry(themeDir);
  const reused = await reusableBundle(entry, cacheDir);
  return reused ?? bundle(entry, cacheDir, () => esbuild().build(bundleOptions(entry)));
}

/** The theme: the last bundle when none of its inputs changed, else a new one. */
export async function loadTheme(themeDir: string, cacheDir: string): Promise<LoadedTheme> {
  const module = await bundleTheme(themeDir, cacheDir);
  return { theme: await importTheme(module, themeEntry(themeDir)), module };
}

/** Imports a bundled theme module (also used by worker threads). */
export async function importTheme(module: string, entry = module): Promise<Theme> {
  try {
    const imported = (await import(pathToFileURL(module).href)) as { theme?: Theme };
    if (!imported.theme) throw new Error(`${entry} does not export "theme"`);
    return imported.theme;
  } catch (cause) {
    throw new SiteError(
      'TemplateLoadFailed',
      { problem: (cause as Error).message },
      { file: path.relative(process.cwd(), entry), cause },
    );
  }
}

export function firstEsbuildMessage(error: unknown): string | undefined {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors;
  const first = errors?.[0];
  if (!first) return undefined;
  return first.location ? `${first.location.file}:${first.location.line}: ${first.text}` : first.text;
}
