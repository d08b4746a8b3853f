/**
 * The frontmatter `date`: one parser, with the real ranges of every part. A
 * real calendar date (`2025-02-30` is refused), with an optional time and
 * offset as RFC 3339 writes them (`2025-03-01T09:30:00+01:00`), or as Jekyll
 * documents them (`2018-01-02 11:21:40 +0100`: a space for the T, seconds
 * and offset optional, the offset with or without its colon). An offset is
 * at most 23:59 either way (RFC 3339's time-hour and time-minute), so
 * `+24:00` and `+99:99` are refused, not published as a date no reader can
 * parse. Every use (validation, sorting, feeds) reads the same parse.
 */
import { z } from 'zod';

const DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?: ?([Zz]|[+-]\d{2}(?::?\d{2})))?)?$/;

/** A date read: the RFC 3339 form feeds need, or why the text is not a date. */
export type ParsedDate = { rfc3339: string; problem?: undefined } | { problem: string; rfc3339?: undefined };

const two = (n: number) => String(n).padStart(2, '0');

/** Reads `text` as a frontmatter date. */
export function parseDate(text: string): ParsedDate {
  const match = DATE.exec(text);
  if (!match)
    return {
      problem:
        'is not a date: write it as YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SSZ with a time (or YYYY-MM-DD HH:MM:SS +HHMM)',
    };
  const [, y, m, d, hh, mm, ss, fraction, offset] = match as unknown as (string | undefined)[];
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  if (month < 1 || month > 12) return { problem: `has no month ${month}` };
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return { problem: `has no day ${day} in that month (it has ${days})` };
  const date = `${y}-${m}-${d}`;
  if (hh === undefined) return { rfc3339: `${date}T00:00:00Z` };
  if (Number(hh) > 23 || Number(mm) > 59 || (ss !== undefined && Number(ss) > 59))
    return { problem: 'has a time of day that does not exist' };
  let zone = 'Z';
  if (offset !== undefined && offset.toUpperCase() !== 'Z') {
    const digits = offset.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (oh > 23 || om > 59)
      return { problem: `has the offset ${offset}, which no place has: an offset is at most ±23:59 (UTC is Z)` };
    zone = `${offset[0]}${two(oh)}:${two(om)}`;
  }
  return { rfc3339: `${date}T${hh}:${mm}:${ss ?? '00'}${fraction ?? ''}${zone}` };
}

/** Why `text` is not a date, or undefined when it is one. */
export const dateProblem = (text: string): string | undefined => parseDate(text).problem;

/** A date as the frontmatter holds it: a string (YAML's core schema reads `2025-03-01` as one). */
export const dateField = () =>
  z.string().superRefine((text, ctx) => {
    const problem = dateProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * An RFC 3339 date and time (a bare date is midnight UTC; a time without an offset, UTC): Atom and JSON Feed require
 * one. Only for a date the frontmatter's validation took: anything else is a bug, not a date to guess at.
 */
export function rfc3339(date: string): string {
  const parsed = parseDate(date);
  if (parsed.problem !== undefined) throw new Error(`rfc3339: "${date}" ${parsed.problem}`);
  return parsed.rfc3339;
}
