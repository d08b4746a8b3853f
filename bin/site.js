#!/usr/bin/env node
// The `site` command. It runs the engine compiled into lib/ by `npm run compile` (npm runs it on install) while that
// matches the sources, and otherwise the sources themselves with tsx: never stale, never compiled while it runs.
import { compiledCli } from './compiled-engine.js';

process.env.NODE_ENV ??= 'production';
// Stacks are printed only with --verbose; only then are they worth mapping back to the TypeScript sources.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
let cli = compiledCli();
if (!cli) {
  const { startTypeScript } = await import('../generator/base/typescript.js');
  await startTypeScript();
  cli = new URL('./cli.ts', import.meta.url).href;
}
const { main } = await import(cli);
process.exitCode = await main(process.argv.slice(2));
