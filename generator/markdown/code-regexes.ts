/**
 * The regular expressions of Shiki's grammars, made once when the engine is compiled rather than on every thread of
 * every build.
 *
 * Shiki's JavaScript engine turns each Oniguruma pattern of a grammar into a JavaScript RegExp (oniguruma-to-es) the
 * first time a thread meets it: for TypeScript's grammar alone, about half a second of a build's first code block, paid
 * again by each worker thread. The engine's compile (scripts/compile-engine.js) calls `writeCodeRegexes`, which makes
 * the RegExp of every pattern of the languages docs use most with Shiki's own constructor and keeps what rebuilds each:
 * its source, its flags and, for oniguruma-to-es's EmulatedRegExp, the options it keeps to be serialized
 * (`rawOptions`). A highlighter (highlight.ts) takes a pattern's RegExp from that table, and converts any other pattern
 * as Shiki would. What oniguruma-to-es writes depends on its version and on the RegExp features of the V8 it runs on:
 * the table is used only when made by the same oniguruma-to-es and Shiki engine on the same V8, so a RegExp from it is
 * the one the thread would have made.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { installedVersion } from '../cache/cache-files';

/** The table's file name, beside the compiled engine's modules (lib/). */
export const CODE_REGEXES_FILE = 'code-regexes.json';

/**
 * The languages whose patterns the table holds (Shiki's names; a language's module brings the grammars it embeds):
 * those of most documentation and blogs.
 */
export const TABLE_LANGUAGES = [
  'typescript',
  'javascript',
  'tsx',
  'jsx',
  'json',
  'jsonc',
  'shellscript',
  'yaml',
  'html',
  'css',
  'scss',
  'python',
  'rust',
  'go',
  'toml',
  'diff',
  'sql',
  'markdown',
  'java',
  'c',
  'cpp',
  'csharp',
  'php',
  'ruby',
  'docker',
  'xml',
  'ini',
  'powershell',
  'kotlin',
  'swift',
  'vue',
  'svelte',
  'astro',
  'mdx',
] as const;

/** What rebuilds one RegExp: its pattern, source, flags, and an EmulatedRegExp's options (0 for a plain RegExp). */
type Entry = [pattern: string, source: string, flags: string, options: Record<string, unknown> | 0];

interface Table {
  key: string;
  entries: Entry[];
}

/**
 * What the RegExps made depend on besides the pattern (the converter, Shiki's options to it, and V8's RegExp), and
 * what the table was made of (the grammars, the languages): a table of another key is not used, nor kept by a compile.
 */
const tableKey = () =>
  convertsWithOurs() &&
  JSON.stringify([
    installedVersion('oniguruma-to-es'),
    installedVersion('@shikijs/engine-javascript'),
    process.versions.v8,
    installedVersion('@shikijs/langs'),
    TABLE_LANGUAGES,
  ]);

/**
 * Whether Shiki's engine converts with the copy of oniguruma-to-es this module rebuilds RegExps with (one package
 * folder, as npm installs a single version): with another copy, no table is written or read.
 */
function convertsWithOurs(): boolean {
  const packageRoot = (file: string) => file.slice(0, file.lastIndexOf(`${path.sep}dist${path.sep}`));
  try {
    const here = createRequire(import.meta.url);
    const shikiEngine = createRequire(
      createRequire(here.resolve('shiki/engine/javascript')).resolve('@shikijs/engine-javascript'),
    );
    return packageRoot(shikiEngine.resolve('oniguruma-to-es')) === packageRoot(here.resolve('oniguruma-to-es'));
  } catch {
    return false;
  }
}

/** Every pattern of a grammar (its rules' match, begin, end and while), however deep in its repository. */
function patternsOf(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) patternsOf(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'match' || key === 'begin' || key === 'end' || key === 'while') && typeof item === 'string')
        into.add(item);
      else patternsOf(item, into);
    }
  return into;
}

type Languages = typeof import('shiki/langs').bundledLanguages;

/**
 * Writes the table into `dir`: each pattern of `languages` with the RegExp Shiki's constructor makes of it. A pattern
 * the converter refuses is left out: a thread meets the same refusal.
 */
export async function writeCodeRegexes(dir: string, languages: readonly string[] = TABLE_LANGUAGES): Promise<number> {
  const [{ bundledLanguages }, { defaultJavaScriptRegexConstructor }] = await Promise.all([
    import('shiki/langs'),
    import('shiki/engine/javascript'),
  ]);
  const patterns = new Set<string>();
  for (const name of languages) patternsOf((await bundledLanguages[name as keyof Languages]()).default, patterns);
  const entries: Entry[] = [];
  for (const pattern of patterns) {
    let made: RegExp & { rawOptions?: Record<string, unknown> };
    try {
      made = defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });
    } catch {
      continue;
    }
    entries.push([pattern, made.source, made.flags, made.rawOptions ?? 0]);
  }
  const key = tableKey();
  if (!key) return 0;
  await writeFile(path.join(dir, CODE_REGEXES_FILE), JSON.stringify({ key, entries } satisfies Table));
  return entries.length;
}

/** Whether `dir` holds a table of the current key: a compile keeps it, where making one takes seconds. */
export async function hasCodeRegexes(dir: string): Promise<boolean> {
  try {
    const key = tableKey();
    return !!key && (JSON.parse(await readFile(path.join(dir, CODE_REGEXES_FILE), 'utf8')) as Table).key === key;
  } catch {
    return false;
  }
}

/** Makes the RegExp a table entry keeps: a plain one, or an EmulatedRegExp with its options. */
export type RegexMaker = (pattern: string) => RegExp | undefined;

/**
 * The table beside this module (lib/, once compiled), as a maker of the RegExps it holds; undefined when there is
 * none (the engine run from its sources), or it was made for another converter or V8, or it cannot be read (the
 * table is a file like any other: one that is not what writeCodeRegexes writes is not used).
 */
export async function readCodeRegexes(dir = import.meta.dirname): Promise<RegexMaker | undefined> {
  let table: Table;
  try {
    table = JSON.parse(await readFile(path.join(dir, CODE_REGEXES_FILE), 'utf8')) as Table;
  } catch {
    return undefined;
  }
  const key = tableKey();
  if (!key || table?.key !== key || !Array.isArray(table.entries)) return undefined;
  const { EmulatedRegExp } = await import('oniguruma-to-es');
  const byPattern = new Map<string, Entry>();
  for (const entry of table.entries) {
    if (!Array.isArray(entry) || entry.length !== 4) return undefined;
    const [pattern, source, flags, options] = entry;
    if (typeof pattern !== 'string' || typeof source !== 'string' || typeof flags !== 'string') return undefined;
    if (options !== 0 && (options === null || typeof options !== 'object' || Array.isArray(options))) return undefined;
    byPattern.set(pattern, entry);
  }
  return (pattern) => {
    const entry = byPattern.get(pattern);
    if (!entry) return undefined;
    const [, source, flags, options] = entry;
    try {
      return options === 0 ? new RegExp(source, flags) : new EmulatedRegExp(source, flags, options);
    } catch {
      return undefined; // not what writeCodeRegexes wrote: the pattern is converted as without a table
    }
  };
}
