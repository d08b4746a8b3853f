/**
 * The end-of-build summary, in the manner of Vite: written files grouped by
 * kind with raw and gzip sizes, the page count and the total time.
 */
import { gzipSync } from 'node:zlib';

export type FileKind = 'HTML' | 'CSS' | 'JS' | 'other';

export interface OutputFile {
  file: string;
  bytes: number;
  gzip: number;
}

export const kindOf = (file: string): FileKind =>
  file.endsWith('.html') ? 'HTML' : file.endsWith('.css') ? 'CSS' : /\.m?js$/.test(file) ? 'JS' : 'other';

export function measure(files: Iterable<[string, string | Uint8Array]>): OutputFile[] {
  return [...files].map(([file, contents]) => {
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    return { file, bytes: bytes.byteLength, gzip: gzipSync(bytes, { level: 6 }).byteLength };
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} kB`;

export function formatReport(outputs: OutputFile[], summary: { pages: number; ms: number; outDir: string; detail?: boolean }): string {
  const lines: string[] = [];
  const kinds: FileKind[] = ['HTML', 'CSS', 'JS', 'other'];
  const width = Math.min(60, Math.max(24, ...outputs.map((o) => o.file.length)));
  for (const kind of kinds) {
    const group = outputs.filter((o) => kindOf(o.file) === kind).sort((a, b) => a.file.localeCompare(b.file));
    if (group.length === 0) continue;
    const total = group.reduce((sum, o) => ({ bytes: sum.bytes + o.bytes, gzip: sum.gzip + o.gzip }), { bytes: 0, gzip: 0 });
    lines.push(`${kind} (${group.length} file${group.length === 1 ? '' : 's'})`);
    const shown = summary.detail || group.length <= 12 ? group : [...group].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
    for (const o of shown) lines.push(`  ${o.file.padEnd(width)} ${kb(o.bytes).padStart(10)} │ gzip: ${kb(o.gzip).padStart(9)}`);
    if (shown.length < group.length) lines.push(`  … ${group.length - shown.length} more (largest shown; --verbose lists all)`);
    lines.push(`  ${'total'.padEnd(width)} ${kb(total.bytes).padStart(10)} │ gzip: ${kb(total.gzip).padStart(9)}`);
  }
  lines.push('', `${summary.pages} page${summary.pages === 1 ? '' : 's'} written to ${summary.outDir}/ — built in ${Math.round(summary.ms)} ms`);
  return lines.join('\n');
}
