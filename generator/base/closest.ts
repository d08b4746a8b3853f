/** "Did you mean": the known name nearest a slip, for hints. */

/** The path nearest `path` by edit distance, when it is near enough to be a slip (a third of its length, at least 2). */
export function closestPath(path: string, paths: readonly string[]): string | undefined {
  const limit = Math.max(2, Math.floor(path.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of paths) {
    const distance = editDistance(path.toLowerCase(), candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it must reach it. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowBest = Math.min(rowBest, current[j]!);
    }
    if (rowBest >= limit) return limit;
    previous = current;
  }
  return previous[b.length]!;
}
