/**
 * The end-of-build summary, in the manner of Vite: written files grouped by
 * kind with raw and gzip sizes, the page count and the total time.
 *
 * Gzip sizes cost a compression each, so a large group (thousands of pages)
 * is summarised by its largest files, which are the only ones compressed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { FILES_AT_ONCE, mapAtMost } from '../base/at-most';

const gzip = promisify(gzipCallback);

export type FileKind = 'HTML' | 'CSS' | 'JS' | 'other';

export interface OutputFile {
  file: string;
  bytes: number;
  /** Absent for files of a large group that the report does not list. */
  gzip?: number;
}

export const kindOf = (file: string): FileKind =>
  file.endsWith('.html') ? 'HTML' : file.endsWith('.css') ? 'CSS' : /\.m?js$/.test(file) ? 'JS' : 'other';

/** Groups up to this size are listed whole; larger ones show their largest files. */
const LISTED = 12;
const LARGEST = 5;
const KINDS: FileKind[] = ['HTML', 'CSS', 'JS', 'other'];

function groups(outputs: OutputFile[], detail: boolean): { kind: FileKind; all: OutputFile[]; shown: OutputFile[] }[] {
  return KINDS.map((kind) => {
    const all = outputs.filter((o) => kindOf(o.file) === kind).sort((a, b) => a.file.localeCompare(b.file));
    const shown = detail || all.length <= LISTED ? all : [...all].sort((a, b) => b.bytes - a.bytes).slice(0, LARGEST);
    return { kind, all, shown };
  }).filter((group) => group.all.length > 0);
}

/**
 * Adds gzip sizes, reading the written files from `outDir`: every file of a
 * group when the group is small enough to compress cheaply, else the files the report shows.
 */
export async function measureGzip(
  outputs: OutputFile[],
  outDir: string,
  { detail = false, everyUpTo = 500 } = {},
): Promise<OutputFile[]> {
  const wanted = groups(outputs, detail).flatMap((group) => (group.all.length <= everyUpTo ? group.all : group.shown));
  // A few at a time: all at once, a site of 45,000 pages (--verbose lists every file) ran out of file handles
  // (EMFILE) and held 4.7 GB of their contents.
  await mapAtMost(wanted, FILES_AT_ONCE, async (output) => {
    output.gzip = (await gzip(await readFile(path.join(outDir, output.file)), { level: 6 })).byteLength;
  });
  return outputs;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

export function formatReport(
  outputs: OutputFile[],
  summary: { pages: number; ms: number; outDir: string; detail?: boolean },
): string {
  const lines: string[] = [];
  const width = Math.min(60, Math.max(24, ...outputs.map((o) => o.file.length)));
  const gzip = (bytes: number | undefined) => (bytes === undefined ? '' : ` │ gzip: ${kb(bytes).padStart(9)}`);
  for (const { kind, all, shown } of groups(outputs, summary.detail ?? false)) {
    const total = all.reduce((sum, o) => sum + o.bytes, 0);
    const totalGzip = all.every((o) => o.gzip !== undefined) ? all.reduce((sum, o) => sum + o.gzip!, 0) : undefined;
    lines.push(`${kind} (${all.length} file${all.length === 1 ? '' : 's'})`);
    for (const o of shown) lines.push(`  ${o.file.padEnd(width)} ${kb(o.bytes).padStart(10)}${gzip(o.gzip)}`);
    if (shown.length < all.length)
      lines.push(`  … ${all.length - shown.length} more (largest shown; --verbose lists all)`);
    lines.push(`  ${'total'.padEnd(width)} ${kb(total).padStart(10)}${gzip(totalGzip)}`);
  }
  lines.push(
    '',
    `${summary.pages} page${summary.pages === 1 ? '' : 's'} written to ${summary.outDir}/ — built in ${Math.round(summary.ms)} ms`,
  );
  return lines.join('\n');
}
