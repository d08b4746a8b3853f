/**
 * A limit on waits that have no end of their own. A page's promises (fonts, image decodes, animations, frames) and
 * Chromium's DevTools calls carry no time limit: when the page or the browser stalls, a test would wait until the
 * suite's own limit, minutes later, and say only that it timed out. Every such wait goes through `within`, which names
 * what was being waited for, so a stall is a failure that says where it happened (and a sweep can load the page again
 * in a fresh tab: RetryingTab).
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
 * A tab a sweep keeps from one item to the next. Each check runs within `limit`; a check that stalls runs once more
 * in a fresh tab (closing the stalled one ends the waits still pending in it), and one that stalls twice is reported
 * as a stall, its result missing.
 */
export class RetryingTab<T extends SweepTab> {
  private tab: Promise<T> | undefined;
  constructor(
    private readonly open: () => Promise<T>,
    private readonly limit: number,
  ) {}

  async run<R>(label: string, check: (tab: T) => Promise<R>): Promise<{ result: R } | { stall: string }> {
    for (let attempt = 1; ; attempt++) {
      this.tab ??= this.open();
      const tab = await this.tab;
      try {
        return { result: await within(check(tab), label, this.limit) };
      } catch (error) {
        if (!(error instanceof Stalled)) throw error;
        this.tab = undefined;
        await within(tab.page.context().close(), 'closing a stalled tab');
        if (attempt === 2) return { stall: `${label}: ${error.message}` };
        console.warn(`${label} stalled (${error.message}); checking it again in a fresh tab`);
      }
    }
  }

  async close(): Promise<void> {
    const tab = this.tab;
    this.tab = undefined;
    if (tab) await (await tab).page.context().close();
  }
}
