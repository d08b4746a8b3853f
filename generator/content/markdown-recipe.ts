/**
 * What a rendered markdown body depends on besides the page: the versions of
 * remark's packages, and each plugin's file, version and options. A light
 * module: it finds the packages without importing them, so a build whose
 * pages all come from the content cache never loads remark.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MarkdownSettings } from './markdown';
import { resolvePlugins, type PluginPlace, type ResolvedPlugin } from './markdown-plugins';

/** The packages every rendering runs through. */
const PIPELINE_PACKAGES = ['unified', 'remark-parse', 'remark-gfm', 'remark-html', 'hast-util-sanitize', 'github-slugger'];

/**
 * The recipe of the pipeline `settings` make, without loading it (remark is imported only when a page needs
 * rendering): throws MarkdownPluginNotFound as loadMarkdown would.
 */
export function markdownRecipe(settings: MarkdownSettings | undefined, place: PluginPlace): string {
  return recipeOf(resolvePlugins(settings?.plugins ?? [], place));
}

export function recipeOf(plugins: readonly ResolvedPlugin[]): string {
  const own = PIPELINE_PACKAGES.map((name) => `${name}@${installedVersion(name)}`);
  // Options may hold functions or regular expressions, which JSON would drop: their text stands for them.
  const options = (_key: string, value: unknown) => (typeof value === 'function' || value instanceof RegExp ? String(value) : value);
  return JSON.stringify([own, plugins.map((plugin) => [plugin.name, plugin.file, plugin.version, plugin.options])], options);
}

const engineRequire = createRequire(import.meta.url);

/** The version of a package as this engine resolves it ('' when it cannot be read). */
function installedVersion(name: string): string {
  for (const folder of engineRequire.resolve.paths(name) ?? []) {
    try {
      return String((JSON.parse(readFileSync(path.join(folder, name, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '');
    } catch {
      // not in this folder
    }
  }
  return '';
}
