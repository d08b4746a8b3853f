/**
 * The site's remark plugins (site config `markdown.plugins`): each named by
 * its npm package (or a path from the project root starting with `./`),
 * resolved from the project, so from the site's own node_modules, and imported.
 * A plugin that cannot be found or imported, or whose module exports no
 * plugin, is a catalogued error naming the config file, the field and the
 * plugin. Every plugin is checked before one error is thrown, so every bad
 * entry is reported at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin, Preset } from 'unified';
import { collectErrors, SiteError, throwIfAny } from '../base/errors';
import { ownValue } from '../base/own';

/** One entry of `markdown.plugins`. */
export interface PluginSetting {
  /** npm package name (`remark-smartypants`, `@scope/plugin`, `package/subpath`) or `./path/from/the/project/root.js`. */
  name: string;
  /** Passed to the plugin as its options, as written in the config. */
  options?: unknown;
}

/** Where plugins are looked up, and what errors name. */
export interface PluginPlace {
  /** The project root: plugins resolve from its node_modules (and relative names from it). */
  root: string;
  /** The site config file, as errors show it. */
  configFile: string;
}

export interface LoadedPlugin {
  name: string;
  /** The config field of this entry, `markdown.plugins[1]`. */
  field: string;
  plugin: Plugin<unknown[]> | Preset;
  options: unknown;
  /** The file it was imported from, and its package's version: what a cached rendering depends on. */
  file: string;
  version: string;
}

export const pluginField = (index: number) => `markdown.plugins[${index}]`;

/** A plugin as the config names it, found but not imported: what a cached rendering depends on. */
export type ResolvedPlugin = Omit<LoadedPlugin, 'plugin'>;

/** Finds the plugins' files and versions without importing them; a name that cannot be resolved is MarkdownPluginNotFound. */
export function resolvePlugins(settings: readonly PluginSetting[], place: PluginPlace): ResolvedPlugin[] {
  const require = createRequire(path.join(path.resolve(place.root), 'package.json'));
  const { results, errors } = collectErrors(
    settings.map((setting, index) => ({ setting, index })),
    ({ setting, index }) => {
      const field = pluginField(index);
      const file = resolvePlugin(setting.name, require, place, { file: place.configFile, field: `${field}.name` });
      return { name: setting.name, field, options: setting.options, file, version: packageVersion(file) };
    },
  );
  throwIfAny(errors);
  return results;
}

/** Imports the plugins, in the order the config lists them. */
export async function loadPlugins(settings: readonly PluginSetting[], place: PluginPlace): Promise<LoadedPlugin[]> {
  const require = createRequire(path.join(path.resolve(place.root), 'package.json'));
  const settled = await Promise.allSettled(
    settings.map((setting, index) => loadPlugin(setting, index, require, place)),
  );
  const errors = settled.flatMap((result) => (result.status === 'rejected' ? [asSiteError(result.reason)] : []));
  throwIfAny(errors);
  return settled.map((result) => (result as PromiseFulfilledResult<LoadedPlugin>).value);
}

async function loadPlugin(
  { name, options }: PluginSetting,
  index: number,
  require: NodeJS.Require,
  place: PluginPlace,
): Promise<LoadedPlugin> {
  const field = pluginField(index);
  const at = { file: place.configFile, field: `${field}.name` };
  const file = resolvePlugin(name, require, place, at);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (cause) {
    throw new SiteError(
      'MarkdownPluginImportFailed',
      { plugin: name, file, problem: messageOf(cause) },
      {
        ...at,
        hint: isLocal(name)
          ? 'Fix the error in the plugin file (run with --verbose for the stack), or remove it from markdown.plugins in the site config.'
          : `Install it again (npm install ${name}), check that its version supports this Node.js, or remove it from markdown.plugins in the site config. Run with --verbose for the stack.`,
        cause,
      },
    );
  }
  const plugin = pluginOf(module);
  if (!plugin) {
    throw new SiteError('NotARemarkPlugin', { plugin: name, exported: describe(module.default) }, at);
  }
  if (typeof plugin !== 'function' && options !== undefined) {
    throw new SiteError(
      'OptionsForRemarkPreset',
      { plugin: name },
      { file: place.configFile, field: `${field}.options` },
    );
  }
  return { name, field, plugin, options, file, version: packageVersion(file) };
}

