/** How the CLI prints errors: title, place, message and hint; the stack only with --verbose. */
import { catalogued, SiteErrors, type SiteError } from '../generator/base/errors';

export function formatError(error: unknown, verbose: boolean): string {
  const errors = catalogued(error);
  const blocks = errors.map((e) => formatOne(e, verbose));
  const heading = errors.length > 1 ? `Build failed with ${errors.length} errors:\n\n` : '';
  const notes = SiteErrors.is(error) ? error.notes.map((note) => `\n\n${note}`).join('') : '';
  return heading + blocks.join('\n\n') + notes;
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
