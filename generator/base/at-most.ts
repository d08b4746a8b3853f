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
