import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SiteError } from '../../generator/base/errors';
import { fieldName, validate } from '../../generator/config/validate';
import jsYaml from 'js-yaml';
import { measureData } from '../../generator/config/text-values';
import { fieldAt, MAX_ALIASED_VALUES, parseYaml } from '../../generator/config/yaml';

/** The error parseYaml throws for `source`. */
function yamlError(source: string, file = 'pages/x.md'): SiteError {
  try {
    parseYaml(source, file);
  } catch (error) {
    expect(SiteError.is(error), `not a SiteError: ${String(error)}`).toBe(true);
    return error as SiteError;
  }
  throw new Error('parseYaml accepted the document');
}

/** Nine levels of nine aliases each: 9^9 (387 million) strings once expanded. */
const BILLION_LAUGHS = [
  'a: &a [x, x, x, x, x, x, x, x, x]',
  ...'bcdefghi'.split('').map((name, i) => {
    const previous = 'abcdefghi'[i]!;
    return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`;
  }),
].join('\n');

/** A billion laughs of `levels` levels, each an anchored list of nine aliases of the one before. */
const aliasBomb = (levels: number) =>
  [
    'l0: &l0 [x, x, x, x, x, x, x, x, x]',
    ...Array.from({ length: levels }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(9).fill(`*l${i}`).join(', ')}]`),
  ].join('\n');

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

  it('names the line and the field of a [ or { left open, not the line after, where it is noticed', () => {
    for (const [source, field] of [
      ['title: A\nlist: [a, b\nother: 1\n', 'list'],
      ['title: A\nmeta: {a: 1, b: 2\nother: 1\n', 'meta'],
      ['title: A\nlist: [a, b\n', 'list'],
    ] as const) {
      const error = (() => {
        try {
          parseYaml(source, 'pages/x.md', 2);
          return undefined;
        } catch (caught) {
          return caught as SiteError;
        }
      })();
      expect(error, source).toMatchObject({ kind: 'MalformedYaml', line: 3, field });
      expect(error!.hint, source).toMatch(/must end with \]/);
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
    expect(fields).toEqual(
      expect.arrayContaining([
        ['stats[0].lable', 4],
        ['titel', 5],
      ]),
    );
    expect(result.errors.every((e) => e.kind === 'UnknownFrontmatterKey' && e.file === 'p.md')).toBe(true);
  });

  it('says what was expected for a wrong type', () => {
    const yaml = parseYaml('title: 3\nstats: []\n', 'p.md');
    const [error] = validate(schema, yaml.data, { kind: 'InvalidFrontmatter', file: 'p.md', yaml }).errors;
    expect(error?.field).toBe('title');
    expect(error?.message).toMatch(/expected string/i);
  });
});

describe('parseYaml refuses YAML that does more than hold data', () => {
  it.each([
    ['!!js/function', 'title: A\nrun: !!js/function "function () { return 1 }"\n', 2, '!!js/function'],
    ['!!python/object', 'title: A\nrun: !!python/object:os.system ls\n', 2, '!!python/object:os.system'],
    ['a local tag', 'title: A\nlist:\n  - !foo bar\n', 3, '!foo'],
    ['!!binary', 'data: !!binary aGk=\n', 1, '!!binary'],
    ['a tag on a key', '!foo key: value\n', 1, '!foo'],
  ])('a custom tag (%s) is UnsafeYaml, with its line', (_, source, line, tag) => {
    expect(yamlError(source)).toMatchObject({
      kind: 'UnsafeYaml',
      file: 'pages/x.md',
      line,
      message: `The tag ${tag} is not allowed`,
    });
  });

  it('accepts the core schema tags', () => {
    expect(parseYaml('a: !!str 3\nb: !!int "4"\nc: ! plain\n', 'p.md').data).toEqual({ a: '3', b: 4, c: 'plain' });
  });

  it('an alias with no anchor is UnknownYamlAlias naming it and its line', () => {
    expect(yamlError('title: A\nkeywords: [x, *nope]\n')).toMatchObject({
      kind: 'UnknownYamlAlias',
      line: 2,
      message: expect.stringContaining('*nope'),
    });
  });

  it('an alias to the collection that contains it is YamlAliasCycle', () => {
    expect(yamlError('title: A\nloop: &a [x, *a]\n')).toMatchObject({ kind: 'YamlAliasCycle', line: 2 });
    expect(yamlError('loop: &a { self: *a }\n')).toMatchObject({ kind: 'YamlAliasCycle', line: 1 });
  });

  it('an alias bomb fails as YamlAliasLimit with the line where the limit is passed, without expanding it', () => {
    const error = yamlError(BILLION_LAUGHS);
    expect(error).toMatchObject({ kind: 'YamlAliasLimit', file: 'pages/x.md' });
    expect(error.line).toBeGreaterThanOrEqual(4);
    // 9^40 values once expanded: this returns at all only if the parser stops at the limit instead of expanding.
    expect(yamlError(aliasBomb(40))).toMatchObject({ kind: 'YamlAliasLimit' });
  });

  it('allows ordinary reuse through aliases', () => {
    const source = `base: &base { label: Go, href: /go }\nlinks: [${Array(100).fill('*base').join(', ')}]\n`;
    expect((parseYaml(source, 'p.md').data as { links: unknown[] }).links).toHaveLength(100);
  });

  it('tabs used for indentation are MalformedYaml with a hint about tabs', () => {
    expect(yamlError('title: A\nkeywords:\n\t- x\n')).toMatchObject({
      kind: 'MalformedYaml',
      line: 3,
      hint: expect.stringMatching(/tab/i),
    });
  });

  it('nesting deeper than the limit is YamlTooDeep, and never crashes the process', () => {
    for (const depth of [150, 20_000]) {
      expect(yamlError(`a: ${'['.repeat(depth)}${']'.repeat(depth)}\n`)).toMatchObject({
        kind: 'YamlTooDeep',
        line: 1,
        message: expect.stringMatching(/nested more than 100 levels/),
      });
    }
    expect(
      yamlError(`a:\n${Array.from({ length: 120 }, (_, i) => `${' '.repeat(i * 2 + 2)}k${i}:`).join('\n')} x\n`),
    ).toMatchObject({ kind: 'YamlTooDeep' });
  });

  it('a list or mapping used as a key is YamlKeyNotText', () => {
    expect(yamlError('title: A\n? [a, b]\n: 1\n')).toMatchObject({ kind: 'YamlKeyNotText', line: 2 });
  });
});

