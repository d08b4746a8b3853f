/**
 * Turns zod issues into SiteErrors that name the file, the field, its line and
 * what was expected, with the hint that fits each failure: a missing field, a
 * value of the wrong type, a length, a format, or an unknown key (with the
 * known key it was probably meant to be).
 */
import { z } from 'zod';
import { SiteError } from '../base/errors';
import { closestPath } from '../base/closest';
import { fieldName, type ParsedYaml } from './yaml';

export { fieldName };

export interface ValidateWhere {
  kind: 'InvalidConfig' | 'InvalidFrontmatter';
  file: string;
  yaml?: Pick<ParsedYaml, 'lineOf'>;
  /** The template whose schema a page is validated against, named in hints. */
  template?: string;
}

export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  where: ValidateWhere,
): { value: z.output<S>; errors: [] } | { value: undefined; errors: SiteError[] } {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, errors: [] };
  const issues = result.error.issues;
  const missing = new Set(
    issues
      .filter((issue) => issue.code === 'invalid_type' && valueAt(data, issue.path) === undefined)
      .map((issue) => fieldName(issue.path)),
  );
  // A misspelt key and the required field it was meant to be are one mistake: reported once, on the misspelt key.
  const meant = new Map<string, string>();
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const known = keysAt(schema, issue.path);
    for (const key of issue.keys) {
      const near = closestPath(key, known);
      if (near) meant.set(fieldName([...issue.path, key]), fieldName([...issue.path, near]));
    }
  }
  const explained = new Set(meant.values());
  const errors = issues.flatMap((issue) => {
    if (issue.code === 'invalid_type' && explained.has(fieldName(issue.path)) && missing.has(fieldName(issue.path)))
      return [];
    // Report each unknown key on its own, so the field named is the misspelt one.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    return keys.map((key) => {
      const path = key === undefined ? issue.path : [...issue.path, key];
      const field = fieldName(path) || '(root)';
      const suggestion = meant.get(field);
      const hint = hintFor(issue, {
        field,
        missing: missing.has(field),
        suggestion,
        known: key === undefined ? [] : keysAt(schema, issue.path),
        where,
      });
      const details = { file: where.file, field, line: where.yaml?.lineOf(path), cause: issue, hint };
      if (key === undefined)
        return new SiteError(
          where.kind,
          { field, problem: missing.has(field) ? 'required, and missing' : issue.message },
          details,
        );
      const unknown = { unknownKey: field, ...(suggestion ? { suggestion, required: missing.has(suggestion) } : {}) };
      return where.kind === 'InvalidConfig'
        ? new SiteError('UnknownConfigKey', unknown, details)
        : new SiteError('UnknownFrontmatterKey', unknown, details);
    });
  });
  return { value: undefined, errors };
}

/** The hint for one schema failure, in the words of the file it is in. */
function hintFor(
  issue: z.core.$ZodIssue,
  facts: { field: string; missing: boolean; suggestion?: string; known: string[]; where: ValidateWhere },
): string {
  const { field, where } = facts;
  const schemaName =
    where.kind === 'InvalidConfig'
      ? "the site config (the engine's fields and the theme's)"
      : `the template "${where.template ?? 'prose'}"`;
  switch (issue.code) {
    case 'unrecognized_keys':
      if (facts.suggestion)
        return `Rename it to ${facts.suggestion.split('.').at(-1)}: ${schemaName} has that field and no other like it.`;
      return `Remove it, or check its spelling: ${schemaName} knows ${facts.known.length > 0 ? facts.known.join(', ') : 'no fields here'}.${where.kind === 'InvalidFrontmatter' ? ' A template that should take other keys as data declares its schema with z.looseObject.' : ''}`;
    case 'invalid_type':
      if (facts.missing)
        return `Add ${field.split('.').at(-1)}: to ${where.kind === 'InvalidConfig' ? 'the site config' : 'the frontmatter'}; ${schemaName} requires it.`;
      return `Write ${field} as ${article(issue.expected)}${issue.expected === 'string' ? ' (put text that YAML would read as a number, date or list in quotes)' : ''}.`;
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `Shorten ${field} to at most ${String(issue.maximum)} ${issue.origin === 'string' ? 'characters' : 'items'}.`
        : `Make ${field} at most ${String(issue.maximum)}.`;
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? `Give ${field} at least ${String(issue.minimum)} ${issue.origin === 'string' ? 'characters' : 'items'}.`
        : `Make ${field} at least ${String(issue.minimum)}.`;
    case 'invalid_format':
      return `Write ${field} in the form the message names.`;
    case 'invalid_value':
      return `Use one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}.`;
    default:
      return `Make ${field} match ${schemaName}.`;
  }
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The keys an object schema knows at `path` (through nested objects and arrays), for "did you mean". */
function keysAt(schema: z.ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  let at: z.ZodType | undefined = schema;
  for (const key of path) {
    at = unwrap(at);
    if (at instanceof z.ZodObject) at = at.shape[key as string] as z.ZodType | undefined;
    else if (at instanceof z.ZodArray) at = at.element as z.ZodType;
    else if (at instanceof z.ZodRecord) at = at.valueType as z.ZodType;
    else return [];
  }
  at = unwrap(at);
  return at instanceof z.ZodObject ? Object.keys(at.shape) : [];
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let at = schema;
  while (
    at instanceof z.ZodOptional ||
    at instanceof z.ZodDefault ||
    at instanceof z.ZodNullable ||
    at instanceof z.ZodPipe
  ) {
    at = (at instanceof z.ZodPipe ? at.in : at.unwrap()) as z.ZodType;
  }
  return at;
}
