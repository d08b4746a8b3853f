#!/usr/bin/env node
// The `site` command. It runs the engine compiled into lib/ (`npm run compile`, which npm runs on install, or
// `npm run compile:watch`), and only that: a missing or stale lib/ is an error that says what to run.
import { pathToFileURL } from 'node:url';
import { CLI, formatStateError, stateOf } from './compiled-engine.js';

process.env.NODE_ENV ??= 'production';
// Stacks are printed only with --verbose; only then are they worth mapping back to the TypeScript sources.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
const lib = stateOf();
if (lib.state === 'current') {
  const { main } = await import(pathToFileURL(CLI).href);
  process.exitCode = await main(process.argv.slice(2));
} else {
  console.error(formatStateError(lib));
  process.exitCode = 1;
}
