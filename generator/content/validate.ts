/** Turns zod issues into SiteErrors that name the file, the field, its line and what was expected. */
import type { z } from 'zod';
import { SiteError } from '../core/errors';
import type { ParsedYaml } from './yaml';

/** `["stats", 0, "label"]` → `stats[0].label` */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

export function validate<S extends z.ZodType>(
  schema: S,
  data: unknown,
  where: { kind: 'InvalidConfig' | 'InvalidFrontmatter'; file: string; yaml?: Pick<ParsedYaml, 'lineOf'> },
): { value: z.output<S>; errors: [] } | { value: undefined; errors: SiteError[] } {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, errors: [] };
  const errors = result.error.issues.flatMap((issue) => {
    // Report each unknown key on its own, so the field named is the misspelt one.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    return keys.map((key) => {
      const path = key === undefined ? issue.path : [...issue.path, key];
      const field = fieldName(path) || '(root)';
      const params = key === undefined ? { field, problem: issue.message } : { unknownKey: field };
      return new SiteError(where.kind, params, { file: where.file, field, line: where.yaml?.lineOf(path), cause: issue });
    });
  });
  return { value: undefined, errors };
}
