/**
 * Bundles the theme's stylesheet and the page scripts with esbuild: minified,
 * ES modules with code splitting, content-hashed names under /assets/ (so
 * hosts can cache them forever). Output stays in memory until writeSite.
 * Islands hydrate with React 19 in the browser (react-dom/client's
 * hydrateRoot, themes/default/islands/lib/runtime.tsx), as on the server; code splitting
 * puts React in chunks shared by every island of a page, loaded once. The
 * loader is bundled whole (one file: the one script loaded up front).
 * A stylesheet an island's modules import (a package's, say) becomes the
 * island's own: one minified file per island, linked by the page only when
 * the island starts (themes/default/islands/lib/hydrate.ts), never render-blocking.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { cachedAssets, type Bundle } from '../cache/asset-cache';
import { SiteError } from '../base/errors';
import { fingerprint } from '../cache/cache-files';
import { esbuild, esbuildVersion, firstEsbuildMessage } from '../render/load-theme';
import { builtInTheme } from '../render/built-in-theme';
import { DEFAULT_THEME_DIR } from '../base/engine-files';
import { bundleHeadScript, resolveHeadScript } from './head-script';
import { LOADER, type PageAssets } from '../render/render-pages';
import type { SourceEdit } from '../pages/theme-types';
import { sourceEdits, sourceEditsKey } from './source-edits';

export const ASSETS_DIR = 'assets';
/** The built-in theme's islands: every project's pages may use them. */
const BUILT_IN_ISLANDS = path.join(DEFAULT_THEME_DIR, 'islands');
/** The magic comment that asks V8 to compile a whole script eagerly, off the main thread; it must open the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export interface BundleInput {
  stylesheet: string;
  /** Entry name → absolute source file. */
  scripts: Record<string, string>;
  /** Source path suffix of a font to preload (as the stylesheet imports it). */
  preloadFont?: string;
}

/** The bundled assets: their files, and the public URLs pages link to (render/render-pages.tsx). */
export interface Assets extends PageAssets {
  /** Output path relative to the site root → contents. */
  files: Map<string, Uint8Array>;
  /** Absolute source files the assets are made of, for watch mode. */
  inputs: string[];
}

/** esbuild's options for the assets: everything but the entry points. */
const bundleOptions = (outdir: string) =>
  ({
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: ['chrome109', 'firefox115', 'safari15.4'],
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    loader: { '.woff2': 'file', '.svg': 'file', '.png': 'file' },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    // Text as UTF-8, not \u escapes: fewer bytes for the same code.
    charset: 'utf8',
    // V8's explicit compile hint (v8.dev/blog/explicit-compile-hints): compile every function of the file while it
    // streams in, on a background thread, rather than on the main thread at first call. True of every script here:
    // a page fetches an island's modules only when the island starts, and runs them at once. In Chromium's trace of
    // the home page, evaluating React's chunk went from a 19-27 ms task on the main thread to 6 ms.
    banner: { js: COMPILE_HINT },
  }) satisfies BuildOptions;

/** The island scripts, bundled: their files, each entry's URL and the chunks it imports. */
export type ScriptBundle = Bundle & Pick<Assets, 'scripts' | 'imports' | 'styles'>;
/** The stylesheet, bundled with the fonts and images it imports. */
export type StyleBundle = Bundle & Pick<Assets, 'stylesheet' | 'fontPreload'>;

/**
 * Bundles the assets; with a `cacheDir`, reuses each bundle while none of its inputs changed (asset-cache.ts).
 * The scripts and the stylesheet are two bundles: an edit of one never re-bundles the other.
 */
export async function bundleAssets(input: BundleInput, workDir: string, cacheDir?: string): Promise<Assets> {
  const [scripts, style] = await Promise.all([
    bundleScripts(input.scripts, workDir, cacheDir),
    bundleStylesheet(input, workDir, cacheDir),
  ]);
  return joinAssets(scripts, style);
}

export function joinAssets(scripts: ScriptBundle, style: StyleBundle): Assets {
  return {
    files: new Map([...scripts.files, ...style.files]),
    stylesheet: style.stylesheet,
    fontPreload: style.fontPreload,
    scripts: scripts.scripts,
    imports: scripts.imports,
    styles: scripts.styles,
    inputs: [...new Set([...scripts.inputs, ...style.inputs])],
  };
}

/**
 * What a stored bundle holds (2: the islands' stylesheets too; 3: the loader bundled whole): a cache of another
 * format is bundled again.
 */
const STORED_FORMAT = 3;

/**
 * The recipe names everything else a bundle depends on: esbuild's version and options, the entry points, and the
 * project's TypeScript config and lockfile.
 */
