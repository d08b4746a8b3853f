/**
 * A project's places (root, pages, output, theme, islands, public files,
 * cache) and what a changed file is to the site. Light on purpose: a build
 * names its folders before the rest of the engine has loaded.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, isMarkdownFile, listPageFiles, noPages, PUBLIC_DIR, type PageFiles } from '../pages/list-pages';
import { checkOutputPlace } from '../output/output-folder';
import { DEFAULT_THEME_DIR } from '../base/engine-files';
import { isInside } from '../base/paths';

/** The project's own theme folder, templates/, when it has one; else the built-in theme. */
export function themeDirOf(root: string): string {
  const own = path.join(root, 'templates');
  return existsSync(own) ? own : DEFAULT_THEME_DIR;
}

export interface ProjectPaths {
  root: string;
  pagesDir: string;
  outDir: string;
  themeDir: string;
  islandsDir: string;
  publicDir: string;
  cacheDir: string;
}

/** Where a project's folders are; each relative to `root` (default: the working directory). */
export interface ProjectPlaces {
  root?: string;
  pagesDir?: string;
  outDir?: string;
  cacheDir?: string;
}

export function projectPaths(options: ProjectPlaces): ProjectPaths {
  const root = path.resolve(options.root ?? process.cwd());
  const pagesDir = path.resolve(root, options.pagesDir ?? 'pages');
  return {
    root,
    pagesDir,
    outDir: path.resolve(root, options.outDir ?? 'dist'),
    themeDir: themeDirOf(root),
    islandsDir: path.join(root, 'islands'),
    publicDir: path.join(pagesDir, PUBLIC_DIR),
    cacheDir: options.cacheDir
      ? path.resolve(root, options.cacheDir)
      : path.join(root, 'node_modules', '.cache', 'site'),
  };
}

/**
 * The page files a full build of the project builds (inside the pages folder), once it has checked what it checks
 * before it writes anything, its cache included: that the output folder is a place of the build's own
 * (output-folder.ts), and that there are pages.
 */
export async function pagesToBuild(paths: ProjectPaths): Promise<PageFiles> {
  checkOutputPlace(paths.outDir, paths);
  const files = await listPageFiles(paths.pagesDir);
  if (files.pages.length === 0) throw noPages(paths.pagesDir, paths.root);
  return files;
}

export type ChangeKind = 'config' | 'page' | 'public' | 'file' | 'style' | 'theme' | 'island';

/** What a changed file (an absolute path) is to the site; undefined for files the site does not read. */
export function classify(file: string, paths: ProjectPaths): ChangeKind | undefined {
  const inside = (dir: string) => file !== dir && isInside(file, dir);
  if (file === path.join(paths.pagesDir, CONFIG_FILE)) return 'config';
  if (inside(paths.publicDir)) return 'public';
  // Any other file of the pages folder may be one a page links to beside it (attachments.ts).
  if (inside(paths.pagesDir)) return isMarkdownFile(file) ? 'page' : 'file';
  // The theme's own islands (a copy of the built-in theme's, made by `site new`) are bundled as islands are.
  if (inside(path.join(paths.themeDir, 'islands'))) return /\.(tsx?|jsx?|css)$/.test(file) ? 'island' : undefined;
  if (inside(paths.themeDir))
    return file.endsWith('.css') ? 'style' : /\.(tsx?|jsx?)$/.test(file) ? 'theme' : undefined;
  if (inside(paths.islandsDir)) return /\.(tsx?|jsx?|css)$/.test(file) ? 'island' : undefined;
  return undefined;
}
