/**
 * Every bad page is named. Each class of content problem (empty files, YAML
 * that is wrong or would run code, text that is not UTF-8, binary content,
 * control characters, blank or absurdly long fields, unknown config tokens),
 * tried through the CLI as a user runs it and through the public build(), and
 * a pages folder that is missing or is a file: the build fails with exit code
 * 1, every problem is a catalogued error naming its file, line and field, with
 * a hint and no stack trace, and the pages folder and the previous output are
 * byte for byte as they were (../support/failing-build.ts).
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOMB,
  buildArgs,
  buildErrors,
  builtFixture,
  byFile,
  cli,
  expectNamed,
  placeOf,
  type Expected,
} from '../support/failing-build';

/** A page that is wrong in one way, and the error it must give. */
interface BadPage extends Expected {
  contents: string | Uint8Array;
}

const DESCRIPTION = 'A page of the fixture site that is wrong in exactly one way.';
/** A page whose frontmatter has `extra` from line 4 on, and `body` from line 7 on (when extra is one line). */
const page = (extra = '', body = 'Text.\n') =>
  `---\ntitle: Fine title\ndescription: ${DESCRIPTION}\n${extra}---\n\n${body}`;
const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

/** Where the bomb passes the alias limit: at its fifth line (9^4 values), as the frontmatter's line 4 + 4. */
const BOMB_LINE = 8;

/** A file that code in a `---js` frontmatter would write, if gray-matter's eval engine ran it. */
const PWNED = path.join(os.tmpdir(), `site-bad-input-pwned-${process.pid}`);

