/**
 * What a rendered markdown body depends on besides the page: the versions of
 * remark's packages, and each plugin's file, version and options. A light
 * module: it finds the packages without importing them, so a build whose
 * pages all come from the content cache never loads remark.
 */
import { installedVersion } from '../cache/cache-files';
import GFM_PACKAGES from './gfm-packages.json';
import type { HeadingIdStyle } from './heading-ids';
import { resolvePlugins, type PluginPlace, type PluginSetting, type ResolvedPlugin } from './markdown-plugins';

/** The site config's `markdown` settings. */
export interface MarkdownSettings {
  plugins?: readonly PluginSetting[];
  /** How headings' ids are made from their text (default: GitHub's slugs). */
  headingIds?: HeadingIdStyle;
}

/** The packages every rendering runs through: remark, and the parser and processor it is made of, then the rest. */
const PIPELINE_PACKAGES = [
  'remark',
  'unified',
  'remark-parse',
  'remark-gfm',
  // GFM's parts, which gfm-parts.ts adds itself, and remark-gfm allows a range of.
  ...GFM_PACKAGES,
  'remark-html',
  'mdast-util-to-hast',
  'hast-util-to-html',
  'hast-util-raw',
  'hast-util-sanitize',
  'github-slugger',
  'gemoji',
  'micromark',
  'micromark-core-commonmark',
  'micromark-factory-space',
  'micromark-util-character',
  // Code highlighting (highlight.ts): the grammars and the two themes come with these, the tokenizer and the
  // converter of the grammars' regular expressions (code-regexes.ts) with the last two.
  'shiki',
  '@shikijs/core',
  '@shikijs/langs',
  '@shikijs/themes',
  '@shikijs/engine-javascript',
  '@shikijs/vscode-textmate',
  'oniguruma-to-es',
];

/**
 * The recipe of the pipeline `settings` make, without loading it (remark is imported only when a page needs
 * rendering): throws MarkdownPluginNotFound as loadMarkdown would.
 */
export function markdownRecipe(settings: MarkdownSettings | undefined, place: PluginPlace): string {
  return recipeOf(resolvePlugins(settings?.plugins ?? [], place), settings?.headingIds ?? 'github');
}

export function recipeOf(plugins: readonly ResolvedPlugin[], headingIds: HeadingIdStyle): string {
  const own = PIPELINE_PACKAGES.map((name) => `${name}@${installedVersion(name)}`);
  // Options may hold functions or regular expressions, which JSON would drop: their text stands for them.
  const options = (_key: string, value: unknown) =>
    typeof value === 'function' || value instanceof RegExp ? String(value) : value;
  return JSON.stringify(
    [own, plugins.map((plugin) => [plugin.name, plugin.file, plugin.version, plugin.options]), headingIds],
    options,
  );
}
