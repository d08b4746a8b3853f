import type { FileContents } from '../output/write-in-place';

/** Output files by path: their new contents, or null for a file to remove. */
export type Output = Map<string, FileContents | null>;
