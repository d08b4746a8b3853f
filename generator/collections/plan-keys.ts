/**
 * What a planned page's key is made of (collections/plan.ts): the digest of the props it is given beyond itself, and
 * when two values of props are equal, so that a page given the same as in the last plan keeps the key it had.
 */
import { createHash } from 'node:crypto';

/**
 * Whether two values of props are equal, value for value: the same object, or arrays or plain objects whose items are.
 * Anything else (a Date, a class, a function, NaN) is equal only to itself, which at worst digests a page's props
 * again.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const plain = (value: object) => {
    const proto = Object.getPrototypeOf(value) as unknown;
    return proto === Object.prototype || proto === null;
  };
  if (!plain(a) || !plain(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys)
    if (!Object.hasOwn(b, k) || !sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  return true;
}

/**
 * The key of a page's props: the digest of their JSON in which every object is replaced by its own digest, made once
 * per object (and kept for the next plan with the objects a memo keeps). Ten thousand pages that show the same entries
 * cost a digest of their digests each, and a watch update compares short keys. A text shorter than a digest is its own
 * digest: it starts with `{` or `[`, which no base64 digest does, so two values have one key only when their JSON is
 * one. Only digests are kept: a short text is made again from its parts' digests whenever asked, which costs what
 * looking it up would, where keeping it took an entry of the memo's table for every small object (a tag, an empty
 * list) of every page.
 */
export function keyMaker(made: WeakMap<object, string>): (props: object) => string {
  const textOf = (value: object): string =>
    Array.isArray(value)
      ? `[${value.map(digest).join(',')}]`
      : `{${Object.entries(value)
          .filter(([, v]) => v !== undefined && typeof v !== 'function')
          .map(([k, v]) => `${JSON.stringify(k)}:${digest(v)}`)
          .join(',')}}`;
  const digest = (value: unknown): string => {
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
    const found = made.get(value);
    if (found !== undefined) return found;
    const text = textOf(value);
    if (text.length <= DIGEST_LENGTH) return text;
    const result = digestOf(text);
    made.set(value, result);
    return result;
  };
  // The page's own props are one object a page, not kept: its key is the digest alone (a page's key is kept with it).
  return (props) => {
    const text = textOf(props);
    return text.length <= DIGEST_LENGTH ? text : digestOf(text);
  };
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('base64');

/** The length of a sha256 digest in base64. */
const DIGEST_LENGTH = 44;
