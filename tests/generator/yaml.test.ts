import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SiteError } from '../../generator/core/errors';
import { fieldName, validate } from '../../generator/content/validate';
import { parseYaml } from '../../generator/content/yaml';

describe('parseYaml', () => {
  it('finds the line of a nested field, offset by where the YAML starts in the file', () => {
    const yaml = parseYaml('title: A\nstats:\n  - label: x\n    number: 1\n', 'p.md', 2);
    expect(yaml.lineOf(['title'])).toBe(2);
    expect(yaml.lineOf(['stats', 0, 'number'])).toBe(5);
    // A missing field falls back to its closest parent.
    expect(yaml.lineOf(['stats', 0, 'nope'])).toBe(4);
  });

  it('reports malformed YAML as MalformedYaml with file and line', () => {
    try {
      parseYaml('title: A\nlist: [a, b\nother: 1\n', 'pages/x.md', 2);
      expect.unreachable();
    } catch (error) {
      expect((error as SiteError).kind).toBe('MalformedYaml');
      expect((error as SiteError).file).toBe('pages/x.md');
      expect((error as SiteError).line).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('validate', () => {
  const schema = z.strictObject({ title: z.string(), stats: z.array(z.strictObject({ label: z.string() })) });

  it('names each field path the way a reader writes it', () => {
    expect(fieldName(['stats', 0, 'label'])).toBe('stats[0].label');
  });

  it('reports unknown keys one by one, each with its line', () => {
    const yaml = parseYaml('title: A\nstats:\n  - label: x\n    lable: y\ntitel: B\n', 'p.md');
    const result = validate(schema, yaml.data, { kind: 'InvalidFrontmatter', file: 'p.md', yaml });
    const fields = result.errors.map((e) => [e.field, e.line]);
    expect(fields).toEqual(expect.arrayContaining([['stats[0].lable', 4], ['titel', 5]]));
    expect(result.errors.every((e) => e.kind === 'InvalidFrontmatter' && e.file === 'p.md')).toBe(true);
  });

  it('says what was expected for a wrong type', () => {
    const yaml = parseYaml('title: 3\nstats: []\n', 'p.md');
    const [error] = validate(schema, yaml.data, { kind: 'InvalidFrontmatter', file: 'p.md', yaml }).errors;
    expect(error?.field).toBe('title');
    expect(error?.message).toMatch(/expected string/i);
  });
});