function recipeOf(input: unknown, workDir: string): string {
  const project = ['tsconfig.json', 'package-lock.json'].map((file) => fingerprint(path.join(workDir, file)));
  return JSON.stringify({
    format: STORED_FORMAT,
    esbuild: esbuildVersion,
    options: bundleOptions(path.join(workDir, ASSETS_DIR)),
    input,
    workDir,
    project,
  });
}

/**
 * The island scripts (entry name → absolute source file), minified, with the chunks they share; `edits`: the theme's
 * edits of packages' sources (./source-edits.ts).
 */
export async function bundleScripts(
  scripts: Record<string, string>,
  workDir: string,
  cacheDir?: string,
  edits: readonly SourceEdit[] = [],
): Promise<ScriptBundle> {
  const make = async (): Promise<ScriptBundle> => {
    if (Object.keys(scripts).length === 0)
      return { files: new Map(), inputs: [], scripts: {}, imports: {}, styles: {} };
    // The loader is the one script a page with islands loads up front: bundled whole, with what it imports copied
    // in, it is one request, where sharing chunks with the islands made it four (each on its own connection on
    // HTTP/1.1, all before the page has hydrated anything). The islands share chunks among themselves.
    const { [LOADER]: loader, ...shared } = scripts;
    const entries = (of: Record<string, string>) => Object.entries(of).map(([name, file]) => ({ in: file, out: name }));
    const builds = await Promise.all([
      Object.keys(shared).length > 0 ? run(entries(shared), workDir, {}, edits) : undefined,
      loader ? run([{ in: loader, out: LOADER }], workDir, { splitting: false }, edits) : undefined,
    ]);
    const result: ScriptBundle = { files: new Map(), inputs: [], scripts: {}, imports: {}, styles: {} };
    for (const built of builds) {
      if (!built) continue;
      for (const [file, contents] of built.files) result.files.set(file, contents);
      result.inputs.push(...built.inputs);
    }
    result.inputs = [...new Set(result.inputs)];
    for (const [name, source] of Object.entries(scripts)) {
      const built = (name === LOADER ? builds[1] : builds[0])!;
      const [out, meta] = built.entry(source);
      result.scripts[name] = built.publicUrl(out);
      result.imports[name] = staticImports(meta, built.outputs).map(built.publicUrl);
      if (meta.cssBundle) result.styles[name] = built.publicUrl(meta.cssBundle);
    }
    return result;
  };
  // Without edits the recipe is the entries alone, as it was before edits existed.
  const recipeInput = edits.length > 0 ? { scripts, edits: sourceEditsKey(edits) } : scripts;
  return cacheDir ? cachedAssets('scripts', recipeOf(recipeInput, workDir), cacheDir, make) : make();
}

/**
 * A project's assets: its islands and its theme's stylesheet, bundled apart (an edit of one does not bundle the
 * other), and the theme's head script when it names one.
 */
export async function bundleProjectAssets(
  theme: {
    stylesheet: string;
    preloadFont?: string;
    headScript?: string;
    search?: boolean;
    islandSourceEdits?: readonly SourceEdit[];
  },
  { themeDir, islandsDir, root, cacheDir }: { themeDir: string; islandsDir: string; root: string; cacheDir: string },
): Promise<Assets> {
  const [scripts, style, head] = await Promise.all([
    // The colour scheme button works with the head script that applies the stored choice before the first paint.
    islandEntries(themeDir, islandsDir, {
      search: theme.search === true,
      'theme-toggle': theme.headScript !== undefined,
      // Started by the head script on the first interaction with a code block (the built-in theme's code-copy-trigger.ts).
      'code-copy': theme.headScript !== undefined,
    }).then((entries) => bundleScripts(entries, root, cacheDir, theme.islandSourceEdits)),
    bundleStylesheet(
      { stylesheet: path.join(themeDir, theme.stylesheet), preloadFont: theme.preloadFont },
      root,
      cacheDir,
    ),
    theme.headScript === undefined
      ? undefined
      : bundleHeadScript(resolveHeadScript(theme.headScript, themeDir), root, cacheDir),
  ]);
  const assets = joinAssets(scripts, style);
  if (!head) return assets;
  for (const [file, contents] of head.files) assets.files.set(file, contents);
  assets.inputs = [...new Set([...assets.inputs, ...head.inputs])];
  return { ...assets, headScript: head.url };
}

