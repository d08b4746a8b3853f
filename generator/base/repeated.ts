/**
 * The mistakes made most often in a list of errors: one kind and one field (the same link written on many pages, say),
 * each with how many times, in how many files, and where first. A folder of markdown written for another tool usually
 * fails with one or two things repeated on many pages; the end of a long list (bin/format-error.ts) and the count of
 * the broken links a build allowed (checks/link-check.ts) say which.
 */
import type { SiteError } from './errors';

export interface Repeated {
  kind: string;
  field: string;
  count: number;
  files: number;
  /** The first error of the group, in the list's order: its file and line. */
  first: Pick<SiteError, 'file' | 'line'>;
}

/** The groups of more than one error of one kind and field, most first (ties in the list's order), at most `most`. */
export function mostRepeated(errors: readonly SiteError[], most: number): Repeated[] {
  const groups = new Map<string, SiteError[]>();
  for (const error of errors) {
    if (error.field === undefined) continue;
    const key = `${error.kind}\u0000${error.field}`;
    const group = groups.get(key);
    if (group) group.push(error);
    else groups.set(key, [error]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .sort((a, b) => b.length - a.length)
    .slice(0, most)
    .map((group) => ({
      kind: group[0]!.kind,
      field: group[0]!.field!,
      count: group.length,
      files: new Set(group.map((error) => error.file)).size,
      first: { file: group[0]!.file, line: group[0]!.line },
    }));
}

/** Where a group was first made, as an editor opens it: `pages/a.md:12`. */
export const firstPlace = ({ first }: Repeated) =>
  first.file ? `${first.file}${first.line === undefined ? '' : `:${first.line}`}` : undefined;

/** `in 3 files`. */
export const inFiles = ({ files }: Repeated) => `in ${files} ${files === 1 ? 'file' : 'files'}`;