/** The classes of bad page, each a few pages wrong in that way. */
const PAGE_CLASSES: Record<string, BadPage[]> = {
  'empty files': [
    { file: 'empty.md', contents: '', kind: 'EmptyPage' },
    { file: 'blank.md', contents: ' \n\t\n', kind: 'EmptyPage' },
    { file: 'dashes.md', contents: '---\n---\n', kind: 'EmptyPage', line: 1 },
    { file: 'comment.md', contents: '---\n# to do\n---\n\n', kind: 'EmptyPage', line: 1 },
  ],
  'YAML errors (aliases, alias bombs, tabs, custom tags, frontmatter that would run code)': [
    {
      file: 'alias.md',
      contents: page('keywords: [a, *nope]\n'),
      kind: 'UnknownYamlAlias',
      line: 4,
      field: 'keywords[1]',
    },
    {
      file: 'alias-loop.md',
      contents: page('keywords: &k [a, *k]\n'),
      kind: 'YamlAliasCycle',
      line: 4,
      field: 'keywords[1]',
    },
    { file: 'bomb.md', contents: page(`${BOMB}\n`), kind: 'YamlAliasLimit', line: BOMB_LINE, field: 'a4[0]' },
    // js-yaml takes each for the text it prints as ("keywords", "noindex"), which makes valid fields here: refused as
    // site.yml refuses them, whatever the template would make of the key.
    { file: 'list-key.md', contents: page('? [keywords]\n: [a]\n'), kind: 'YamlKeyNotText', line: 4 },
    { file: 'alias-key.md', contents: page('keywords: [&k noindex]\n*k : true\n'), kind: 'YamlKeyNotText', line: 5 },
    {
      file: 'flow-key.md',
      contents: `---\n{ title: Fine title, description: "${DESCRIPTION}", [noindex]: true }\n---\n\nText.\n`,
      kind: 'YamlKeyNotText',
      line: 2,
    },
    { file: 'tabs.md', contents: page('keywords:\n\t- a\n'), kind: 'MalformedYaml', line: 5 },
    {
      file: 'js-function.md',
      contents: page('breadcrumb: !!js/function "function () { return 1 }"\n'),
      kind: 'UnsafeYaml',
      line: 4,
      field: 'breadcrumb',
    },
    {
      file: 'python.md',
      contents: page('breadcrumb: !!python/object/apply:os.system ["touch pwned"]\n'),
      kind: 'UnsafeYaml',
      line: 4,
      field: 'breadcrumb',
    },
    {
      file: 'local-tag.md',
      contents: page('keywords: [a, !foo b]\n'),
      kind: 'UnsafeYaml',
      line: 4,
      field: 'keywords[1]',
    },
    {
      file: 'js-frontmatter.md',
      contents: `---js\n{ title: (require("fs").writeFileSync(${JSON.stringify(PWNED)}, "ran"), "T"), description: "${DESCRIPTION}" }\n---\n`,
      kind: 'FrontmatterNotYaml',
      line: 1,
    },
    {
      file: 'unclosed.md',
      contents: `---\ntitle: Fine title\ndescription: ${DESCRIPTION}\n`,
      kind: 'UnclosedFrontmatter',
      line: 1,
    },
    {
      file: 'nested.md',
      contents: page(`keywords: ${'['.repeat(300)}${']'.repeat(300)}\n`),
      kind: 'YamlTooDeep',
      line: 4,
    },
    // Nested within the limit as written, past it as the aliases repeat it: named at the alias.
    {
      file: 'nested-alias.md',
      contents: page(`keywords: &k ${'['.repeat(60)}a${']'.repeat(60)}\ntags: ${'['.repeat(60)}*k${']'.repeat(60)}\n`),
      kind: 'YamlTooDeep',
      line: 5,
      field: `tags${'[0]'.repeat(60)}`,
    },
    // Noticed on the line after; named on the line that opened the list.
    {
      file: 'syntax.md',
      contents: page('keywords: [unclosed, list\n'),
      kind: 'MalformedYaml',
      line: 4,
      field: 'keywords',
    },
  ],
  'text that is not UTF-8': [
    {
      file: 'latin1-title.md',
      contents: Buffer.from(page().replace('Fine title', 'Caf\u00e9 title'), 'latin1'),
      kind: 'InvalidUtf8',
      line: 2,
      field: 'title',
    },
    {
      file: 'latin1-body.md',
      contents: bytes(page(), 'caf', [0xe9], '\n'),
      kind: 'InvalidUtf8',
      line: 7,
      field: 'body',
    },
    {
      file: 'overlong.md',
      contents: bytes(page(), [0xc0, 0xaf], '\n'),
      kind: 'InvalidUtf8',
      line: 7,
      field: 'body',
    },
    {
      file: 'surrogate-bytes.md',
      contents: bytes(page(), [0xed, 0xa0, 0x80], '\n'),
      kind: 'InvalidUtf8',
      line: 7,
      field: 'body',
    },
    {
      file: 'utf16.md',
      contents: bytes([0xff, 0xfe], Buffer.from(page(), 'utf16le')),
      kind: 'Utf16File',
      line: 1,
    },
  ],
  'binary content': [
    { file: 'nul-body.md', contents: page('', 'bin\0ary\n'), kind: 'BinaryContent', line: 6, field: 'body' },
    {
      file: 'nul-title.md',
      contents: page().replace('Fine title', 'Fine\0title'),
      kind: 'BinaryContent',
      line: 2,
      field: 'title',
    },
    {
      file: 'image.md',
      contents: bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
      kind: 'BinaryContent',
      line: 3,
      field: 'body',
    },
  ],
  'control characters in text fields and the body': [
    {
      file: 'bell.md',
      contents: page().replace('Fine title', 'Fine\u0007title'),
      kind: 'ControlCharacter',
      line: 2,
      field: 'title',
    },
    {
      file: 'escape.md',
      contents: page('breadcrumb: "\\e[31mred"\n'),
      kind: 'ControlCharacter',
      line: 4,
      field: 'breadcrumb',
    },
    {
      file: 'c1.md',
      contents: page('keywords: [a\u0085b]\n'),
      kind: 'ControlCharacter',
      line: 4,
      field: 'keywords[0]',
    },
    {
      file: 'bidi.md',
      contents: page().replace('Fine title', 'Invoice \u202Efdp.exe'),
      kind: 'ControlCharacter',
      line: 2,
      field: 'title',
    },
    {
      file: 'bidi-escaped.md',
      contents: page('breadcrumb: "\\u202Dx"\n'),
      kind: 'ControlCharacter',
      line: 4,
      field: 'breadcrumb',
    },
    {
      file: 'lone-surrogate.md',
      contents: page('breadcrumb: "\\uD800"\n'),
      kind: 'LoneSurrogate',
      line: 4,
      field: 'breadcrumb',
    },
    { file: 'form-feed.md', contents: page('', 'One\fTwo\n'), kind: 'ControlCharacter', line: 6, field: 'body' },
  ],
  'blank or absurdly long text fields': [
    {
      file: 'blank-title.md',
      contents: page().replace('title: Fine title', 'title: "   "'),
      kind: 'InvalidFrontmatter',
      line: 2,
      field: 'title',
    },
    {
      file: 'blank-description.md',
      contents: page().replace(`description: ${DESCRIPTION}`, `description: "${' '.repeat(40)}"`),
      kind: 'InvalidFrontmatter',
      line: 3,
      field: 'description',
    },
    {
      file: 'long-keyword.md',
      contents: page(`keywords: [${'k'.repeat(100_000)}]\n`),
      kind: 'InvalidFrontmatter',
      line: 4,
      field: 'keywords[0]',
    },
    {
      file: 'theme-blank.md',
      contents: page(
        'template: page\nhero: { title: " ", lead: Lead text }\nsections: [{ type: prose, title: Body }]\n',
      ),
      kind: 'InvalidFrontmatter',
      line: 5,
      field: 'hero.title',
    },
    {
      file: 'theme-long.md',
      contents: page(
        `template: page\nhero: { title: Fine, lead: Lead text }\nsections:\n  - type: prose\n    title: ${'t'.repeat(5000)}\n`,
      ),
      kind: 'InvalidFrontmatter',
      line: 8,
      field: 'sections[0].title',
    },
  ],
  'unknown config tokens': [
    {
      file: 'token-field.md',
      contents: page('breadcrumb: Mail {{ contact.fax }}\n'),
      kind: 'UnknownToken',
      line: 4,
      field: 'breadcrumb',
    },
    {
      file: 'token-body.md',
      contents: page('', 'Call {{ contact }} now.\n'),
      kind: 'UnknownToken',
      line: 6,
      field: 'body',
    },
  ],
};

