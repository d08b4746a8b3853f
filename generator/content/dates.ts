/**
 * The frontmatter `date`: a real calendar date (`2025-02-30` is refused), with
 * an optional time and offset as RFC 3339 writes them.
 */
import { z } from 'zod';

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})?)?$/;

/** Why `text` is not a date, or undefined when it is one. */
export function dateProblem(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return 'is not a date: write it as YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SSZ with a time';
  const [, y, m, d, hh, mm, ss] = match.map(Number) as number[];
  const days = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  if (m! < 1 || m! > 12) return `has no month ${m}`;
  if (d! < 1 || d! > days) return `has no day ${d} in that month (it has ${days})`;
  if (match[4] !== undefined && (hh! > 23 || mm! > 59 || (match[6] !== undefined && ss! > 59)))
    return 'has a time of day that does not exist';
  return undefined;
}

/** A date as the frontmatter holds it: a string (YAML's core schema reads `2025-03-01` as one). */
export const dateField = () =>
  z.string().superRefine((text, ctx) => {
    const problem = dateProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An RFC 3339 date and time (a bare date is midnight UTC): Atom and JSON Feed require one. */
export function rfc3339(date: string): string {
  const text = date.replace(' ', 'T').toUpperCase();
  if (text.length === 10) return `${text}T00:00:00Z`;
  if (text.length === 16) return `${text}:00Z`;
  return /Z$|[+-]\d{2}:\d{2}$/.test(text) ? text : `${text}Z`;
}

/** Milliseconds since the epoch, for sorting. */
export const timeOf = (date: string) => Date.parse(rfc3339(date));
