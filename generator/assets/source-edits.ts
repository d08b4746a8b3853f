/**
 * A theme's edits of packages' sources, made as the islands' bundle reads them (Theme.islandSourceEdits): what a
 * package does that the site cannot allow (a <style> element it injects, which the CSP's `style-src 'self'` refuses)
 * is cut at bundle time, from the bytes esbuild bundles, rather than by patching node_modules, which would make every
 * install of the project run a patching tool. An edit that finds nothing in a file it names fails the build: an
 * upgraded package that changed the text would otherwise ship what the edit was there to remove.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, Plugin } from 'esbuild';
import type { SourceEdit } from '../pages/theme-types';
import { SiteError } from '../base/errors';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** esbuild's loader for a file it would load itself: the edit changes the text, not how it is read. */
const LOADERS: Record<string, Loader> = {
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.css': 'css',
};

/** An edit as plain data, for the bundle cache's recipe (a RegExp by its source and flags). */
export function sourceEditsKey(edits: readonly SourceEdit[]): unknown[] {
  return edits.map(({ file, find, replace }) => ({
    file,
    find: typeof find === 'string' ? find : { source: find.source, flags: find.flags },
    replace,
  }));
}

/**
 * A file of an installed package, named by its import path (`sonner/dist/index.mjs`), as a pattern over resolved
 * paths; the edit checked whole (the theme is code, its values are seen only here).
 */
function filePattern({ file, find, replace }: SourceEdit): string {
  const invalid = (problem: string) => new SiteError('IslandSourceEditInvalid', { file: String(file), problem });
  if (
    typeof file !== 'string' ||
    !/^(@[\w.-]+\/)?[\w.-]+(\/[\w.-]+)+$/.test(file) ||
    file.split('/').some((part) => part === '..' || part === '.')
  )
    throw invalid('it names no file inside a package (a package name, then the path of a file in it)');
  if (!(find instanceof RegExp) && (typeof find !== 'string' || find === ''))
    throw invalid('`find` is neither a RegExp nor a string that is not empty');
  if (typeof replace !== 'string') throw invalid('`replace` is not a string');
  return `[\\\\/]node_modules[\\\\/]${file.split('/').map(escapeRegExp).join('[\\\\/]')}$`;
}

function applyEdit(text: string, { find, replace }: SourceEdit): string | undefined {
  if (typeof find === 'string') return text.includes(find) ? text.split(find).join(replace) : undefined;
  // A fresh RegExp each time: a global one keeps its lastIndex between calls.
  const pattern = new RegExp(find.source, find.flags);
  return pattern.test(text) ? text.replace(new RegExp(find.source, find.flags), replace) : undefined;
}

/**
 * The esbuild plugin that makes the edits, and the check to run after the build: every edit found what it looks for
 * in each file of its package that the bundle read (a package the bundle never read is no failure).
 */
export function sourceEdits(edits: readonly SourceEdit[]): { plugin: Plugin; check(): void } {
  const missed: SourceEdit[] = [];
  const patterns = edits.map((edit) => new RegExp(filePattern(edit)));
  const plugin: Plugin = {
    name: 'site:island-source-edits',
    setup(build) {
      if (edits.length === 0) return;
      build.onLoad({ filter: new RegExp(patterns.map((p) => `(?:${p.source})`).join('|')) }, async (args) => {
        let text = await readFile(args.path, 'utf8');
        edits.forEach((edit, i) => {
          if (!patterns[i]!.test(args.path)) return;
          const edited = applyEdit(text, edit);
          if (edited === undefined) missed.push(edit);
          else text = edited;
        });
        return { contents: text, loader: LOADERS[path.extname(args.path)] ?? 'js' };
      });
    },
  };
  return {
    plugin,
    check() {
      const [edit] = missed;
      if (edit)
        throw new SiteError('IslandSourceEditMissed', {
          file: edit.file,
          find: typeof edit.find === 'string' ? JSON.stringify(edit.find) : String(edit.find),
        });
    },
  };
}
