/**
 * The errors and warnings a build reports, made from the catalogue
 * (errors-data.ts): SiteError (one failure the user can fix), SiteErrors
 * (several found in one pass), SiteWarning, and the helpers that collect
 * them. A SiteError always names the input file
 * where one is known.
 */
import {
  ErrorKinds,
  SYSTEM_HINTS,
  WarningKinds,
  type ErrorKind,
  type MessageParams,
  type WarningKind,
  type WarningParams,
} from './errors-data';

/**
 * Text as an error prints it: a character that would break its block or reorder what is shown (a line break, a
 * control character, a line or paragraph separator, a bidirectional control, in a file's name or a value quoted in
 * a message) is written as its escape (`\n`, `\u202E`), so each error stays one block of lines and reads as it is.
 */
export function printable(text: string): string;
export function printable(text: string | undefined): string | undefined;
export function printable(text: string | undefined): string | undefined {
  return text?.replace(
    UNPRINTABLE,
    (char) => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
const UNPRINTABLE = /[\0-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/g;
const ESCAPES: Partial<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export { ErrorKinds, WarningKinds, type ErrorKind, type MessageParams, type WarningKind, type WarningParams };

/** A warning: printed as `kind: message (hint: …)`, never failing the build. */
export class SiteWarning<K extends WarningKind = WarningKind> {
  readonly title: string;
  readonly message: string;
  readonly hint: string;
  readonly file?: string;
  constructor(
    readonly kind: K,
    params: WarningParams<K>,
    details: { hint?: string; file?: string } = {},
  ) {
    const entry = WarningKinds[kind] as { title: string; hint: string; message: (p: WarningParams<K>) => string };
    this.title = entry.title;
    this.message = printable(entry.message(params));
    this.hint = printable(details.hint ?? entry.hint);
    this.file = printable(details.file);
  }

  toString(): string {
    return `${this.kind}: ${this.message} (hint: ${this.hint})`;
  }
}

export interface SiteErrorDetails {
  file?: string;
  field?: string;
  line?: number;
  /** The 1-based column on that line, in characters, where one character is the whole mistake. */
  column?: number;
  /** Overrides the catalogue's hint when the situation allows a more precise one. */
  hint?: string;
  cause?: unknown;
}

/**
 * A failure the user can fix, with its catalogue entry. The theme imports this very module (through
 * generator/theme.ts, never a bundled copy), so one class serves the engine and the theme.
 */
export class SiteError<K extends ErrorKind = ErrorKind> extends Error {
  /** Whether `value` is a SiteError: use this, not `instanceof`, where a check is needed. */
  static is(value: unknown): value is SiteError {
    return value instanceof SiteError;
  }

  readonly kind: K;
  readonly title: string;
  readonly file?: string;
  readonly field?: string;
  readonly line?: number;
  readonly column?: number;
  readonly hint: string;

  constructor(kind: K, params: MessageParams<K>, details: SiteErrorDetails = {}) {
    const entry = ErrorKinds[kind] as { title: string; hint: string; message: (p: MessageParams<K>) => string };
    const message = printable(entry.message(params));
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = kind;
    this.kind = kind;
    this.title = entry.title;
    this.file = printable(details.file);
    this.field = printable(details.field);
    this.line = details.line;
    this.column = details.column;
    this.hint = printable(details.hint ?? entry.hint);
  }

  /** "pages/about.md:12 (field: stats[0].label)", or "pages/about.md:12:7" with a column: an editor opens it there. */
  get location(): string {
    const at = this.line ? `:${this.line}${this.column ? `:${this.column}` : ''}` : '';
    const where = this.file ? `${this.file}${at}` : '';
    const field = this.field ? `field: ${this.field}` : '';
    return [where, field && (where ? `(${field})` : field)].filter(Boolean).join(' ');
  }
}

/** A SiteError as plain data, to cross to another thread (load/render-pool.ts); reviveSiteError makes it again. */
export interface SiteErrorData {
  kind: ErrorKind;
  message: string;
  stack?: string;
  file?: string;
  field?: string;
  line?: number;
  column?: number;
  hint: string;
  cause?: unknown;
}

/** `error`'s fields as plain data: what a structured clone would lose of it (its class and own fields) kept. */
export function siteErrorData(error: SiteError): SiteErrorData {
  const { kind, message, stack, file, field, line, column, hint } = error;
  let cause: unknown;
  try {
    cause = error.cause === undefined ? undefined : structuredClone(error.cause);
  } catch {
    cause = String(error.cause); // a cause that cannot cross (a function, say) crosses as its text
  }
  return { kind, message, stack, file, field, line, column, hint, ...(cause === undefined ? {} : { cause }) };
}

/** The SiteError `data` was made from, with its message, location, hint and cause as they were. */
export function reviveSiteError(data: SiteErrorData): SiteError {
  const error = Object.create(SiteError.prototype) as SiteError;
  const entry = ErrorKinds[data.kind] as { title: string };
  Object.defineProperties(error, {
    message: { value: data.message, writable: true, configurable: true },
    stack: { value: data.stack, writable: true, configurable: true },
    ...(data.cause === undefined ? {} : { cause: { value: data.cause, writable: true, configurable: true } }),
  });
  Object.assign(error, {
    name: data.kind,
    kind: data.kind,
    title: entry.title,
    file: data.file,
    field: data.field,
    line: data.line,
    column: data.column,
    hint: data.hint,
  });
  return error;
}

/** Several errors found in one pass (every invalid page is reported at once). */
export class SiteErrors extends Error {
  static is(value: unknown): value is SiteErrors {
    return value instanceof SiteErrors;
  }

  readonly errors: SiteError[];
  /** What the errors left unchecked, a line each (a page that failed has no links to check): printed after them. */
  readonly notes: string[];
  constructor(errors: SiteError[], notes: string[] = []) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.map((e) => e.name).join(', ')}`);
    this.name = 'SiteErrors';
    this.errors = errors;
    this.notes = notes;
  }
}

/**
 * Whatever was thrown, as catalogued errors: the SiteErrors it carries; an operating system's refusal (a Node error
 * with a code, such as EACCES or ENOSPC) as SystemError; anything else, a bug, as InternalError. The user never sees
 * a raw Node error.
 */
export function catalogued(error: unknown): SiteError[] {
  const found = siteErrorsOf(error);
  if (found.length > 0) return found;
  const e: NodeJS.ErrnoException = error instanceof Error ? error : new Error(String(error));
  const code = e.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    const problem = e.message.replace(new RegExp(`^${code}: `), '').replace(/, \w+ '.*'$/, '');
    return [
      new SiteError(
        'SystemError',
        { code, syscall: e.syscall, path: e.path, problem },
        { file: e.path, hint: SYSTEM_HINTS[code], cause: e },
      ),
    ];
  }
  return [new SiteError('InternalError', { problem: `${e.name}: ${e.message}` }, { cause: e })];
}

/** Flattens whatever was thrown into the list of SiteErrors it carries. */
export function siteErrorsOf(error: unknown): SiteError[] {
  if (SiteErrors.is(error)) return error.errors;
  if (SiteError.is(error)) return [error];
  return [];
}

/**
 * Runs `each` on every item and collects the SiteErrors it throws, so every bad item is reported, not just
 * the first. Any other error (a bug, not bad input) is thrown at once.
 */
export function collectErrors<T, R>(items: Iterable<T>, each: (item: T) => R): { results: R[]; errors: SiteError[] } {
  const results: R[] = [];
  const errors: SiteError[] = [];
  for (const item of items) {
    try {
      results.push(each(item));
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  return { results, errors };
}

/** Throws the collected errors, if any: one SiteError alone, several together. */
export function throwIfAny(errors: SiteError[]): void {
  if (errors.length === 1) throw errors[0]!;
  if (errors.length > 1) throw new SiteErrors(errors);
}
