// `node --import` this file: every module the process loads, ESM or CommonJS imported from ESM, is listed (its URL,
// one a line) in the file SITE_TEST_LOADS names. For tests of what a command loads.
import { register } from 'node:module';

register('./module-loads-hook.mjs', import.meta.url, { data: { file: process.env.SITE_TEST_LOADS } });
