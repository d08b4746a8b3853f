#!/usr/bin/env node
// The `site` command. It runs the engine compiled into lib/ (`npm run compile`, which npm runs on install, or
// `npm run compile:watch`), and only that. In a checkout, a lib/ that is missing or was made from other files than
// the ones there now is compiled again first (esbuild, about a second), saying so; a compile that fails is an error
// that says what failed. `--version` needs no engine at all.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CLI, ENGINE_ROOT, formatStateError, INSTALLED, stateOf } from './compiled-engine.js';
import { limitHeapGrowth } from './heap-growth.js';

// Before anything allocates: a build's peak memory follows what it keeps, not four times it (bin/heap-growth.js).
limitHeapGrowth();

process.env.NODE_ENV ??= 'production';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  console.log(JSON.parse(readFileSync(path.join(ENGINE_ROOT, 'package.json'), 'utf8')).version);
  process.exit(0);
}
// Stacks are printed only with --verbose; only then are they worth mapping back to the TypeScript sources.
if (args.includes('--verbose')) process.setSourceMapsEnabled(true);
let lib = stateOf();
if (lib.state !== 'current' && !INSTALLED) {
  const why = lib.state === 'missing' ? `${lib.missing} missing` : `${lib.changed} changed`;
  const started = performance.now();
  const compile = spawnSync(process.execPath, [path.join(ENGINE_ROOT, 'scripts/compile-engine.js')], {
    cwd: ENGINE_ROOT,
    encoding: 'utf8',
  });
  // Another `site` started at the same moment may have compiled it: what counts is the state after.
  lib = stateOf();
  if (lib.state === 'current')
    console.error(
      `site: compiled the engine into lib/ (${why}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  else process.stderr.write(`${compile.stderr ?? ''}${compile.error ? `${compile.error.message}\n` : ''}`);
}
if (lib.state === 'current') {
  const { main } = await import(pathToFileURL(CLI).href);
  process.exitCode = await main(args);
} else {
  console.error(formatStateError(lib));
  process.exitCode = 1;
}
