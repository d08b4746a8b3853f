/**
 * Where the engine's own files are. The engine runs either from its
 * TypeScript sources (tsx, tests) or compiled by `npm run compile` into lib/
 * (one folder: the entries cli.mjs and theme.mjs, with the chunks they share).
 * Code that names a file of the engine asks here, so it works either way.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** Whether the running engine is the compiled one: its modules are lib/*.mjs, not generator/**.ts. */
export const COMPILED = path.extname(here) !== '.ts';

/** The engine's root folder, which holds bin/, generator/ and lib/. */
export const ENGINE_ROOT = COMPILED ? path.dirname(path.dirname(here)) : path.resolve(path.dirname(here), '../..');

/** The engine's built-in theme (themes/default/, shipped in the package): a project without templates/ uses it. */
export const DEFAULT_THEME_DIR = path.join(ENGINE_ROOT, 'themes', 'default');

/** The engine's sources. Compiled or not, esbuild bundles the browser's modules from here. */
export const GENERATOR_DIR = path.join(ENGINE_ROOT, 'generator');

/** A compiled entry point, by name. */
export const compiledModule = (name: 'cli' | 'theme') => path.join(ENGINE_ROOT, 'lib', `${name}.mjs`);

/** The theme API module this engine loads (generator/theme.ts, or its compiled entry): a theme imports exactly this one. */
export const THEME_API = COMPILED ? compiledModule('theme') : path.join(GENERATOR_DIR, 'theme.ts');

/**
 * A digest of the engine's own code, for caches whose entries it made: the compiled engine's digest of its sources,
 * or, running from the sources, a digest of every file under generator/ (any edit of the engine invalidates them).
 */
export function engineDigest(): string {
  return (digest ??= COMPILED ? compiledDigest() : sourceDigest());
}

let digest: string | undefined;

function compiledDigest(): string {
  try {
    return String(
      (JSON.parse(readFileSync(path.join(ENGINE_ROOT, 'lib', 'inputs.json'), 'utf8')) as { digest: unknown }).digest,
    );
  } catch {
    return sourceDigest();
  }
}

function sourceDigest(): string {
  const hash = createHash('sha256');
  const files = readdirSync(GENERATOR_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash
      .update(`${path.relative(GENERATOR_DIR, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  return hash.digest('hex');
}