describe('measureData (frontmatter parsed by js-yaml, where an alias is the anchored object itself)', () => {
  const load = (source: string) => jsYaml.load(source, { schema: jsYaml.CORE_SCHEMA });

  it('finds an alias bomb without expanding it', () => {
    expect(measureData(load(BILLION_LAUGHS))).toBe('aliases');
    // Built as js-yaml returns aliases (the same object, referred to nine times at each of 60 levels): 9^60 values
    // once expanded, so this returns at all only if each object is visited once.
    let bomb: unknown = ['x'];
    for (let level = 0; level < 60; level++) bomb = Array<unknown>(9).fill(bomb);
    expect(measureData({ bomb })).toBe('aliases');
  });

  it('finds an alias to the collection that contains it', () => {
    expect(measureData(load('loop: &a [x, *a]'))).toBe('cycle');
  });

  it('finds nesting made deep through aliases', () => {
    const deep = (name: string, inner: string) => `${name}: &${name} ${'['.repeat(60)}${inner}${']'.repeat(60)}`;
    expect(measureData(load(`${deep('a', 'x')}\n${deep('b', '*a')}`))).toBe('depth');
  });

  it('lets ordinary reuse through', () => {
    expect(
      measureData(load(`base: &base { label: Go }\nlinks: [${Array(100).fill('*base').join(', ')}]`)),
    ).toBeUndefined();
    expect(MAX_ALIASED_VALUES).toBeGreaterThanOrEqual(1000);
  });
});

describe('parseYaml measures what aliases repeat, as whatever walks the data will meet it', () => {
  const deep = (name: string, inner: string, levels = 60) =>
    `${name}: &${name} ${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

  it('nesting made deep through aliases is YamlTooDeep, naming the line and field of the alias', () => {
    expect(yamlError(`${deep('a', 'x')}\n${deep('b', '*a')}\n`)).toMatchObject({
      kind: 'YamlTooDeep',
      line: 2,
      field: `b${'[0]'.repeat(60)}`,
      message: expect.stringMatching(/nested more than 100 levels deep \(counting what aliases repeat\)/),
    });
  });

  it('lets nesting through aliases within the limit through', () => {
    const data = parseYaml(`${deep('a', 'x', 40)}\n${deep('b', '*a', 40)}\n`, 'p.md').data as { b: unknown };
    let depth = 0;
    for (let at: unknown = data.b; Array.isArray(at); at = at[0]) depth++;
    expect(depth).toBe(80);
    expect(MAX_ALIASED_VALUES).toBeGreaterThanOrEqual(1000);
  });
});

describe('fieldAt', () => {
  it('names the field whose key or value holds an offset', () => {
    const source = 'title: A\nhero:\n  lead: Hello there\nlist: [a, b]\n';
    expect(fieldAt(source, source.indexOf('there'))).toEqual(['hero', 'lead']);
    expect(fieldAt(source, source.indexOf('hero'))).toEqual(['hero']);
    expect(fieldAt(source, source.indexOf('b]'))).toEqual(['list', 1]);
    expect(fieldAt('not: [valid', 9)).toEqual(['not', 0]);
    expect(fieldAt('', 0)).toBeUndefined();
  });
});
