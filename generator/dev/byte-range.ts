/**
 * Reads a `Range` request header as RFC 9110 §14 defines it, for one file of
 * a known size.
 *
 * Not range-parser: it answers 416 for a spec whose last byte precedes its
 * first (`bytes=5-1`), which RFC 9110 §14.1.1 calls invalid, and it drops the
 * invalid specs of a set and serves the rest, where the whole header is
 * invalid. An invalid header is ignored (the full file with 200), so a
 * client's mistake never costs it the file.
 */

/** What to send: the whole file, one byte range of it, or 416. */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const FULL: RangeAnswer = { kind: 'full' };

/** `first-pos "-" [ last-pos ]` or `"-" suffix-length`, digits only (no sign, no space, no hex). */
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/**
 * Several ranges are answered with the whole file (RFC 9110 §14.2 lets a
 * server ignore Range): a multipart/byteranges body buys a preview server
 * nothing, and overlapping small ranges are a known way to make servers work.
 */
export function byteRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return FULL;
  const equals = header.indexOf('=');
  if (equals < 0) return FULL;
  // Range units are case-insensitive (§14.1); bytes is the only unit defined.
  if (header.slice(0, equals).trim().toLowerCase() !== 'bytes') return FULL;
  // A list (`1#range-spec`) may carry empty elements, which recipients ignore (§5.6.1.2).
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return FULL;
  const spec = specs[0]!;
  // A zero-length file has no byte positions a Content-Range could name.
  if (size === 0) return FULL;

  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix) {
    // Digit strings past 2^53 lose precision but stay larger than any file, which is all that matters here.
    const length = Number(suffix[1]);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const int = INT_RANGE.exec(spec);
  if (!int) return FULL;
  const first = Number(int[1]);
  const last = int[2] === '' ? Infinity : Number(int[2]);
  if (last < first) return FULL;
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start: first, end: Math.min(last, size - 1) };
}
