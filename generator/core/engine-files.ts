/**
 * Where the engine's own files are. The engine runs either from its
 * TypeScript sources (tsx, tests) or compiled by `npm run compile` into lib/
 * (one folder: the entries cli.mjs, theme.mjs and page-worker.mjs, and the
 * chunks they share). Code that names a file of the engine asks here, so it
 * works either way.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** Whether the running engine is the compiled one: its modules are lib/*.mjs, not generator/**.ts. */
export const COMPILED = path.extname(here) !== '.ts';

/** The engine's root folder, which holds bin/, generator/ and lib/. */
export const ENGINE_ROOT = COMPILED ? path.dirname(path.dirname(here)) : path.resolve(path.dirname(here), '../..');

/** The engine's sources. Compiled or not, esbuild bundles the browser's modules from here. */
export const GENERATOR_DIR = path.join(ENGINE_ROOT, 'generator');

/** A compiled entry point, by name. */
export const compiledModule = (name: 'cli' | 'theme' | 'page-worker') => path.join(ENGINE_ROOT, 'lib', `${name}.mjs`);

/** The theme API module this engine loads (generator/theme.ts, or its compiled entry): a theme imports exactly this one. */
export const THEME_API = COMPILED ? compiledModule('theme') : path.join(GENERATOR_DIR, 'theme.ts');
