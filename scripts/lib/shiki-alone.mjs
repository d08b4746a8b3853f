// Shiki alone, as the benchmark compares the engine's highlighting with it: every fenced code block with a language of
// every .md file of a folder, highlighted into HTML with Shiki's own API (the JavaScript regular-expression engine, as
// the engine uses, and one theme: each block tokenized once, as the engine tokenizes it), one thread, nothing written.
// Blocks in a language Shiki does not know are left out, as the engine leaves them plain.
// Usage: node scripts/lib/shiki-alone.mjs <pages folder>
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundledLanguages, createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

const dir = process.argv[2];
const FENCE = /^(`{3,}|~{3,})[ \t]*([\w+#-]+)[^\n]*\n([\s\S]*?)\n\1[ \t]*$/gm;
const blocks = [];
for (const file of readdirSync(dir, { recursive: true })) {
  if (!String(file).endsWith('.md')) continue;
  for (const [, , lang, code] of readFileSync(path.join(dir, String(file)), 'utf8').matchAll(FENCE))
    if (Object.hasOwn(bundledLanguages, lang)) blocks.push({ lang, code });
}
if (blocks.length === 0) throw new Error(`no code blocks with a language Shiki knows in ${dir}`);
const shiki = await createHighlighter({
  themes: ['github-light-default'],
  langs: [...new Set(blocks.map((block) => block.lang))],
  engine: createJavaScriptRegexEngine(),
});
let bytes = 0;
for (const { lang, code } of blocks)
  bytes += shiki.codeToHtml(code, { lang, theme: 'github-light-default', tokenizeTimeLimit: 0 }).length;
if (bytes === 0) throw new Error('nothing highlighted');
