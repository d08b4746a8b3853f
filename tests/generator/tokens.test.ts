/**
 * Config tokens arrive exactly as the config writes them: in the frontmatter they are put into the parsed values (never
 * into the YAML text), and in the body they are escaped so markdown shows them as text.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../templates/index';
import { loadConfig, type SiteConfig } from '../../generator/config/config';
import { outlineBody } from '../../generator/markdown/body-outline';
import { loadFrontmatterParsers } from '../../generator/load/frontmatter';
import { parsePage } from '../../generator/load/page-source';
import {
  escapeMarkdown,
  findTokens,
  protectTokens,
  restoreTokens,
  substituteInMarkdown,
} from '../../generator/config/tokens';
import { siteErrorsOf } from '../../generator/base/errors';
import { REPO } from '../support/fixture';

const fixtureConfig = await loadConfig(`${REPO}/tests/fixtures/basic`, REPO, theme.config);
/** A value with every character that once ended a value or added a key when pasted into YAML text. */
const HOSTILE =
  'Fast # safe: yes\nnoindex: true\n---\n"quoted" and \'single\' *bold* [link](/x) <b>&amp; C:\\path_x_ `code`';
const config: SiteConfig = { ...fixtureConfig, tagline: HOSTILE };
/** What a build loads with the markdown pipeline to split and parse frontmatter. */
const parsers = await loadFrontmatterParsers();

describe('findTokens', () => {
  it('finds {{ path }} with its config value, spaces optional, and marks unknown paths', () => {
    const tokens = findTokens('Write to {{contact.email}} at {{ name }}, {{ contact.fax }} or {{ contact }}.', config);
    expect(tokens.map((t) => [t.match, t.value, t.known])).toEqual([
      ['{{contact.email}}', 'hello@example.com', true],
      ['{{ name }}', 'Fixture Co', true],
      ['{{ contact.fax }}', '{{ contact.fax }}', false],
      ['{{ contact }}', '{{ contact }}', false],
    ]);
  });

  it("never reads inherited properties or a string's length", () => {
    expect(findTokens('{{ toString }} {{ name.length }} {{ constructor.name }}', config).every((t) => !t.known)).toBe(
      true,
    );
  });

  it('is never a token across lines (so placeholders keep every line where it was)', () => {
    expect(findTokens('{{\nname }}', config)).toEqual([]);
  });
});

describe('protectTokens and restoreTokens', () => {
  it('keep offsets, and give back each value exactly', () => {
    const text = 'title: {{ name }} and {{ tagline }}\n';
    const tokens = findTokens(text, config);
    const protectedText = protectTokens(text, tokens);
    expect(protectedText).toHaveLength(text.length);
    expect(protectedText).not.toContain('{{');
    expect(restoreTokens(protectedText, tokens)).toBe(`title: Fixture Co and ${HOSTILE}\n`);
  });
});

