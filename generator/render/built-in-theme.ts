/**
 * The built-in theme as a project's theme extends it, rather than copying it whole: its templates import
 * `site/theme` (the theme, its Layout and its `prose` and `not-found` templates), its stylesheet imports
 * `site/theme/styles.css`. Both come from the running engine's themes/default/, whichever copy of the package the
 * project has installed, as the theme API does (shared-runtime.ts); a project's islands import the islands' runtime
 * as `site/theme/islands/lib/<name>` (runtime, hydrate), its templates the built-in islands as
 * `site/theme/islands/<name>`. All are bundled into the project's own theme and
 * stylesheet: the bundles list them among their inputs, so an engine with a changed theme bundles them again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { DEFAULT_THEME_DIR } from '../base/engine-files';
import { isInside } from '../base/paths';
import { PACKAGE_NAME } from './shared-runtime';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Marks a resolution this plugin asks esbuild for itself, so its own handler lets it through. */
const FROM_PROJECT = Symbol('site:packages-from-project');

/**
 * The esbuild plugin that resolves `site/theme`, `site/theme/<name>.css` and `site/theme/islands/<path>` to the built-in
 * theme's files. With `packagesFrom` (the project's folder, for the browser bundles), a package the built-in theme's
 * islands import (react, react-dom) is the project's when the project has it installed, else the engine's: an island
 * of the project and the islands' runtime it starts with must share one React, or its hooks fail in the browser.
 */
export function builtInTheme(options: { packagesFrom?: string } = {}): Plugin {
  const prefix = `${PACKAGE_NAME}/theme`;
  return {
    name: 'site:built-in-theme',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${escapeRegExp(prefix)}(/|$)`) }, (args) => {
        if (args.path === prefix) return { path: path.join(DEFAULT_THEME_DIR, 'index.ts') };
        // An island module of the built-in theme: the islands' runtime (hydrator, hydrateIsland), with which a
        // project's islands start as the built-in theme's do, and its islands (features/theme-toggle, features/search), which
        // the copy `site new` makes of its templates shows.
        const island = /^\/islands\/((?:[\w-]+\/)*[\w-]+)$/.exec(args.path.slice(prefix.length));
        if (island) {
          const found = ['.ts', '.tsx']
            .map((ext) => path.join(DEFAULT_THEME_DIR, 'islands', `${island[1]}${ext}`))
            .find((file) => existsSync(file));
          if (found) return { path: found };
        }
        // A stylesheet of the theme by its plain name: nothing else of the engine's folder is reachable this way.
        const name = args.path.slice(prefix.length + 1);
        const file = path.join(DEFAULT_THEME_DIR, name);
        if (/^[\w-]+\.css$/.test(name) && existsSync(file)) return { path: file };
        return {
          errors: [
            {
              text: `"${args.path}" is not a part of the built-in theme: a template imports "${prefix}", a stylesheet "${prefix}/styles.css", an island "${prefix}/islands/<name>"`,
            },
          ],
        };
      });
      const from = options.packagesFrom;
      if (from)
        build.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.pluginData === FROM_PROJECT || !isInside(args.importer, DEFAULT_THEME_DIR)) return undefined;
          const found = await build.resolve(args.path, { kind: args.kind, resolveDir: from, pluginData: FROM_PROJECT });
          return found.errors.length === 0 ? found : undefined;
        });
    },
  };
}