/**
 * The island modules a project's pages may use, by name: the built-in theme's (themes/default/islands/: the loader
 * that starts every island, and the islands its Layout and templates show), those of the theme's own islands/
 * folder (a copy of the built-in theme made by `site new`, changed), then the project's islands/. A later folder's
 * module takes the name of an earlier one's: a project may replace the loader or a built-in island.
 *
 * The islands of a feature a theme turns on (`features/search.tsx`, with theme.search; `features/theme-toggle.tsx`,
 * with a theme.headScript, which applies the choice it stores; `features/code-copy.tsx`, which the head script starts) are entries only then, from each folder that has one:
 * every other project's bundles stay as they were, byte for byte.
 */
export async function islandEntries(
  themeDir: string,
  islandsDir: string,
  features: Record<string, boolean> = {},
): Promise<Record<string, string>> {
  const folders = [...new Set([BUILT_IN_ISLANDS, path.join(themeDir, 'islands'), islandsDir])];
  const wanted = new Set(Object.entries(features).flatMap(([name, on]) => (on ? [name] : [])));
  const found = await Promise.all(
    folders.map(async (folder) => ({
      ...(await scriptEntries(folder)),
      ...Object.fromEntries(
        Object.entries(await scriptEntries(path.join(folder, 'features'))).filter(([name]) => wanted.has(name)),
      ),
    })),
  );
  return Object.assign({}, ...found) as Record<string, string>;
}

/** The theme's stylesheet with what it imports, and the URL of the font to preload. */
export async function bundleStylesheet(
  input: Pick<BundleInput, 'stylesheet' | 'preloadFont'>,
  workDir: string,
  cacheDir?: string,
): Promise<StyleBundle> {
  const make = async (): Promise<StyleBundle> => {
    const built = await run([{ in: input.stylesheet, out: 'site' }], workDir);
    const font = input.preloadFont;
    const fontOut = font
      ? Object.entries(built.outputs).find(([, out]) =>
          Object.keys(out.inputs).some((file) => file.replace(/\\/g, '/').endsWith(font)),
        )
      : undefined;
    return {
      files: built.files,
      inputs: built.inputs,
      stylesheet: built.publicUrl(built.entry(input.stylesheet)[0]),
      fontPreload: fontOut ? built.publicUrl(fontOut[0]) : undefined,
    };
  };
  const recipeInput = { stylesheet: input.stylesheet, preloadFont: input.preloadFont };
  return cacheDir ? cachedAssets('styles', recipeOf(recipeInput, workDir), cacheDir, make) : make();
}

/** One esbuild run: its files by output path (relative to the site root), and how to find an entry's output. */
async function run(
  entryPoints: { in: string; out: string }[],
  workDir: string,
  options: Pick<BuildOptions, 'splitting'> = {},
  edits: readonly SourceEdit[] = [],
) {
  const outdir = path.join(workDir, ASSETS_DIR);
  const edited = sourceEdits(edits);
  let result;
  try {
    result = await esbuild().build({
      entryPoints,
      ...bundleOptions(outdir),
      plugins: [builtInTheme({ packagesFrom: workDir }), edited.plugin],
      ...options,
    });
  } catch (cause) {
    throw new SiteError('AssetBuildFailed', { problem: firstEsbuildMessage(cause) }, { cause });
  }
  edited.check();
  const publicUrl = (outFile: string) => `/${path.relative(workDir, path.resolve(outFile)).replace(/\\/g, '/')}`;
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(publicUrl(file.path).slice(1), file.contents);
  const outputs = result.metafile.outputs;
  const entry = (source: string) => {
    const found = Object.entries(outputs).find(
      ([, out]) => out.entryPoint && path.resolve(out.entryPoint) === path.resolve(source),
    );
    if (!found) throw new SiteError('AssetBuildFailed', { problem: `esbuild produced no output for ${source}` });
    return found;
  };
  return {
    files,
    outputs,
    entry,
    publicUrl,
    inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(file)),
  };
}

/** Chunks an entry imports statically (transitively): worth a modulepreload. */
function staticImports(
  meta: Metafile['outputs'][string],
  outputs: Metafile['outputs'],
  seen = new Set<string>(),
): string[] {
  for (const imported of meta.imports) {
    if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
    seen.add(imported.path);
    const next = outputs[imported.path];
    if (next) staticImports(next, outputs, seen);
  }
  return [...seen];
}

/** Every top-level module in islands/ is an entry: the loader, the islands and plain page scripts. */
export async function scriptEntries(islandsDir: string): Promise<Record<string, string>> {
  const files = await readdir(islandsDir).catch(() => [] as string[]);
  return Object.fromEntries(
    files
      .filter((f) => /^[a-z][\w-]*\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .sort()
      .map((f) => [f.replace(/\.tsx?$/, ''), path.join(islandsDir, f)]),
  );
}
