#!/usr/bin/env node
// The `site` command. The CLI is TypeScript; tsx compiles it on the fly (and caches the result).
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
register();
const { main } = await import('./cli.ts');
process.exitCode = await main(process.argv.slice(2));
