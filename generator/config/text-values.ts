/**
 * Parsed YAML data (a page's frontmatter, the site config) made safe to hand
 * on: its shape measured before anything walks it, and every text value (keys
 * too) checked for refused characters, with config tokens replaced.
 */
import { SiteError, throwIfAny } from '../base/errors';
import { describeCharacter, firstForbidden, hasForbidden } from './characters';
import { fieldName, MAX_ALIASED_VALUES, MAX_DEPTH } from './yaml';

export type DataPath = (string | number)[];

/** What measureData found wrong, if anything. */
export type ShapeProblem = 'cycle' | 'aliases' | 'depth';

/**
 * Measures data as js-yaml returns it, where an alias is the anchored object itself: how many values aliases repeat,
 * whether one refers to a collection containing it, and how deep the data goes once aliases are expanded. Visits each
 * object once, so a billion-laughs document costs no more than its text.
 */
export function measureData(data: unknown): ShapeProblem | undefined {
  const measured = new Map<object, { size: number; height: number }>();
  const open = new Set<object>();
  let aliased = 0;
  let problem: ShapeProblem | undefined;
  const measure = (value: unknown, depth: number): { size: number; height: number } => {
    if (problem || value === null || typeof value !== 'object') return { size: 1, height: 0 };
    const known = measured.get(value);
    if (known) {
      aliased += known.size;
      if (aliased > MAX_ALIASED_VALUES) problem = 'aliases';
      else if (depth + known.height > MAX_DEPTH) problem = 'depth';
      return known;
    }
    if (open.has(value)) {
      problem = 'cycle';
      return { size: 1, height: 0 };
    }
    if (depth > MAX_DEPTH) {
      problem = 'depth';
      return { size: 1, height: 0 };
    }
    open.add(value);
    let size = 1;
    let height = 0;
    for (const child of Object.values(value)) {
      const inner = measure(child, depth + 1);
      size += inner.size;
      height = Math.max(height, inner.height + 1);
    }
    open.delete(value);
    const result = { size, height };
    measured.set(value, result);
    return result;
  };
  measure(data, 0);
  return problem;
}

export interface TextCheck {
  file: string;
  /** The line of a field, for errors (built only when there is one). */
  lineOf(path: DataPath): number | undefined;
  /** Maps each text value (a key when `key` is set), e.g. replacing config tokens; may throw a SiteError. */
  map?(text: string, path: () => DataPath, key: boolean): string;
}

/**
 * Checks and maps every text value and key of `data` (measured first: see measureData), in place: the data is the
 * parser's own, fresh for each parse. Throws every refused character at once: ControlCharacter, or LoneSurrogate
 * for half a surrogate pair. A value an alias repeats is checked where it is written and again where it is repeated
 * (at most MAX_ALIASED_VALUES more).
 */
export function checkedTexts<T>(data: T, check: TextCheck): T {
  const errors: SiteError[] = [];
  // The path is kept on a stack and copied only for an error: most pages have none.
  const path: DataPath = [];
  const here = () => [...path];
  const text = (value: string, key: boolean): string => {
    let mapped = value;
    try {
      if (check.map) mapped = check.map(value, here, key);
    } catch (error) {
      if (!SiteError.is(error)) throw error;
      errors.push(error);
      return value;
    }
    const bad = hasForbidden(mapped) ? firstForbidden(mapped) : undefined;
    if (bad) {
      const surrogate = /\p{Cs}/u.test(bad.char);
      const field = fieldName(path) || '(root)';
      const where = key ? `The key ${JSON.stringify(String(path.at(-1)))}` : `The field ${field}`;
      const character = { where, character: describeCharacter(bad.char), position: bad.offset + 1 };
      const details = { file: check.file, field, line: check.lineOf(here()) };
      errors.push(
        surrogate
          ? new SiteError('LoneSurrogate', character, details)
          : new SiteError('ControlCharacter', character, details),
      );
    }
    return mapped;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value, false);
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        value[i] = walk(value[i]);
        path.pop();
      }
      return value;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      path.push(key);
      text(key, true); // keys are checked, never changed (a key holding a token is refused by `map`)
      record[key] = walk(record[key]);
      path.pop();
    }
    return value;
  };
  const result = walk(data) as T;
  throwIfAny(errors);
  return result;
}
