/**
 * Whether the offset `at` is inside one of `spans`: [start, end) offsets into a page's text, sorted and apart from
 * each other. A binary search, so asking it for each token or tag of a big page costs no scan each time.
 */
export function inSpans(spans: readonly [number, number][], at: number): boolean {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = spans[middle]!;
    if (at < start) high = middle - 1;
    else if (at >= end) low = middle + 1;
    else return true;
  }
  return false;
}
