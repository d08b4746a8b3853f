/**
 * Every bad site config is named. Each class of problem in site.yml (an empty
 * file, YAML that is wrong or would run code, text that is not UTF-8, binary
 * content, control characters, blank or absurdly long fields), tried through
 * the CLI as a user runs it and, more of each class, through the public
 * build(): the build fails with exit code 1, every problem is a catalogued
 * error naming site.yml, its line and field, with a hint and no stack trace,
 * and the pages folder and the previous output are byte for byte as they were
 * (../support/failing-build.ts). A config value full of the characters of YAML
 * and markdown arrives in a page exactly as written.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOMB,
  buildArgs,
  buildErrors,
  builtFixture,
  cli,
  expectNamed,
  placeOf,
  type Expected,
} from '../support/failing-build';

/** Each class of bad site config: edits of the fixture's site.yml, one problem per build (the config is one file). */
const CONFIG_CASES: Record<string, { edit: (yml: string) => string | Uint8Array; expected: Omit<Expected, 'file'>[] }> =
  {
    'an empty file': { edit: () => '', expected: [{ kind: 'EmptyConfig' }] },
    'an alias with no anchor': {
      edit: (yml) => yml.replace('tagline: A small site for generator tests', 'tagline: *nope'),
      expected: [{ kind: 'UnknownYamlAlias', line: 4, field: 'tagline' }],
    },
    'an alias bomb': {
      edit: (yml) => `${yml}\n${BOMB.replace(/a(\d)/g, 'x$1')}\n`,
      expected: [{ kind: 'YamlAliasLimit', line: 57, field: 'x4[0]' }],
    },
    'tabs for indentation': {
      edit: (yml) => yml.replace('  street:', '\tstreet:'),
      expected: [{ kind: 'MalformedYaml', line: 20 }],
    },
    'a !!js/function tag': {
      edit: (yml) =>
        yml.replace('tagline: A small site for generator tests', 'tagline: !!js/function "function () { return 1 }"'),
      expected: [{ kind: 'UnsafeYaml', line: 4, field: 'tagline' }],
    },
    'text that is not UTF-8': {
      edit: (yml) => Buffer.from(yml.replace('locality: Ikeja', 'locality: Ik\u00e9ja'), 'latin1'),
      expected: [{ kind: 'InvalidUtf8', line: 21, field: 'address.locality' }],
    },
    'binary content': {
      edit: (yml) => yml.replace('region: Lagos', 'region: La\0gos'),
      expected: [{ kind: 'BinaryContent', line: 22, field: 'address.region' }],
    },
    'a control character': {
      edit: (yml) => yml.replace('name: Fixture Co', 'name: "Fixture\\a Co"'),
      expected: [{ kind: 'ControlCharacter', line: 2, field: 'name' }],
    },
    'blank and absurdly long fields': {
      edit: (yml) =>
        yml
          .replace('tagline: A small site for generator tests', 'tagline: "  "')
          .replace('legalName: Fixture Company Limited', `legalName: ${'L'.repeat(50_000)}`),
      expected: [
        { kind: 'InvalidConfig', line: 3, field: 'legalName' },
        { kind: 'InvalidConfig', line: 4, field: 'tagline' },
      ],
    },
  };

/** More of each class, through build() only: a config error stops the build before anything is loaded, so these are quick. */
const MORE_CONFIG_CASES: typeof CONFIG_CASES = {
  'only comments': { edit: () => '# to do\n', expected: [{ kind: 'EmptyConfig' }] },
  'a !!python/object tag': {
    edit: (yml) => yml.replace('  street: 1 Test Street', '  street: !!python/object:os.system ls'),
    expected: [{ kind: 'UnsafeYaml', line: 20, field: 'address.street' }],
  },
  'a !foo tag': {
    edit: (yml) => yml.replace('claims: [Tested]', 'claims: [!foo Tested]'),
    expected: [{ kind: 'UnsafeYaml', line: 46, field: 'footer.claims[0]' }],
  },
  'an alias to its own collection': {
    edit: (yml) => yml.replace('claims: [Tested]', 'claims: &c [Tested, *c]'),
    expected: [{ kind: 'YamlAliasCycle', line: 46, field: 'footer.claims[1]' }],
  },
  'a bidi override': {
    edit: (yml) => yml.replace('street: 1 Test Street', 'street: 1 Test \u202EStreet'),
    expected: [{ kind: 'ControlCharacter', line: 20, field: 'address.street' }],
  },
  'an escaped bidi override': {
    edit: (yml) => yml.replace('street: 1 Test Street', 'street: "1 Test \\u202EStreet"'),
    expected: [{ kind: 'ControlCharacter', line: 20, field: 'address.street' }],
  },
  'half a surrogate pair': {
    edit: (yml) => yml.replace('street: 1 Test Street', 'street: "1 Test \\uDC00"'),
    expected: [{ kind: 'LoneSurrogate', line: 20, field: 'address.street' }],
  },
  'a UTF-16 file': {
    edit: (yml) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(yml, 'utf16le')]),
    expected: [{ kind: 'Utf16File', line: 1 }],
  },
  'a list, not settings': {
    edit: () => '- name: x\n',
    expected: [{ kind: 'InvalidConfig', line: 1, field: '(root)' }],
  },
  'an absurdly long link': {
    edit: (yml) =>
      yml.replace('href: "#", icon: linkedin', `href: "https://example.com/${'a'.repeat(5000)}", icon: linkedin`),
    expected: [{ kind: 'InvalidConfig', line: 29, field: 'social[0].href' }],
  },
};