describe('substituteInMarkdown', () => {
  const body = (text: string) => substituteInMarkdown(text, findTokens(text, config));
  const valueWith = (value: string, text: string) =>
    substituteInMarkdown(text, findTokens(text, { ...config, tagline: value }));

  it('escapes what markdown would read as markup, keeping e-mail addresses and URLs as they are', () => {
    expect(valueWith('*bold* [x](/y) <b> `c` ~s~ a|b \\', 'Say {{ tagline }}.')).toBe(
      'Say \\*bold\\* \\[x\\](/y) \\<b\\> \\`c\\` \\~s\\~ a\\|b \\\\.',
    );
    expect(valueWith('&amp; & AT&T', '{{ tagline }}')).toBe('\\&amp; & AT&T');
    expect(valueWith('first_last@example.com https://example.com/a_b?x=1&y=2', 'Mail {{ tagline }}')).toBe(
      'Mail first_last@example.com https://example.com/a_b?x=1&y=2',
    );
    expect(valueWith('_under_ snake_case', 'x {{ tagline }}')).toBe('x \\_under\\_ snake_case');
  });

  it("escapes what would start a block at the start of a line, and a heading's closing hashes", () => {
    expect(valueWith('# not a heading', '{{ tagline }}')).toBe('\\# not a heading');
    expect(valueWith('- not a list', '  {{ tagline }}')).toBe('  \\- not a list');
    expect(valueWith('1. not a list', '{{ tagline }}')).toBe('1\\. not a list');
    expect(valueWith('. not a list', '7{{ tagline }}')).toBe('7\\. not a list');
    expect(valueWith('issue #', '## About {{ tagline }}')).toBe('## About issue \\#');
    expect(valueWith('C# - 1. x', 'We use {{ tagline }}')).toBe('We use C# - 1. x');
  });

  it('turns line breaks into spaces, so a value never ends a paragraph, heading or table row', () => {
    expect(valueWith('one\n\n---\ntwo', '| {{ tagline }} |')).toBe('| one --- two |');
  });

  it('leaves out a cut range, keeping its line breaks so later lines stay where they were', () => {
    const text = '# Title {{ name }}\n\nText {{ name }}\n';
    expect(substituteInMarkdown(text, findTokens(text, config), { start: 0, end: 18 })).toBe('\n\nText Fixture Co\n');
  });

  it('leaves a body without tokens as it is', () => {
    expect(body('No tokens *here*.')).toBe('No tokens *here*.');
  });

  it('escapes nothing that needs no escaping', () => {
    expect(
      escapeMarkdown('Fixture Co', { lineStart: true, afterDigits: false, heading: false, previous: '', next: '' }),
    ).toBe('Fixture Co');
  });
});

describe('tokens in a page', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'site-tokens-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function parse(text: string) {
    await writeFile(path.join(dir, 'p.md'), text);
    return parsePage('p.md', { pagesDir: dir, config, displayRoot: dir, outline: outlineBody, parsers });
  }

  it('puts a value into the parsed frontmatter as written: it cannot end the value or add a key', async () => {
    const { source } = await parse(
      '---\ntitle: About {{ tagline }}\ndescription: "{{ name }}: quoted {{ tagline }}"\nkeywords: [{{ name }}, x]\n---\nBody\n',
    );
    expect(source.data).toEqual({
      title: `About ${HOSTILE}`,
      description: `Fixture Co: quoted ${HOSTILE}`,
      keywords: ['Fixture Co', 'x'],
    });
  });

  it('reads a token that starts a value as text, not as a YAML mapping', async () => {
    const { source } = await parse("---\ntitle: {{ name }}'s page\ndescription: >\n  {{ name }} folded\n---\n");
    expect(source.data).toEqual({ title: "Fixture Co's page", description: 'Fixture Co folded\n' });
  });

  it('puts a value into the body escaped', async () => {
    const { content } = await parse('---\ntitle: T\n---\nWe say {{ tagline }}.\n');
    expect(content).toBe(
      String.raw`We say Fast # safe: yes noindex: true --- "quoted" and 'single' \*bold\* \[link\](/x) \<b\>\&amp; C:\\path_x\_ \`code\`.` +
        '\n',
    );
  });

  it('names the line and field of each unknown token, all at once', async () => {
    const error = await parse('---\ntitle: T\nhero:\n  lead: Hi {{ contact.fax }}\n---\n\nMail {{ contact }}\n').then(
      () => undefined,
      (e: unknown) => e,
    );
    const errors = siteErrorsOf(error);
    expect(errors.map((e) => [e.kind, e.line, e.field, e.message])).toEqual([
      ['UnknownToken', 4, 'hero.lead', '{{ contact.fax }} is not a text value of the site config'],
      [
        'UnknownToken',
        7,
        'body',
        '{{ contact }} is not a text value of the site config: did you mean {{ contact.phone }}?',
      ],
    ]);
    expect(errors[0]!.file).toBe('p.md');
  });

  it('refuses a token in a key', async () => {
    const error = await parse('---\ntitle: T\n"{{ name }}": x\n---\n').catch((e: unknown) => e);
    expect(siteErrorsOf(error)[0]).toMatchObject({
      kind: 'TokenInFrontmatterKey',
      line: 3,
      message: expect.stringMatching(/tokens go in values only/),
    });
  });

  it('never touches code: blocks, spans, indented code and HTML code elements keep their braces byte for byte', async () => {
    const code = [
      '```handlebars\n<h1>{{title}}</h1>\n{{#each items}}{{this}}{{/each}}\n```',
      '~~~yaml\nenv:\n  TOKEN: ${{ secrets.TOKEN }}\n~~~',
      '    tar cf {{archive}} {{ name }}',
      'Run `tar cf {{archive}}` or ``{{ name }}``, or test <code>{{7*7}}</code> and <kbd>{{ contact.fax }}</kbd>.',
      '<pre>\n{{ jinja.block }}\n</pre>',
    ].join('\n\n');
    const { content, uses } = await parse(`---\ntitle: T\n---\n${code}\n\nProse names {{ name }}.\n`);
    expect(content).toBe(`${code}\n\nProse names Fixture Co.\n`);
    expect(uses).toEqual({ name: 'Fixture Co' });
  });

  it('shows an escaped token as written, in the body and the frontmatter', async () => {
    const { content, source } = await parse(
      '---\ntitle: Write \\{{ name }} in a page\n---\nWrite \\{{ name }} for {{ name }}.\n',
    );
    expect(content).toBe('Write \\{{ name }} for Fixture Co.\n');
    expect(source.data.title).toBe('Write {{ name }} in a page');
  });

  it('suggests the config path an unknown token in prose was probably meant to be, and none when nothing is near', async () => {
    const errors = siteErrorsOf(
      await parse('Mail {{ contact.emial }} or {{ contact.departmentOfSecrets }}\n').catch((e: unknown) => e),
    );
    expect(errors.map((e) => e.message)).toEqual([
      '{{ contact.emial }} is not a text value of the site config: did you mean {{ contact.email }}?',
      '{{ contact.departmentOfSecrets }} is not a text value of the site config',
    ]);
    expect(errors[0]!.hint).toMatch(/put the text in `code` or write `\\\{\{ \.\.\. \}\}`/);
  });
});

