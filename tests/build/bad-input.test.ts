/**
 * Every bad input is named. Each class of content or config problem, tried
 * through the CLI as a user runs it (`site build -p <pages> -o <out>` in a
 * child process) and through the public build(): the build fails with exit
 * code 1, every problem is a catalogued error naming its file, line and field,
 * with a hint and no stack trace, and the pages folder and the previous output
 * are byte for byte as they were.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { siteErrorsOf, type ErrorKind } from '../../generator/base/errors';
import { REPO, snapshotDir } from '../support/fixture';

/** What a failing build must report: the error's kind, the file (relative to the pages folder), its line and field. */
interface Expected {
  kind: ErrorKind;
  file: string;
  line?: number;
  field?: string;
}

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

/** Nine levels of nine aliases: 387 million values once expanded. */
const BOMB = [
  'a0: &a0 [x, x, x, x, x, x, x, x, x]',
  ...Array.from({ length: 8 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`),
].join('\n');
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
    { file: 'syntax.md', contents: page('keywords: [unclosed, list\n'), kind: 'MalformedYaml', line: 5 },
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

interface Run {
  code: number | null;
  output: string;
}

/** A build that takes longer than this has hung (an alias bomb expanding, say): it is stopped and fails its test. */
const CLI_LIMIT_MS = 50_000;

/** Runs the CLI in a child process, as a user would, from the project folder (where templates/ and islands/ are). */
function cli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin/site.js'), ...args], {
      cwd: REPO,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    const timer = setTimeout(() => {
      output += `\n(stopped: still running after ${CLI_LIMIT_MS} ms)`;
      child.kill('SIGKILL');
    }, CLI_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface Reported {
  kind: string;
  file?: string;
  line?: number;
  field?: string;
  hint: boolean;
}

/** The errors the CLI printed: `✖ Kind: title`, `  at file:line (field: x)`, the message, `  hint: ...`. */
function reported(output: string): Reported[] {
  return output
    .split(/\n(?=✖ )/)
    .filter((block) => block.includes('✖ '))
    .map((block) => {
      const [, kind] = /✖ (\w+):/.exec(block)!;
      const at = /^ {2}at (.+)$/m.exec(block)?.[1] ?? '';
      const [, place = '', field] = /^(.*?)(?: ?\(?field: (.+?)\)?)?$/.exec(at)!;
      // "file:line", or "file:line:column" where one character is the mistake.
      const [, file, line] = /^(.*?)(?::(\d+)(?::\d+)?)?$/.exec(place)!;
      return {
        kind: kind!,
        file: file || undefined,
        line: line ? Number(line) : undefined,
        field,
        hint: /^ {2}hint: \S/m.test(block),
      };
    });
}

/** Asserts the CLI failed with exactly the `expected` errors (files relative to `pagesDir`), each with a hint, and printed no stack. */
function expectNamed(run: Run, pagesDir: string, expected: Expected[]): void {
  expect(run.code, run.output).toBe(1);
  expect(run.output, 'a stack trace without --verbose').not.toMatch(
    /^\s+at .*:\d+:\d+\)?$|node:internal|\(run with --verbose for the stack\)/m,
  );
  const shown = reported(run.output).map((error) => ({
    kind: error.kind,
    file: error.file && path.relative(pagesDir, path.resolve(REPO, error.file)),
    line: error.line,
    field: error.field,
    hint: error.hint,
  }));
  const want = expected.map((error) => ({
    kind: error.kind,
    file: error.file,
    line: error.line,
    field: error.field,
    hint: true,
  }));
  expect(shown.sort(byFile), run.output).toEqual(want.sort(byFile));
}

const byFile = (a: { file?: string; line?: number }, b: { file?: string; line?: number }) =>
  `${a.file}:${a.line}`.localeCompare(`${b.file}:${b.line}`);

/** A copy of the fixture site with the output of a good build beside it: pages/ and dist/ in a temporary folder. */
interface Project {
  dir: string;
  pagesDir: string;
  outDir: string;
  /** Every file of the pages folder and the output folder, contents included. */
  snapshot(): Promise<Record<string, string>>;
}

let built: string;
const projects: string[] = [];

beforeAll(async () => {
  built = await mkdtemp(path.join(os.tmpdir(), 'site-bad-input-'));
  await cp(path.join(REPO, 'tests/fixtures/basic'), path.join(built, 'pages'), { recursive: true });
  const run = await cli(['build', '-q', '-p', path.join(built, 'pages'), '-o', path.join(built, 'dist')]);
  expect(run.code, run.output).toBe(0);
}, 120_000);

afterAll(async () => {
  await Promise.all([built, ...projects].map((dir) => rm(dir, { recursive: true, force: true })));
  await rm(PWNED, { force: true });
});

async function project(): Promise<Project> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bad-input-'));
  projects.push(dir);
  await cp(built, dir, { recursive: true });
  const pagesDir = path.join(dir, 'pages');
  const outDir = path.join(dir, 'dist');
  return {
    dir,
    pagesDir,
    outDir,
    snapshot: async () => ({
      ...Object.fromEntries(
        Object.entries(await snapshotDir(pagesDir)).map(([file, contents]) => [`pages/${file}`, contents]),
      ),
      ...Object.fromEntries(
        Object.entries(await snapshotDir(outDir)).map(([file, contents]) => [`dist/${file}`, contents]),
      ),
    }),
  };
}

async function writePages(pagesDir: string, pages: BadPage[]): Promise<void> {
  for (const bad of pages) await writeFile(path.join(pagesDir, bad.file), bad.contents);
}

const buildArgs = (site: Project) => ['build', '-p', site.pagesDir, '-o', site.outDir];

describe('through the CLI: each class of bad page is named, and nothing the user owns changes', () => {
  it.each(Object.entries(PAGE_CLASSES))('%s', async (_, pages) => {
    const site = await project();
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

describe('through the CLI: each class of bad site config is named, and nothing the user owns changes', () => {
  it.each(Object.entries(CONFIG_CASES))('%s', async (_, { edit, expected }) => {
    const site = await project();
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
    const site = await project();
    const config = path.join(site.pagesDir, 'site.yml');
    await writeFile(config, edit(await readFile(config, 'utf8')));
    const before = await site.snapshot();
    const error = await build({ root: REPO, pagesDir: site.pagesDir, outDir: site.outDir, logger: silentLogger }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const errors = siteErrorsOf(error);
    expect(errors.length, `not SiteErrors: ${String(error)}`).toBeGreaterThan(0);
    expect(
      errors.map((e) => ({
        kind: e.kind,
        file: path.relative(site.pagesDir, path.resolve(REPO, e.file ?? '')),
        line: e.line,
        field: e.field,
      })),
    ).toEqual(expected.map((e) => ({ kind: e.kind, file: 'site.yml', line: e.line, field: e.field })));
    expect(await site.snapshot()).toEqual(before);
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
    const site = await project();
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
    const site = await project();
    await mkdir(path.join(site.pagesDir, 'bad'));
    await writePages(path.join(site.pagesDir, 'bad'), all);
    const before = await site.snapshot();
    const error = await build({ root: REPO, pagesDir: site.pagesDir, outDir: site.outDir, logger: silentLogger }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const errors = siteErrorsOf(error);
    expect(errors.length, `not SiteErrors: ${String(error)}`).toBeGreaterThan(0);
    const found = errors.map((e) => ({
      kind: e.kind,
      file: path.relative(site.pagesDir, path.resolve(REPO, e.file ?? '')),
      line: e.line,
      field: e.field,
    }));
    const want = all.map((bad) => ({ kind: bad.kind, file: `bad/${bad.file}`, line: bad.line, field: bad.field }));
    expect(found.sort(byFile)).toEqual(want.sort(byFile));
    for (const e of errors) expect(e.hint.length, e.kind).toBeGreaterThan(20);
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
    const site = await project();
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
