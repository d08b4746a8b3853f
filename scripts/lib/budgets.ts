import type { PageWeight } from './page-weight';

/** Size budgets per page, in gzip bytes. */
export const BUDGETS = {
  /** The island loader is the only script a page loads up front. */
  jsUpFront: 3 * 1024,
};

/** One message per budget a page exceeds, naming the page and the assets. */
export function overBudget(page: string, weight: PageWeight): string[] {
  const problems: string[] = [];
  if (weight.jsUpFront.gzip > BUDGETS.jsUpFront) {
    problems.push(`${page}: JavaScript before interaction ${weight.jsUpFront.gzip} B > ${BUDGETS.jsUpFront} B (${weight.jsUpFront.files.join(', ')})`);
  }
  return problems;
}