describe('{{ }} that names no key of the site config (issue 42)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'site-not-ours-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("is another tool's text: shown as written in the body and the frontmatter, and listed with its line", async () => {
    await writeFile(
      path.join(dir, 'p.md'),
      '---\ntitle: "{{ site.title }}"\n---\nFork {{ site.repository }}, mail {{ contact.email }}.\n',
    );
    const { source, content, uses } = parsePage('p.md', {
      pagesDir: dir,
      config,
      displayRoot: dir,
      outline: outlineBody,
      parsers,
    });
    expect(source.data.title).toBe('{{ site.title }}');
    expect(content).toContain('Fork {{ site.repository }}, mail ');
    expect(content).not.toContain('{{ contact.email }}');
    expect(source.otherSyntax).toEqual([
      { kind: 'liquidOutput', line: 2, text: '{{ site.title }}' },
      { kind: 'liquidOutput', line: 4, text: '{{ site.repository }}' },
    ]);
    // The page depends on site.yml having no key `site`: a config that gains one parses it again (content-store.ts).
    expect(Object.keys(uses).sort()).toEqual(['contact.email', 'site.repository', 'site.title']);
  });

  it('is ours when it is a slip of a config path: an error that says what it was meant to be, not text', async () => {
    await writeFile(path.join(dir, 'slip.md'), 'Welcome to {{ nmae }} and {{ page.title }}.\n');
    const error = await Promise.resolve()
      .then(() => parsePage('slip.md', { pagesDir: dir, config, displayRoot: dir, outline: outlineBody, parsers }))
      .catch((e: unknown) => e);
    expect(siteErrorsOf(error).map((e) => [e.kind, e.message])).toEqual([
      ['UnknownToken', '{{ nmae }} is not a text value of the site config: did you mean {{ name }}?'],
    ]);
  });
});

