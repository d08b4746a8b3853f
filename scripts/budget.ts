/**
 * Prints, for every built page, what it weighs against each budget: gzip
 * bytes of its HTML, CSS, the JavaScript it loads before any interaction and
 * all the JavaScript it can load; bytes as shipped of its fonts and hero
 * images. Then the heaviest JavaScript files. Exits 1 when a page goes over a
 * budget, naming the page and the assets. Usage: npm run budget [-- --dir dist]
 */
import { readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BUDGET_NAMES, BUDGETS, overBudget } from './lib/budgets';
import { createWeigher } from './lib/page-weight';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } });
const dir = values.dir!;
const pages = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
const weigh = createWeigher(dir);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const HEADINGS = {
  html: 'HTML',
  css: 'CSS',
  jsUpFront: 'JS first',
  jsTotal: 'JS total',
  fonts: 'Fonts',
  heroImages: 'Hero img',
};
const row = (first: string, cells: string[]) => `${first.padEnd(34)} ${cells.map((c) => c.padStart(9)).join(' ')}`;

console.log(
  row(
    'page',
    BUDGET_NAMES.map((name) => HEADINGS[name]),
  ),
);
const failures: string[] = [];
const jsFiles = new Map<string, number>();
for (const file of pages) {
  const w = await weigh(file);
  console.log(
    row(
      file,
      BUDGET_NAMES.map((name) => kb(w[name].bytes)),
    ),
  );
  failures.push(...overBudget(file, w));
  for (const [js, bytes] of Object.entries(w.jsTotal.sizes)) jsFiles.set(js, bytes);
}
console.log(
  row(
    'budget',
    BUDGET_NAMES.map((name) => kb(BUDGETS[name].limit)),
  ),
);
console.log(`\nHTML, CSS and JS in gzip bytes; fonts and hero images as shipped (1 kB = 1024 B).`);
const heaviest = [...jsFiles].sort((a, b) => b[1] - a[1]).slice(0, 6);
console.log(`heaviest JavaScript (gzip): ${heaviest.map(([file, bytes]) => `${file} ${kb(bytes)}`).join(', ')}`);
if (failures.length) {
  console.error(`\n${failures.length} over budget:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
  process.exitCode = 1;
} else console.log('all pages within budget');