const fixture = builtFixture();
beforeAll(() => fixture.setup(), 120_000);
afterAll(() => fixture.cleanup());

describe('through the CLI: each class of bad site config is named, and nothing the user owns changes', () => {
  it.each(Object.entries(CONFIG_CASES))('%s', async (_, { edit, expected }) => {
    const site = await fixture.project();
    const config = path.join(site.pagesDir, 'site.yml');
    await writeFile(config, edit(await readFile(config, 'utf8')));
    const before = await site.snapshot();
    const run = await cli(buildArgs(site));
    expectNamed(
      run,
      site.pagesDir,
      expected.map((error) => ({ ...error, file: 'site.yml' })),
    );
    expect(await site.snapshot()).toEqual(before);
  });
});

describe('through build(): more bad site configs', () => {
  it.each(Object.entries(MORE_CONFIG_CASES))('%s', async (_, { edit, expected }) => {
    const site = await fixture.project();
    const config = path.join(site.pagesDir, 'site.yml');
    await writeFile(config, edit(await readFile(config, 'utf8')));
    const before = await site.snapshot();
    const errors = await buildErrors(site);
    expect(errors.map((e) => placeOf(e, site.pagesDir))).toEqual(
      expected.map((e) => ({ kind: e.kind, file: 'site.yml', line: e.line, field: e.field })),
    );
    expect(await site.snapshot()).toEqual(before);
  });
});

describe('config tokens arrive exactly as written', () => {
  /** Characters that ended a title or added a frontmatter key when tokens were pasted into the YAML text. */
  const VALUE = 'Safe # yes: "q"\n---\nnoindex: true';
  /** A value for the body, with markdown in it that must show as text. */
  const MARKDOWN = 'a *b* [c](/d) <e> `f` & g_h_ ~i~';

  const decode = (html: string) =>
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');

  it('in a title and in the body, through the CLI', async () => {
    const site = await fixture.project();
    const config = path.join(site.pagesDir, 'site.yml');
    const yml = await readFile(config, 'utf8');
    await writeFile(
      config,
      yml
        .replace('tagline: A small site for generator tests', `tagline: ${JSON.stringify(VALUE)}`)
        .replace('countryName: Nigeria', `countryName: ${JSON.stringify(MARKDOWN)}`),
    );
    await writeFile(
      path.join(site.pagesDir, 'about.md'),
      `---\ntitle: {{ tagline }}\ndescription: "About the fixture company, {{ tagline }}"\nkeywords: [{{ tagline }}]\n---\n\nWe say {{ tagline }} here.\n\nAnd {{ address.countryName }} there.\n`,
    );
    const run = await cli(['build', '-q', '-p', site.pagesDir, '-o', site.outDir]);
    expect(run.code, run.output).toBe(0);
    const html = await readFile(path.join(site.outDir, 'about.html'), 'utf8');
    expect(decode(/<title>([\s\S]*?)<\/title>/.exec(html)![1]!)).toBe(`${VALUE} | Fixture Co`);
    expect(decode(/<meta name="description" content="([^"]*)"/.exec(html)![1]!)).toBe(
      `About the fixture company, ${VALUE}`,
    );
    expect(html, 'a value cannot add the noindex key').not.toMatch(/<meta name="robots"/);
    expect(
      await readFile(path.join(site.outDir, 'sitemap.xml'), 'utf8'),
      'nor take the page out of the sitemap',
    ).toContain('/about</loc>');
    const paragraphs = [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]!);
    const said = paragraphs.find((p) => p.startsWith('We say'))!;
    // Line breaks show as spaces in HTML text: the value arrives as written, with its line breaks as spaces.
    expect(decode(said)).toBe(`We say ${VALUE.replace(/\n/g, ' ')} here.`);
    const there = paragraphs.find((p) => p.startsWith('And'))!;
    expect(decode(there)).toBe(`And ${MARKDOWN} there.`);
    expect(there, 'markdown in a value shows as text').not.toMatch(/<(em|a|code|del|e)\b/);
  });
});
