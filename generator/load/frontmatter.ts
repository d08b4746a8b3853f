/**
 * A page's frontmatter, on one path: split from the body (gray-matter), its `{{ tokens }}` found and protected, then
 * parsed once, by one function (parseFrontmatter: js-yaml, core schema, measured), with the `yaml` package asked for a
 * position only where an error names a line (linesOf, and parseYaml's own errors, config/yaml.ts).
 *
 * - The opening line is read first, because gray-matter would act on what it says: a language other than YAML after
 *   `---` is FrontmatterNotYaml (gray-matter evaluates `---js` as JavaScript), and an opening line with no closing one
 *   is UnclosedFrontmatter (gray-matter takes the whole page for the frontmatter).
 * - gray-matter splits the page at the closing line, and only splits: its engines parse nothing. Its YAML engine
 *   would be handed the frontmatter as written, in the split; but the frontmatter is held to its size limit and its
 *   tokens protected before it is parsed, and the text is checked for refused characters and unknown tokens first,
 *   whose errors name the field they are in from the split alone (fieldOf), whatever the YAML would make of them.
 * - parseFrontmatter parses it with js-yaml and the YAML 1.2 core schema (dates stay strings, as in site.yml; other
 *   tags are errors), then measures the data before anything walks it (js-yaml returns an alias as the anchored object
 *   itself: measureData, config/text-values.ts). Whatever it refuses, and frontmatter that may hold a key that is not
 *   text (which js-yaml accepts as the text it prints as), parseYaml parses again, to refuse it by the same rules and
 *   name the line and the field (config/yaml.ts: core schema, depth, what aliases repeat, how deep they nest, cycles,
 *   keys).
 * - The line of a field, for a validation error, is parseYaml's too, parsed at most once a page and only when asked.
 *
 * Why two parsers, each in its one place: js-yaml reads data only, the `yaml` package keeps every position. Parsing
 * every page with the `yaml` package alone, which would spare the first, makes a cold build measurably slower
 * (docs/performance.md), for lines that only a page with an error needs; a warm build parses no page either way (the
 * content store keeps what the parse made).
 */
import type grayMatter from 'gray-matter';
import type jsYaml from 'js-yaml';
import { SiteError } from '../base/errors';
import { LIMITS } from '../base/read-input';
import { lineAt } from '../config/characters';
import type { SiteConfig } from '../config/config';
import { measureData } from '../config/text-values';
import { findTokens, protectTokens, type Token } from '../config/tokens';
import { fieldAt, fieldName, MAX_ALIASED_VALUES, MAX_DEPTH, parseYaml, type ParsedYaml } from '../config/yaml';

/**
 * The two packages a page's frontmatter is split and parsed with, loaded with the markdown pipeline (prepare-page.ts,
 * pipelineOf): only a build that parses a page loads them, and a warm build, whose pages come from the content store,
 * starts without them.
 */
export interface FrontmatterParsers {
  grayMatter: typeof grayMatter;
  jsYaml: typeof jsYaml;
}

export async function loadFrontmatterParsers(): Promise<FrontmatterParsers> {
  const [split, yaml] = await Promise.all([import('gray-matter'), import('js-yaml')]);
  return { grayMatter: split.default, jsYaml: yaml.default };
}

/** A page's text split at its frontmatter. Offsets are into the whole text; the matter's line 1 is the file's line 1. */
interface Split {
  /** From the end of the opening `---` to the start of the closing one (empty when there is no frontmatter). */
  matter: string;
  matterStart: number;
  body: string;
  bodyStart: number;
}

/** A page split, with its frontmatter's tokens (offsets into the whole text) protected in `matter`, ready to parse. */
export interface PageParts extends Split {
  tokens: Token[];
  /** The field at an offset of the text: `body` past the frontmatter; undefined where no field can be named. */
  fieldOf: (offset: number) => string | undefined;
}

/** The opening line's language: gray-matter reads a word after the opening `---` as the frontmatter's language. */
const LANGUAGE = /^---([^\r\n]*)/;
const YAML = new Set(['', 'yaml', 'yml']);

/**
 * gray-matter's engines, given nothing to parse: YAML is parsed by parseFrontmatter, and the others run code (`---js`
 * is JavaScript gray-matter would evaluate), so every one refuses, should a language reach it past splitPage's check.
 */
const refuse = (language: string) => () => {
  throw new Error(`frontmatter language "${language}" refused`);
};
const ENGINES = {
  yaml: { parse: () => ({}) },
  javascript: { parse: refuse('javascript') },
  js: { parse: refuse('js') },
  json: { parse: refuse('json') },
  coffee: { parse: refuse('coffee') },
};

/** Blank lines before a page's opening `---`: Hugo reads the frontmatter after them (its own news posts start so). */
const BLANK_LINES = /^(?:[ \t]*\r?\n)+(?=---)/;

