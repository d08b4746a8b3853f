/**
 * Bundles the theme's stylesheet and the page scripts with esbuild: minified,
 * ES modules with code splitting, content-hashed names under /assets/ (so
 * hosts can cache them forever). Output stays in memory until writeSite.
 * Islands hydrate with React 19 in the browser (react-dom/client's
 * hydrateRoot, islands/lib/runtime.tsx), as on the server; code splitting
 * puts React in chunks shared by every island of a page, loaded once.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOptions, Metafile } from 'esbuild';
import { cachedAssets } from '../cache/asset-cache';
import { SiteError } from '../core/errors';
import { fingerprint } from '../cache/cache-files';
import { esbuild, esbuildVersion, firstEsbuildMessage } from '../render/load-theme';

export const ASSETS_DIR = 'assets';

export interface BundleInput {
  stylesheet: string;
  /** Entry name → absolute source file. */
  scripts: Record<string, string>;
  /** Source path suffix of a font to preload (as the stylesheet imports it). */
  preloadFont?: string;
}

export interface Assets {
  /** Output path relative to the site root → contents. */
  files: Map<string, Uint8Array>;
  stylesheet: string;
  /** Entry name → public URL. */
  scripts: Record<string, string>;
  /** Public URLs of the chunks each entry imports, for modulepreload. */
  imports: Record<string, string[]>;
  fontPreload?: string;
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
  }) satisfies BuildOptions;

/**
 * Bundles the assets; with a `cacheDir`, reuses the last bundle while none of its inputs changed (asset-cache.ts).
 * The recipe names everything else the output depends on: esbuild's version and options, the entry points, and the
 * project's TypeScript config and lockfile.
 */
export async function bundleAssets(input: BundleInput, workDir: string, cacheDir?: string): Promise<Assets> {
  if (!cacheDir) return bundleNow(input, workDir);
  const project = ['tsconfig.json', 'package-lock.json'].map((file) => fingerprint(path.join(workDir, file)));
  const recipe = JSON.stringify({ esbuild: esbuildVersion, options: bundleOptions(path.join(workDir, ASSETS_DIR)), input, workDir, project });
  return cachedAssets(recipe, cacheDir, () => bundleNow(input, workDir));
}

async function bundleNow(input: BundleInput, workDir: string): Promise<Assets> {
  const outdir = path.join(workDir, ASSETS_DIR);
  let result;
  try {
    result = await esbuild().build({
      entryPoints: [
        { in: input.stylesheet, out: 'site' },
        ...Object.entries(input.scripts).map(([name, file]) => ({ in: file, out: name })),
      ],
      ...bundleOptions(outdir),
    });
  } catch (cause) {
    throw new SiteError('AssetBuildFailed', firstEsbuildMessage(cause) ?? 'esbuild failed', { cause });
  }

  const publicUrl = (outFile: string) => `/${path.relative(workDir, path.resolve(outFile)).replace(/\\/g, '/')}`;
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(publicUrl(file.path).slice(1), file.contents);

  const outputs = result.metafile.outputs;
  const entryUrl = (source: string) => {
    const found = Object.entries(outputs).find(([, out]) => out.entryPoint && path.resolve(out.entryPoint) === path.resolve(source));
    if (!found) throw new SiteError('AssetBuildFailed', `esbuild produced no output for ${source}`);
    return found;
  };

  const scripts: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  for (const [name, source] of Object.entries(input.scripts)) {
    const [out, meta] = entryUrl(source);
    scripts[name] = publicUrl(out);
    imports[name] = staticImports(meta, outputs).map(publicUrl);
  }

  const font = input.preloadFont;
  const fontOut = font
    ? Object.entries(outputs).find(([, out]) => Object.keys(out.inputs).some((file) => file.replace(/\\/g, '/').endsWith(font)))
    : undefined;

  return {
    files,
    stylesheet: publicUrl(entryUrl(input.stylesheet)[0]),
    scripts,
    imports,
    fontPreload: fontOut ? publicUrl(fontOut[0]) : undefined,
    inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(file)),
  };
}

/** Chunks an entry imports statically (transitively): worth a modulepreload. */
function staticImports(meta: Metafile['outputs'][string], outputs: Metafile['outputs'], seen = new Set<string>()): string[] {
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
