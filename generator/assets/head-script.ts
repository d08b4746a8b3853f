/**
 * A theme's head script: one small classic script that every page loads in its <head>, before the stylesheet,
 * neither deferred nor a module, so it runs before the first paint (the built-in theme's sets the colour scheme a
 * visitor chose, so a dark page never flashes light). A file, never inline: the Content-Security-Policy allows no
 * inline script. Bundled whole by esbuild as an IIFE, minified, with a content-hashed name under /assets/.
 */
import path from 'node:path';
import { SiteError } from '../base/errors';
import { DEFAULT_THEME_DIR } from '../base/engine-files';
import { cachedAssets, type Bundle } from '../cache/asset-cache';
import { esbuild, esbuildVersion, firstEsbuildMessage } from '../render/load-theme';
import { PACKAGE_NAME } from '../render/shared-runtime';

/** The head script bundled: its file and public URL. */
export type HeadScriptBundle = Bundle & { url: string };

const BUILT_IN = `${PACKAGE_NAME}/theme/`;

/**
 * The file a theme's `headScript` names: `site/theme/<name>.ts` is the built-in theme's (so a theme that extends it
 * keeps its script), anything else a path inside the theme's folder.
 */
export function resolveHeadScript(headScript: string, themeDir: string): string {
  const [dir, name] = headScript.startsWith(BUILT_IN)
    ? [DEFAULT_THEME_DIR, headScript.slice(BUILT_IN.length)]
    : [themeDir, headScript];
  const file = path.resolve(dir, name);
  if (!/^[\w./-]+\.[jt]s$/.test(name) || path.relative(dir, file).startsWith('..'))
    throw new SiteError('AssetBuildFailed', {
      problem: `the theme's headScript "${headScript}" is not a .ts or .js file inside the theme's folder`,
    });
  return file;
}

const options = (outdir: string) => ({
  outdir,
  bundle: true,
  format: 'iife' as const,
  minify: true,
  target: ['chrome109', 'firefox115', 'safari15.4'],
  entryNames: '[name]-[hash]',
  write: false,
  metafile: true,
  logLevel: 'silent' as const,
  legalComments: 'none' as const,
  charset: 'utf8' as const,
});

export async function bundleHeadScript(file: string, workDir: string, cacheDir?: string): Promise<HeadScriptBundle> {
  const outdir = path.join(workDir, 'assets');
  const make = async (): Promise<HeadScriptBundle> => {
    let result;
    try {
      result = await esbuild().build({ entryPoints: [file], ...options(outdir) });
    } catch (cause) {
      throw new SiteError('AssetBuildFailed', { problem: firstEsbuildMessage(cause) }, { cause });
    }
    const out = result.outputFiles!.find((output) => output.path.endsWith('.js'))!;
    const relative = path.relative(workDir, out.path).replace(/\\/g, '/');
    return {
      files: new Map([[relative, out.contents]]),
      inputs: Object.keys(result.metafile!.inputs).map((input) => path.resolve(input)),
      url: `/${relative}`,
    };
  };
  const recipe = JSON.stringify({ esbuild: esbuildVersion, options: options(outdir), file, workDir });
  return cacheDir ? cachedAssets('head-script', recipe, cacheDir, make) : make();
}
