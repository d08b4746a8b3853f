/**
 * What the theme bundle imports from the engine instead of carrying a copy:
 * one module instance of each, whichever install the project's own packages
 * come from.
 *
 * - The theme API, generator/theme.ts (Island, SiteError, defineTemplate): an
 *   import that resolves to a `generator/theme.ts` (the project's copy or the
 *   engine's) becomes an import of the engine's own file, so the Island
 *   context and the error class are the ones the engine renders and reports
 *   with. Any other module of a generator folder is refused: a bundled copy of
 *   it would have state of its own.
 * - The packages the engine shares with the theme (react, react-dom, zod, any
 *   entry of them): imported from the engine's install, so a theme's hooks
 *   run on the renderer's React and its schemas are the engine's zod's. Other
 *   packages are bundled from the project's install, and their own imports of
 *   these packages come to the engine's copies too.
 *
 * - The engine's package by name (`import { defineTemplate } from 'site'`, as
 *   the built-in theme and the themes `site new` copies write it): the theme
 *   API, the same module, whichever copy of the package the project has.
 *
 * The bundle names these modules by absolute file URL (THEME_API is the
 * compiled theme.mjs when the engine runs compiled): it imports them from
 * wherever the cache keeps it, and Node gives each URL one instance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OnResolveArgs, OnResolveResult, Plugin } from 'esbuild';
import { ENGINE_ROOT, GENERATOR_DIR, THEME_API } from '../base/engine-files';
import { isInside } from '../base/paths';

export { THEME_API };
/** Packages whose one instance the engine and the theme share. */
export const SHARED_PACKAGES = ['react', 'react-dom', 'zod'] as const;

/** The engine's package name, which a theme imports the theme API by. */
export const PACKAGE_NAME = (
  JSON.parse(readFileSync(path.join(ENGINE_ROOT, 'package.json'), 'utf8')) as { name: string }
).name;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const sharedPackage = new RegExp(`^(${SHARED_PACKAGES.join('|')})(/|$)`);
/** Import paths that may lead into a generator folder: only these are checked, the rest resolve as esbuild would. */
const mayBeEngine = /(^|[\\/])generator([\\/]|$)/;
/** Marks the resolutions this plugin asks esbuild for, so they are not answered by the plugin again. */
const RESOLVING = { sharedRuntime: true };

/**
 * The esbuild plugin that makes a theme in `themeDir` import the engine's theme API and shared packages.
 * Put it after any plugin that answers one of these imports itself (the server's stub of react-dom/client).
 */
export function sharedRuntime(themeDir: string): Plugin {
  // The project's own copy of the engine, if it has one, sits beside its theme (templates/ and generator/).
  const generatorDirs = [GENERATOR_DIR, path.join(path.dirname(path.resolve(themeDir)), 'generator')];
  return {
    name: 'site:shared-runtime',
    setup(build) {
      // Resolved from the engine's folder, whoever imports them: one answer per import path and kind, kept for the
      // life of the build context (the engine runs on the packages it loaded when it started).
      const shared = new Map<string, Promise<OnResolveResult>>();
      const resolveShared = async (args: OnResolveArgs): Promise<OnResolveResult> => {
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: GENERATOR_DIR,
          pluginData: RESOLVING,
        });
        if (found.errors.length > 0) return { errors: found.errors };
        return { path: pathToFileURL(found.path).href, external: true };
      };
      build.onResolve({ filter: sharedPackage }, (args) => {
        if (args.pluginData === RESOLVING) return undefined;
        const key = `${args.kind}\0${args.path}`;
        let answer = shared.get(key);
        if (!answer) shared.set(key, (answer = resolveShared(args)));
        return answer;
      });

      build.onResolve({ filter: new RegExp(`^${escapeRegExp(PACKAGE_NAME)}$`) }, () => ({
        path: pathToFileURL(THEME_API).href,
        external: true,
      }));

      build.onResolve({ filter: mayBeEngine }, async (args) => {
        if (args.pluginData === RESOLVING || args.namespace !== 'file') return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: RESOLVING,
        });
        const generatorDir = generatorDirs.find((dir) => found.path !== dir && isInside(found.path, dir));
        if (found.errors.length > 0 || !generatorDir) return undefined; // not the engine: esbuild resolves it (and reports its errors) as usual
        if (found.path === path.join(generatorDir, 'theme.ts'))
          return { path: pathToFileURL(THEME_API).href, external: true };
        return {
          errors: [
            {
              text: `"${args.path}" is not the engine's theme API: a theme imports the engine only through generator/theme.ts`,
              detail: found.path,
            },
          ],
        };
      });
    },
  };
}