/** A line of YAML fields: `key:` (a plain key, of words), an item, a comment, a line indented under one, or a blank one. */
const FIELD_LINE =
  /^(?:[A-Za-z_][\w.-]*(?: [\w.-]+)*[ \t]*:(?:[ \t]|$)|["'][^"'\r\n]*["'][ \t]*:(?:[ \t]|$)|-(?:[ \t]|$)|#|[ \t]|\r?$)/;

/**
 * Whether the lines between a `---` after blank lines and the next `---` line are fields, with one field at least:
 * only then are they frontmatter. Else they are markdown between two thematic breaks, as every other tool but Hugo
 * reads a page that opens with a blank line (a paragraph between two rules), and as this engine read it before.
 */
const fieldLines = (block: string): boolean => {
  const lines = block.split('\n');
  return lines.every((line) => FIELD_LINE.test(line)) && lines.some((line) => /^[A-Za-z_"']/.test(line));
};

/**
 * Hugo's TOML frontmatter: a `+++` line (after blank lines or none) and a closing one. Read as markdown, its fields
 * would be lost and shown as a paragraph: TomlFrontmatter names it instead.
 */
const TOML = /^((?:[ \t]*\r?\n)*)\+\+\+[ \t]*\r?\n(?:[^]*?\n)?\+\+\+[ \t]*(?:\r?\n|$)/;

/** Splits a page with gray-matter, once its opening line is read (FrontmatterNotYaml, UnclosedFrontmatter, TomlFrontmatter). */
function splitFrontmatter(text: string, file: string, parsers: FrontmatterParsers): Split {
  const toml = TOML.exec(text);
  if (toml) throw new SiteError('TomlFrontmatter', undefined, { file, line: toml[1]!.split('\n').length });
  const blank = BLANK_LINES.exec(text)?.[0];
  if (blank === undefined) return splitAtStart(text, file, parsers);
  // After blank lines, a `---` line is frontmatter only when a closing line follows, as Hugo reads it; else it is
  // the page's first thematic break, as it was. The blank lines stay in the matter as line breaks, so its line 1 is
  // still the file's line 1 and each of its offsets past them is the text's (matterStart moved back by as many).
  const rest = text.slice(blank.length);
  const opening = LANGUAGE.exec(rest)![1]!.trim();
  const closing = rest.indexOf('\n---', 3);
  if (
    rest.startsWith('----') ||
    !YAML.has(opening) ||
    closing === -1 ||
    !fieldLines(rest.slice(rest.indexOf('\n') + 1, closing))
  )
    return { matter: '', matterStart: 0, body: text, bodyStart: 0 };
  const split = splitAtStart(rest, file, parsers);
  const lines = blank.split('\n').length - 1;
  return {
    matter: '\n'.repeat(lines) + split.matter,
    matterStart: blank.length + split.matterStart - lines,
    body: split.body,
    bodyStart: blank.length + split.bodyStart,
  };
}

/** Splits a page whose text starts at its opening line (or has no frontmatter). */
function splitAtStart(text: string, file: string, { grayMatter }: FrontmatterParsers): Split {
  if (!text.startsWith('---') || text.startsWith('----'))
    return { matter: '', matterStart: 0, body: text, bodyStart: 0 };
  const language = LANGUAGE.exec(text)![1]!;
  if (!YAML.has(language.trim())) {
    throw new SiteError('FrontmatterNotYaml', { language: language.trim() }, { file, line: 1 });
  }
  const matterStart = 3 + language.length;
  // gray-matter closes the frontmatter at the first line that starts with ---; without one, the whole page would be frontmatter.
  if (text.indexOf('\n---', matterStart) === -1) {
    throw new SiteError('UnclosedFrontmatter', undefined, {
      file,
      line: 1,
      hint: 'End the frontmatter with a line of three dashes (---); the page text follows it.',
    });
  }
  const split = grayMatter(text, { language: 'yaml', engines: ENGINES } as unknown as Parameters<typeof grayMatter>[1]);
  // The frontmatter as the text holds it, up to the closing line (gray-matter's stops before that line's newline).
  const frontmatter = `${split.matter}\n`;
  return { matter: frontmatter, matterStart, body: split.content, bodyStart: text.length - split.content.length };
}

/**
 * A page's text split, its frontmatter's tokens found and its frontmatter ready to parse, with the field at any offset
 * of the text. Parses nothing: a text refused before its frontmatter is parsed is split to name its fields.
 */
export function splitPage(text: string, file: string, config: SiteConfig, parsers: FrontmatterParsers): PageParts {
  const parts = splitFrontmatter(text, file, parsers);
  if (parts.matter.length > LIMITS.frontmatter)
    throw new SiteError(
      'FrontmatterTooLarge',
      { file, size: parts.matter.length, limit: LIMITS.frontmatter },
      { file, line: 1 },
    );
  const tokens = findTokens(parts.matter, config).map((token) => ({
    ...token,
    offset: token.offset + parts.matterStart,
  }));
  // Placeholders keep every offset where it was, so the field at an offset of the text is found in `matter`.
  const matter = protectTokens(
    parts.matter,
    tokens.map((token) => ({ ...token, offset: token.offset - parts.matterStart })),
  );
  const fieldOf = (offset: number): string | undefined => {
    if (offset >= parts.bodyStart) return 'body';
    const at = fieldAt(matter, offset - parts.matterStart);
    return at && fieldName(at);
  };
  return { ...parts, tokens, matter, fieldOf };
}

/**
 * A page's frontmatter parsed: its fields (none when it has no frontmatter), and the line of each for errors. Throws
 * MalformedYaml, UnsafeYaml, YamlTooDeep, YamlAliasLimit, YamlAliasCycle, UnknownYamlAlias and YamlKeyNotText naming
 * the line (parseYaml's), and FrontmatterNotFields for a list or a single value.
 */
export function parseFrontmatter(
  parts: PageParts,
  text: string,
  file: string,
  parsers: FrontmatterParsers,
): { data: Record<string, unknown>; lineOf: ParsedYaml['lineOf'] } {
  if (parts.matter === '') return { data: {}, lineOf: () => undefined };
  const data = loadData(parts.matter, file, parsers);
  if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) {
    throw new SiteError(
      'FrontmatterNotFields',
      { notFields: Array.isArray(data) ? 'a list' : 'a single value' },
      {
        file,
        line: lineAt(text, parts.matterStart + (/\S/.exec(parts.matter)?.index ?? 0)),
        field: '(root)',
      },
    );
  }
  return { data: (data ?? {}) as Record<string, unknown>, lineOf: linesOf(parts.matter, file) };
}

/**
 * The line of each field of a page's frontmatter (`matter` as the page's PageSource keeps it), for errors: the `yaml`
 * package's parse, which keeps positions, made when a line is first asked for and at most once.
 */
export function linesOf(matter: string, file: string): ParsedYaml['lineOf'] {
  let parsed: ParsedYaml | undefined;
  return (at) => (parsed ??= parseYaml(matter, file, 1)).lineOf(at);
}

/**
 * Where a key that is not text may start: at a line's start (after its indentation and any `- `, `? ` or `: `), or after the
 * `[`, `{` or `,` of a flow collection, a `?` (an explicit key), `[` or `{` (a flow collection), `*` (an alias), `&`
 * (an anchor) or `!` (a tag). Every such key starts so, and most frontmatter holds none of these; the rest (a list
 * of lists, say) costs one more parse.
 */
const MAY_HOLD_KEY_NOT_TEXT = /(?:^|[\r\n])[ \t]*(?:[?:-][ \t]+)*[?[{*&!]|[[{,][ \t]*[?[{*&!]/;

/**
 * Frontmatter data, parsed with js-yaml and the core schema and measured; anything refused is named, with its line,
 * by parseYaml.
 */
function loadData(matter: string, file: string, { jsYaml }: FrontmatterParsers): unknown {
  let data: unknown;
  try {
    data = jsYaml.load(matter, { schema: jsYaml.CORE_SCHEMA });
  } catch (cause) {
    parseYaml(matter, file, 1); // throws the error, naming the line
    // The parsers disagree (rare): report js-yaml's objection with its own position.
    const mark = (cause as { mark?: { line: number } }).mark;
    throw new SiteError(
      'MalformedYaml',
      { problem: (cause as Error).message.split('\n')[0] || 'YAML syntax error' },
      { file, line: mark ? mark.line + 1 : undefined, cause },
    );
  }
  // js-yaml takes a list, a mapping or an alias written as a key for the text it prints as (`[a, b]: 1` is the key
  // "a,b"), where parseYaml refuses it (YamlKeyNotText): a page that may hold one is parsed again, to be held to that.
  if (MAY_HOLD_KEY_NOT_TEXT.test(matter)) parseYaml(matter, file, 1);
  // Without a `*` there is no alias, and js-yaml's own depth limit holds.
  const problem = matter.includes('*') ? measureData(data) : undefined;
  if (problem) {
    parseYaml(matter, file, 1); // throws the same problem, naming the line
    throw problem === 'depth'
      ? new SiteError('YamlTooDeep', { tooDeep: MAX_DEPTH, aliases: true }, { file })
      : problem === 'cycle'
        ? new SiteError('YamlAliasCycle', {}, { file })
        : new SiteError('YamlAliasLimit', { limit: MAX_ALIASED_VALUES }, { file });
  }
  return data;
}

/**
 * The line a page's body starts on, from its `matter` as splitFrontmatter cuts it: the opening line's end, then every
 * line up to the closing `---` line, whose next line is the body's first. Markdown errors name lines of the file by it.
 */
export const bodyLineOf = (matter: string): number => (matter === '' ? 1 : matter.split('\n').length + 1);