/** The version in the package.json nearest above a plugin's file ('' when there is none). */
function packageVersion(file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        version?: unknown;
        name?: unknown;
      };
      if (typeof manifest.name === 'string') return typeof manifest.version === 'string' ? manifest.version : '';
    } catch {
      // no package.json here: look further up
    }
  }
  return '';
}

/** The file a plugin name stands for, as Node resolves it from the project root. */
function resolvePlugin(
  name: string,
  require: NodeJS.Require,
  place: PluginPlace,
  at: { file: string; field: string },
): string {
  try {
    return require.resolve(name);
  } catch (cause) {
    const code = (cause as { code?: string }).code;
    // An ESM-only package may export no `require` entry: find its `import` entry instead.
    const imported = code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' ? importEntry(name, require) : undefined;
    if (imported) return imported;
    const local = isLocal(name);
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') {
      throw new SiteError(
        'MarkdownPluginNotFound',
        { plugin: name, local, root: place.root },
        {
          ...at,
          hint: local
            ? 'Paths starting with ./ are read from the project root: check the path, or name an npm package instead.'
            : `Install it in the project (npm install ${name}), or correct the name under markdown.plugins in the site config.`,
          cause,
        },
      );
    }
    throw new SiteError(
      'MarkdownPluginUnresolvable',
      { plugin: name, problem: messageOf(cause) },
      {
        ...at,
        hint: local
          ? 'Correct the package.json of the folder the path names (it is malformed, or its main or exports point outside it), or name the file itself.'
          : `Install the package again (npm install ${name}): its package.json is malformed, or its exports point outside it.`,
        cause,
      },
    );
  }
}

/** Whether the config names a file of the project rather than a package. */
const isLocal = (name: string) => name.startsWith('./') || name.startsWith('../');

const PACKAGE = /^((?:@[^/]+\/)?[^/]+)(?:\/(.+))?$/;
const CONDITIONS = ['node', 'import', 'default'];

/** The file a package's `exports` give an ESM `import` of `name`, looked up in the folders `require` would search. */
function importEntry(name: string, require: NodeJS.Require): string | undefined {
  const [, packageName, subpath] = PACKAGE.exec(name) ?? [];
  if (!packageName) return undefined;
  for (const folder of require.resolve.paths(packageName) ?? []) {
    const manifest = path.join(folder, packageName, 'package.json');
    if (!existsSync(manifest)) continue;
    const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: unknown }).exports;
    const target = conditional(entryOf(exports, subpath ? `./${subpath}` : '.'));
    return typeof target === 'string' ? path.join(folder, packageName, target) : undefined;
  }
  return undefined;
}

/** The entry of a subpath in an `exports` field (a string, a map of subpaths, or a map of conditions for "."). */
function entryOf(exports: unknown, subpath: string): unknown {
  if (typeof exports === 'string' || Array.isArray(exports)) return subpath === '.' ? exports : undefined;
  if (!exports || typeof exports !== 'object') return undefined;
  const map = exports as Record<string, unknown>;
  return Object.keys(map).some((key) => key.startsWith('.'))
    ? ownValue(map, subpath)
    : subpath === '.'
      ? map
      : undefined;
}

/** Follows conditions (node, import, default) down to a path. */
function conditional(entry: unknown): unknown {
  if (Array.isArray(entry)) return entry.map(conditional).find((target) => typeof target === 'string');
  if (!entry || typeof entry !== 'object') return entry;
  const map = entry as Record<string, unknown>;
  for (const condition of CONDITIONS) if (Object.hasOwn(map, condition)) return conditional(map[condition]);
  return undefined;
}

/** The module's plugin: its default export (unwrapping a CommonJS module's own `default`), a function or a preset. */
function pluginOf(module: Record<string, unknown>): Plugin<unknown[]> | Preset | undefined {
  let value = module.default;
  if (
    value &&
    typeof value === 'object' &&
    'default' in value &&
    typeof (value as { default: unknown }).default === 'function'
  ) {
    value = (value as { default: unknown }).default;
  }
  if (typeof value === 'function') return value as Plugin<unknown[]>;
  if (value && typeof value === 'object' && ('plugins' in value || 'settings' in value)) return value as Preset;
  return undefined;
}

const describe = (value: unknown) =>
  value === undefined
    ? 'missing'
    : value === null
      ? 'null'
      : Array.isArray(value)
        ? 'a list'
        : `a value of type ${typeof value}`;

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function asSiteError(error: unknown): SiteError {
  if (SiteError.is(error)) return error;
  throw error;
}
