/**
 * `items` mapped through `fn`, at most `limit` at a time, the results in the order of the items. For work that opens
 * a file per item: all at once, a few hundred pages run out of file handles (EMFILE) under macOS's default limit of
 * 256, and tens of thousands under Linux's usual 20,000.
 */
/** Files opened at once by work that reads one per item: enough to keep libuv's four threads busy. */
export const FILES_AT_ONCE = 8;

export async function mapAtMost<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const work = async (): Promise<void> => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, work));
  return results;
}

/**
 * A gate: `run` calls at most `limit` functions at once; the others wait their turn, in order. For a server whose
 * requests each open a file, under a client that asks many at once.
 */
export function createGate(limit: number): <R>(fn: () => Promise<R>) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    // A finished call hands its place to the first waiting one, so `active` counts the places taken.
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
