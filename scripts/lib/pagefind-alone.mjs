// Pagefind alone, as the benchmark compares the engine's search index with it: every .html file of a built site's
// output folder but its 404 page, given to Pagefind's Node API in route order as the engine gives them
// (generator/output/search-index.ts), and the index's files asked for; one thread of Node beside Pagefind's own
// process, nothing written.
// Usage: node scripts/lib/pagefind-alone.mjs <output folder>
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';

const dir = process.argv[2];
const routeOf = (file) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
const pages = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.html') && file !== '404.html' && !file.startsWith('pagefind/'))
  .map((file) => ({ file, route: routeOf(file.split(path.sep).join('/')) }))
  .sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
if (pages.length === 0) throw new Error(`no pages in ${dir}`);
const { index, errors } = await pagefind.createIndex({});
if (!index) throw new Error(errors.join('; '));
await Promise.all(
  pages.map(({ file, route }) => index.addHTMLFile({ url: route, content: readFileSync(path.join(dir, file), 'utf8') })),
);
const made = await index.getFiles();
if (made.errors.length > 0 || made.files.length === 0) throw new Error(made.errors.join('; ') || 'no index');
await pagefind.close();
