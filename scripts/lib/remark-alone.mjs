// remark alone, as the benchmark compares the engine with it: remark-parse, remark-gfm and remark-html (with its
// default sanitising) over every .md file of a folder (frontmatter cut off), one thread, nothing written.
// Usage: node scripts/lib/remark-alone.mjs <pages folder>
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';

const dir = process.argv[2];
const processor = remark().use(remarkGfm).use(remarkHtml).freeze();
let bytes = 0;
for (const file of readdirSync(dir, { recursive: true })) {
  if (!String(file).endsWith('.md')) continue;
  const text = readFileSync(path.join(dir, String(file)), 'utf8').replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  bytes += String(processor.processSync(text)).length;
}
if (bytes === 0) throw new Error(`no markdown in ${dir}`);
