/**
 * A limit on waits that have no end of their own. A page's promises (fonts, image decodes, animations, frames) and
 * Chromium's DevTools calls carry no time limit: when the page or the browser stalls, a test would wait until the
 * suite's own limit, minutes later, and say only that it timed out. Every such wait goes through `within`, which names
 * what was being waited for, so a stall is a failure that says where it happened (and a sweep can load the page again
 * in a fresh tab: sweepWithRetry).
 */

/** A wait that did not end within its limit. */
export class Stalled extends Error {
  override name = 'Stalled';
}

/** Generous: on a busy 2-core machine a whole-page photograph takes a few seconds, never a minute. */
export const STALL_LIMIT = 60_000;

export async function within<T>(promise: Promise<T>, what: string, limit = STALL_LIMIT): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Stalled(`${what}: no answer within ${limit / 1000} s`)), limit);
  });
  // The wait given up on may still fail later (its tab closed): that is not a second failure.
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** A tab a sweep works in: closed and replaced when it stalls. */
export interface SweepTab {
  page: { context(): { close(): Promise<void> } };
}

/**
 * Runs a sweep's `check` of each item in one tab, each within `limit`. A stalled item is checked once more in a fresh
 * tab (closing the stalled one ends the waits still pending in it); one that stalls twice is named in `stalls`.
 */
export async function sweepWithRetry<T extends SweepTab, R>(
  items: string[],
  open: () => Promise<T>,
  check: (tab: T, item: string) => Promise<R>,
  limit: number,
  label: (item: string) => string = (item) => item,
): Promise<{ results: R[]; stalls: string[] }> {
  const results: R[] = [];
  const stalls: string[] = [];
  let tab = await open();
  for (const item of items) {
    for (let attempt = 1; ; attempt++) {
      try {
        results.push(await within(check(tab, item), label(item), limit));
        break;
      } catch (error) {
        if (!(error instanceof Stalled)) throw error;
        await within(tab.page.context().close(), 'closing a stalled tab');
        tab = await open();
        if (attempt === 2) {
          stalls.push(`${item}: ${error.message}`);
          break;
        }
        console.warn(`${label(item)} stalled (${error.message}); checking it again in a fresh tab`);
      }
    }
  }
  await tab.page.context().close();
  return { results, stalls };
}
