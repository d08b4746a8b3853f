/** The schema of a text field of the config or a page's frontmatter: never blank, never absurdly long. */
import { z } from 'zod';

/**
 * Text of at most `max` characters (and at least `min`) that is not blank: an empty or all-space value is a field
 * left half-written, and a value far longer than the field shows is a paste gone wrong.
 */
export function textField(max: number, min = 1) {
  const text =
    min > 1
      ? z.string().min(min, { error: (issue) => `is ${lengthOf(issue.input)} characters long; write at least ${min}` })
      : z.string();
  return text
    .max(max, { error: (issue) => `is ${lengthOf(issue.input)} characters long; at most ${max} fit here` })
    .regex(/\S/, 'is blank: write the text, or leave the field out where it is optional');
}

const lengthOf = (input: unknown) => (typeof input === 'string' ? input.length.toLocaleString('en') : '?');
