/** How the CLI prints errors: title, place, message and hint; the stack only with --verbose. */
import { catalogued, SiteErrors, type SiteError } from '../generator/base/errors';
import { firstPlace, inFiles, mostRepeated } from '../generator/base/repeated';

export function formatError(error: unknown, verbose: boolean): string {
  const errors = catalogued(error);
  const blocks = errors.map((e) => formatOne(e, verbose));
  const heading = errors.length > 1 ? `Build failed with ${errors.length} errors:\n\n` : '';
  const notes = SiteErrors.is(error) ? error.notes.map((note) => `\n\n${note}`).join('') : '';
  return heading + blocks.join('\n\n') + notes + summaryOf(errors);
}

/** More errors than a screen shows: what the list ends with, where a terminal leaves its reader. */
const SUMMARY_FROM = 10;
/** How many of the most repeated mistakes the summary names. */
const MOST_REPEATED = 5;

/**
 * After a long list, the errors counted by kind and by file, and the mistakes made most often (one kind, one field:
 * the same link written on many pages, say), each with the place of its first: what a folder of markdown written for
 * another tool usually fails with is one or two things repeated on many pages.
 */
function summaryOf(errors: SiteError[]): string {
  if (errors.length < SUMMARY_FROM) return '';
  const count = <K>(keys: K[]) => {
    const counted = new Map<K, number>();
    for (const key of keys) counted.set(key, (counted.get(key) ?? 0) + 1);
    return counted;
  };
  const kinds = [...count(errors.map((e) => e.kind))].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const files = new Set(errors.flatMap((e) => (e.file ? [e.file] : []))).size;
  const most = mostRepeated(errors, MOST_REPEATED);
  const lines = [
    `${errors.length} errors${files > 0 ? ` in ${files} ${files === 1 ? 'file' : 'files'}` : ''}: ${kinds.map(([kind, n]) => `${n} ${kind}`).join(', ')}`,
  ];
  if (most.length > 0) {
    const width = String(most[0]!.count).length;
    lines.push('the most repeated:');
    for (const group of most) {
      const at = firstPlace(group);
      lines.push(
        `  ${String(group.count).padStart(width)} × ${group.kind} (field: ${group.field}) ${inFiles(group)}${at ? `, the first at ${at}` : ''}`,
      );
    }
  }
  return `\n\n${lines.join('\n')}`;
}

function formatOne(error: SiteError, verbose: boolean): string {
  const lines = [`✖ ${error.kind}: ${error.title}`];
  if (error.location) lines.push(`  at ${error.location}`);
  lines.push(`  ${error.message}`, `  hint: ${error.hint}`);
  const cause = error.cause;
  if (verbose && cause instanceof Error && cause.stack)
    lines.push(`  cause: ${cause.stack.split('\n').join('\n    ')}`);
  else if (verbose && error.stack) lines.push(`  ${error.stack}`);
  return lines.join('\n');
}