describe('a page without frontmatter', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'site-derived-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  async function parse(text: string) {
    await writeFile(path.join(dir, 'p.md'), text);
    return parsePage('p.md', { pagesDir: dir, config, displayRoot: dir, outline: outlineBody, parsers });
  }

  it('takes its title from the first # heading, left out of the body so it is not shown twice', async () => {
    const { source, content } = await parse('# Installing *{{ name }}*\n\nFirst, run `npm ci`.\n\n## Next\n');
    expect(source.derived).toEqual({ title: 'Installing Fixture Co', description: 'First, run npm ci.' });
    expect(content).toBe('\n\nFirst, run `npm ci`.\n\n## Next\n');
  });

  it("never takes MDX's import and export lines for its title line or description (issue 42: Docusaurus pages)", async () => {
    const { source } = await parse(
      "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n# Installing\n\nexport const meta = { x: 1 };\n\nFirst, run the installer.\n",
    );
    expect(source.derived).toEqual({ title: 'Installing', description: 'First, run the installer.' });
    const multi = await parse("import {\n  Tabs,\n  TabItem,\n} from '@theme/Tabs';\n\nThe tabs below.\n");
    expect(multi.source.derived.description).toBe('The tabs below.');
    // Prose that merely starts with the word is prose.
    expect((await parse('import your data first, then build.\n')).source.derived.description).toBe(
      'import your data first, then build.',
    );
  });

  it('takes its title from the # heading after a comment, a <script> or a <style> block, which show nothing (VitePress)', async () => {
    const vue = await parse(
      "<script setup>\nimport { VPTeamMembers } from 'vitepress/theme'\n\nconst members = []\n</script>\n\n<style>\n.a { color: red }\n</style>\n\n# Team Page\n\nMeet the team.\n",
    );
    expect(vue.source.derived).toEqual({ title: 'Team Page', description: 'Meet the team.' });
    expect(vue.content).not.toContain('# Team Page');
    expect((await parse('<!-- a note -->\n# Notes\n\nText.\n')).source.derived.title).toBe('Notes');
    // Raw HTML a reader sees comes first: the heading under it is no title.
    expect(
      (await parse('<p align="center"><img src="logo.png"></p>\n\n# Later\n')).source.derived.title,
    ).toBeUndefined();
    expect((await parse('<script>a</script> shown\n\n# Later\n')).source.derived.title).toBeUndefined();
  });

  it('leaves the id a title heading names for itself out of the title ({#id}, as Pandoc and VitePress write it)', async () => {
    expect((await parse('# Installing {#install}\n\nText.\n')).source.derived.title).toBe('Installing');
    expect((await parse('# Literal \\{#braces}\n\nText.\n')).source.derived.title).toBe('Literal {#braces}');
  });

  it("shows GitHub's emoji shortcodes as emoji in the title and description, as the page shows them", async () => {
    const { source } = await parse('# :wave: Hello\n\nShips :rocket: fast, `:rocket:` in code, :nothing: else.\n');
    expect(source.derived).toEqual({
      title: '👋 Hello',
      description: 'Ships 🚀 fast, :rocket: in code, :nothing: else.',
    });
  });

  it('takes no title from a heading that is not the first block, or not of depth 1', async () => {
    expect((await parse('Intro.\n\n# Later\n')).source.derived.title).toBeUndefined();
    expect((await parse('## Section\n\nText.\n')).source.derived.title).toBeUndefined();
  });

  it('cuts a long first paragraph at a word boundary for the description', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const { description } = (await parse(`# T\n\n${words}\n`)).source.derived;
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^word0 word1 .* word\d+…$/);
  });

  // A cheat sheet (tldr-pages) opens with its summary as a quote, then examples whose command lines are paragraphs of code.
  it('takes a quote under the title as the description, and never a paragraph that is only code', async () => {
    const sheet =
      '# tar\n\n> Archiving utility.\n> More information: <https://example.org/tar>.\n\n- Create an archive:\n\n`tar cf {{target.tar}} {{file}}`\n';
    expect((await parse(sheet)).source.derived.description).toBe(
      'Archiving utility. More information: https://example.org/tar.',
    );
    expect((await parse('# x\n\n`x --help`\n\nShows help.\n')).source.derived.description).toBe('Shows help.');
  });

  it('keeps what the frontmatter names, and then parses no markdown', async () => {
    const { source, content } = await parse('---\ntitle: Given\ndescription: Given too\n---\n# Heading\n\nText.\n');
    expect(source.derived).toEqual({});
    expect(content).toBe('# Heading\n\nText.\n');
  });
});
