/**
 * The copy of the built-in theme that `site new` puts in a project's templates/: the files its module (index.ts)
 * and its stylesheets are made of, found by bundling them as a build does, so a file the theme gains is copied and
 * a file it no longer reads is not. The engine's scripts are not copied: its islands (islands/, which import react
 * and the islands' runtime) and its head script (which index.ts names as `site/theme/head.ts`) stay the engine's,
 * bundled from its folder with its own dependencies, so the project builds before `npm install` and type-checks
 * without the runtime's dependencies. A copied file that imports an island imports it by the package's name,
 * `site/theme/islands/<name>` (render/built-in-theme.ts), as the project's own islands import the runtime.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { DEFAULT_THEME_DIR } from '../base/engine-files';
import { esbuild } from '../render/load-theme';
import { PACKAGE_NAME } from '../render/shared-runtime';

const ISLANDS_DIR = path.join(DEFAULT_THEME_DIR, 'islands');

/** A file of the theme, relative to its folder, with the imports of islands its copy must name by the package. */
interface ThemeFile {
  file: string;
  islandImports: Map<string, string>;
}

const inside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** The island module's name under the package: `./islands/features/search` → `site/theme/islands/features/search`. */
const islandSpecifier = (file: string) =>
  `${PACKAGE_NAME}/theme/islands/${path
    .relative(ISLANDS_DIR, file)
    .replace(/\.[jt]sx?$/, '')
    .split(path.sep)
    .join('/')}`;

/** The theme's own files its module and stylesheet read, outside islands/, and what each imports of islands/. */
async function themeFiles(): Promise<ThemeFile[]> {
  const islandImports = new Map<string, Map<string, string>>();
  const tracer: Plugin = {
    name: 'site:theme-copy',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === 'resolved') return undefined;
        // Packages (the theme API, react, zod, `site/theme/...`) are the project's dependencies, never copied.
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'resolved',
        });
        if (resolved.errors.length > 0 || !inside(ISLANDS_DIR, resolved.path)) return undefined;
        const imports = islandImports.get(args.importer) ?? new Map<string, string>();
        imports.set(args.path, islandSpecifier(resolved.path));
        islandImports.set(args.importer, imports);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await esbuild().build({
    // The theme's module and its stylesheets (the one it names imports the others, and a theme that extends it may
    // import any of them by name: site/theme/<name>.css).
    entryPoints: [
      path.join(DEFAULT_THEME_DIR, 'index.ts'),
      ...(await readdir(DEFAULT_THEME_DIR))
        .filter((name) => name.endsWith('.css'))
        .map((name) => path.join(DEFAULT_THEME_DIR, name)),
    ],
    absWorkingDir: DEFAULT_THEME_DIR,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out',
    format: 'esm',
    logLevel: 'silent',
    plugins: [tracer],
  });
  return Object.keys(result.metafile.inputs)
    .map((input) => path.resolve(DEFAULT_THEME_DIR, input))
    .filter((file) => inside(DEFAULT_THEME_DIR, file) && !inside(ISLANDS_DIR, file))
    .sort()
    .map((file) => ({
      file: path.relative(DEFAULT_THEME_DIR, file),
      islandImports: islandImports.get(file) ?? new Map<string, string>(),
    }));
}

/** A module specifier as written in an import: in single or double quotes. */
const quoted = (specifier: string) => new RegExp(`(['"])${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\1`, 'g');

/** Writes the copy into `dir` and returns the files written, relative to it. */
export async function copyTheme(dir: string): Promise<string[]> {
  const files = await themeFiles();
  for (const { file, islandImports } of files) {
    let text = await readFile(path.join(DEFAULT_THEME_DIR, file), 'utf8');
    for (const [written, specifier] of islandImports) text = text.replace(quoted(written), `$1${specifier}$1`);
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return files.map(({ file }) => file.split(path.sep).join('/'));
}
