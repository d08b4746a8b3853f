import type { PageWeight, Weight } from './page-weight';

const KB = 1024;

export interface Budget {
  label: string;
  /** The most a page may weigh here, in bytes. */
  limit: number;
  /** How the bytes are counted (see page-weight.ts). */
  counted: 'gzip' | 'as shipped';
}

/** Size budgets per page. */
export const BUDGETS = {
  html: { label: 'HTML', limit: 30 * KB, counted: 'gzip' },
  /** The site's stylesheet, and the islands' (sonner's, linked when the toaster starts). */
  css: { label: 'CSS', limit: 15 * KB, counted: 'gzip' },
  /** The island loader is the only script a page loads up front. */
  jsUpFront: { label: 'JavaScript before interaction', limit: 3 * KB, counted: 'gzip' },
  /**
   * Everything any island may load, loaded or not: React 19 in the browser (react-dom/client 64.5 kB, react 4.1 kB),
   * radix's tooltip (19.9 kB, on first hover or focus), sonner (6.6 kB; its stylesheet is a CSS file, counted as CSS)
   * and the islands. The home page, with every island, measured 108.8 kB.
   */
  jsTotal: { label: 'JavaScript in total', limit: 110 * KB, counted: 'gzip' },
  /** Fonts the page preloads or its CSS references (woff2 is compressed already). */
  fonts: { label: 'Fonts', limit: 60 * KB, counted: 'as shipped' },
  /** The hero's images, all slides together. */
  heroImages: { label: 'Hero images', limit: 150 * KB, counted: 'as shipped' },
} as const satisfies Record<keyof PageWeight, Budget>;

export type BudgetName = keyof typeof BUDGETS;
export const BUDGET_NAMES = Object.keys(BUDGETS) as BudgetName[];

/** Its files, largest first, with their bytes. */
const listFiles = (weight: Weight) =>
  [...weight.files]
    .sort((a, b) => (weight.sizes[b] ?? 0) - (weight.sizes[a] ?? 0) || a.localeCompare(b))
    .map((file) => `${file} ${weight.sizes[file] ?? 0} B`)
    .join(', ');

/** The message when a page is over one budget, naming the page and the assets; undefined within it. */
export function checkBudget(name: BudgetName, page: string, weight: PageWeight): string | undefined {
  const { label, limit, counted } = BUDGETS[name];
  const w = weight[name];
  if (w.bytes <= limit) return undefined;
  return `${page}: ${label} ${w.bytes} B > ${limit} B ${counted} (${listFiles(w)})`;
}

/** One message per budget a page exceeds, naming the page and the assets. */
export function overBudget(page: string, weight: PageWeight): string[] {
  return BUDGET_NAMES.flatMap((name) => checkBudget(name, page, weight) ?? []);
}
