#!/usr/bin/env node
// The `site` command. The CLI is TypeScript: it runs compiled by esbuild (cached until a source changes).
import { compiledEntry } from './compile-cli.js';

process.env.NODE_ENV ??= 'production';
// Stacks are printed only with --verbose; only then are they worth mapping back to the TypeScript sources.
if (process.argv.includes('--verbose')) process.setSourceMapsEnabled(true);
const { main } = await import(await compiledEntry('cli'));
process.exitCode = await main(process.argv.slice(2));