const fixture = builtFixture();
beforeAll(() => fixture.setup(), 120_000);
afterAll(async () => {
  await fixture.cleanup();
  await rm(PWNED, { force: true });
});

async function writePages(pagesDir: string, pages: BadPage[]): Promise<void> {
  for (const bad of pages) await writeFile(path.join(pagesDir, bad.file), bad.contents);
}

describe('through the CLI: each class of bad page is named, and nothing the user owns changes', () => {
  it.each(Object.entries(PAGE_CLASSES))('%s', async (_, pages) => {
    const site = await fixture.project();
    await writePages(site.pagesDir, pages);
    const before = await site.snapshot();
    const run = await cli(buildArgs(site));
    expectNamed(run, site.pagesDir, pages);
    expect(await site.snapshot(), 'the pages and the previous output must be untouched').toEqual(before);
  });

  it('never runs frontmatter as code', async () => {
    expect(
      await stat(PWNED).then(
        () => 'written',
        () => 'absent',
      ),
    ).toBe('absent');
  });
});

describe('through the CLI: a pages folder that is missing', () => {
  it.each([
    ['does not exist', 'MissingPagesFolder' as const, async (dir: string) => path.join(dir, 'nope')],
    [
      'is a file',
      'PagesFolderIsFile' as const,
      async (dir: string) => {
        await writeFile(path.join(dir, 'pages.md'), '# not a folder\n');
        return path.join(dir, 'pages.md');
      },
    ],
  ])('%s: %s naming it, with a hint', async (_, kind, pagesOf) => {
    const site = await fixture.project();
    const pagesDir = await pagesOf(site.dir);
    const before = await site.snapshot();
    const run = await cli(['build', '-p', pagesDir, '-o', site.outDir]);
    expectNamed(run, site.dir, [{ kind, file: path.basename(pagesDir) }]);
    expect(run.output).toMatch(/hint: .*--pages/);
    expect(await site.snapshot()).toEqual(before);
  });
});

describe('through build(): every bad page at once', () => {
  const all = Object.values(PAGE_CLASSES).flat();

  it('reports each with its kind, file, line and field', async () => {
    const site = await fixture.project();
    await mkdir(path.join(site.pagesDir, 'bad'));
    await writePages(path.join(site.pagesDir, 'bad'), all);
    const before = await site.snapshot();
    const errors = await buildErrors(site);
    const found = errors.map((e) => placeOf(e, site.pagesDir));
    const want = all.map((bad) => ({ kind: bad.kind, file: `bad/${bad.file}`, line: bad.line, field: bad.field }));
    expect(found.sort(byFile)).toEqual(want.sort(byFile));
    for (const e of errors) expect(e.hint.length, e.kind).toBeGreaterThan(20);
    expect(await site.snapshot()).toEqual(before);
  });
});
