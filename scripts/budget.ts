/**
 * Prints, for every built page, the gzip bytes of its HTML, CSS, the
 * JavaScript it loads before any interaction, and all the JavaScript it can
 * load; exits 1 when a page goes over a budget. Usage: npm run budget [-- --dir dist]
 */
import { readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BUDGETS, overBudget } from './lib/budgets';
import { createWeigher } from './lib/page-weight';

const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } });
const dir = values.dir!;
const pages = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
const weigh = createWeigher(dir);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(9);

console.log(`${'page'.padEnd(34)} ${'HTML'.padStart(9)} ${'CSS'.padStart(9)} ${'JS first'.padStart(9)} ${'JS total'.padStart(9)}`);
const failures: string[] = [];
for (const file of pages) {
  const w = await weigh(file);
  console.log(`${file.padEnd(34)} ${kb(w.html)} ${kb(w.css.gzip)} ${kb(w.jsUpFront.gzip)} ${kb(w.jsTotal.gzip)}`);
  failures.push(...overBudget(file, w));
}
console.log(`\nbudgets (gzip): ${Object.entries(BUDGETS).map(([k, v]) => `${k} ≤ ${v / 1024} kB`).join(', ')}`);
if (failures.length) {
  console.error(`\n${failures.length} over budget:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`);
  process.exitCode = 1;
} else console.log('all pages within budget');
