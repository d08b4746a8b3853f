/**
 * The first half of loading a page, which needs neither the theme nor zod:
 * read the file as UTF-8, split the frontmatter from the body, parse the
 * frontmatter's YAML and put the config tokens' values into the parsed text
 * and the body's prose; and, for a page whose frontmatter names no title or
 * description, take them from its first `#` heading (then left out of the
 * body, so it is not shown twice) and its first paragraph. Needs neither the
 * theme nor zod: validating is validate-frontmatter.ts's.
 *
 * Everything wrong with the file itself is a named error with its line: a
 * file that cannot be read, is not UTF-8, holds binary data or invisible
 * control characters, is empty, has frontmatter that is not closed, is not
 * YAML or uses YAML to do more than hold data, or names an unknown token.
 */
import { LIMITS, readInputSync } from '../base/read-input';
import path from 'node:path';
import grayMatter from 'gray-matter';
import jsYaml from 'js-yaml';
import type { SiteConfig } from '../config/config';
import type { PageSource } from '../pages/page';
import { SiteError, throwIfAny } from '../base/errors';
import { characterError, firstForbidden, lineAt } from '../config/characters';
import { customIdOf, idLineOf } from '../markdown/heading-ids';
import { decodeText } from '../base/read-text';
import { checkedTexts, measureData, type DataPath } from '../config/text-values';
import type { BodyOutline } from '../markdown/body-outline';
import type { Root } from 'mdast';
import {
  findTokens,
  holdsToken,
  protectTokens,
  restoreTokens,
  substituteInMarkdown,
  tokenUse,
  unescapeTokens,
  unknownToken,
  type Token,
} from '../config/tokens';
import { fieldName } from '../config/yaml';
import { findOtherSyntax, mayHoldOtherSyntax, type OtherSyntax } from '../markdown/other-syntax';
import { fieldAt, MAX_ALIASED_VALUES, MAX_DEPTH, parseYaml } from '../config/yaml';

export interface ParseContext {
  pagesDir: string;
  config: SiteConfig;
  /** Paths in errors and pages are shown relative to this folder. */
  displayRoot: string;
  /** Parses a body to tell code from prose and find its first heading and paragraph (body-outline.ts, loaded with remark). */
  outline: (body: string) => BodyOutline;
}

/** A page's text split at its frontmatter. Offsets are into the whole text; the matter's line 1 is the file's line 1. */
interface PageParts {
  /** From the end of the opening `---` to the start of the closing one (empty when there is no frontmatter). */
  matter: string;
  matterStart: number;
  body: string;
  bodyStart: number;
}

/** The opening line's language: gray-matter reads a word after the opening `---` as the frontmatter's language. */
const LANGUAGE = /^---([^\r\n]*)/;
const YAML = new Set(['', 'yaml', 'yml']);

/** gray-matter's engines other than YAML run code (`---js` is JavaScript it would evaluate): every one refuses. */
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

/**
 * Splits a page with gray-matter. Only the split is gray-matter's here: the frontmatter's YAML is parsed by
 * loadFrontmatter, after the config tokens in it are protected, so a language other than YAML is refused before
 * gray-matter sees the page, and its engines are given YAML alone.
 */
function splitFrontmatter(text: string, file: string): PageParts {
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
 * Frontmatter data, parsed with js-yaml (gray-matter's own engine, several times faster than building a syntax tree)
 * using the YAML 1.2 core schema, so dates stay strings as they do in the config and other tags are errors. js-yaml
 * returns an alias as the anchored object itself, so its data is measured before anything walks it. Any problem is
 * reported by the tree-building parser, which names the line.
 */
function loadFrontmatter(text: string, file: string): unknown {
  let data: unknown;
  try {
    data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA });
  } catch (cause) {
    parseYaml(text, file, 1); // throws the error, naming the line
    // The parsers disagree (rare): report js-yaml's objection with its own position.
    const mark = (cause as { mark?: { line: number } }).mark;
    throw new SiteError(
      'MalformedYaml',
      { problem: (cause as Error).message.split('\n')[0] || 'YAML syntax error' },
      { file, line: mark ? mark.line + 1 : undefined, cause },
    );
  }
  // Without a `*` there is no alias, and js-yaml's own depth limit holds.
  const problem = text.includes('*') ? measureData(data) : undefined;
  if (problem) {
    parseYaml(text, file, 1); // throws the same problem, naming the line
    throw problem === 'depth'
      ? new SiteError('YamlTooDeep', { tooDeep: MAX_DEPTH, aliases: true }, { file })
      : problem === 'cycle'
        ? new SiteError('YamlAliasCycle', {}, { file })
        : new SiteError('YamlAliasLimit', { limit: MAX_ALIASED_VALUES }, { file });
  }
  return data;
}

/** Reads a page's bytes; a file that vanished or cannot be read is UnreadableFile. */
export function readPage(absolute: string, file: string): Uint8Array {
  try {
    return readInputSync(absolute, file, LIMITS.page);
  } catch (cause) {
    if (cause instanceof SiteError) throw cause; // not a regular file, or too large
    const code = (cause as NodeJS.ErrnoException).code;
    throw new SiteError(
      'UnreadableFile',
      { file, reason: code === 'ENOENT' ? 'it no longer exists' : (code ?? (cause as Error).message) },
      { file, cause },
    );
  }
}

/** A page's text split, its frontmatter's tokens found and its frontmatter ready to parse, with the field at any offset of the text. */
function readParts(text: string, file: string, config: SiteConfig) {
  const parts = splitFrontmatter(text, file);
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
 * The line a page's body starts on, from its `matter` as splitFrontmatter cuts it: the opening line's end, then every
 * line up to the closing `---` line, whose next line is the body's first. Markdown errors name lines of the file by it.
 */
export const bodyLineOf = (matter: string): number => (matter === '' ? 1 : matter.split('\n').length + 1);

/**
 * Reads and splits one page; throws a SiteError (or SiteErrors) when it is not a readable page. Reads synchronously:
 * a build reads thousands of small files faster in a loop than as thousands of concurrent promises (which would also
 * hold every file in memory at once).
 */
export function parsePage(relativeFile: string, ctx: ParseContext, bytes?: Uint8Array): ParsedPage {
  const absolute = path.join(ctx.pagesDir, relativeFile);
  const file = path.relative(ctx.displayRoot, absolute) || absolute;
  const text = decodeText(bytes ?? readPage(absolute, file), file, (lenient, offset) => {
    try {
      return readParts(lenient, file, ctx.config).fieldOf(offset);
    } catch {
      return undefined; // the frontmatter cannot be split either: the error names the line only
    }
  });
  if (text.trim() === '') throw new SiteError('EmptyPage', { file, blank: true }, { file });
  const { matter, matterStart, body, bodyStart, tokens: matterTokens, fieldOf } = readParts(text, file, ctx.config);
  const bad = firstForbidden(text);
  if (bad) throw characterError(text, file, bad, fieldOf(bad.offset));
  // The body is parsed (once) only when it holds tokens, or the frontmatter may lack a title or description.
  let outlined: BodyOutline | undefined;
  const outline = () => (outlined ??= ctx.outline(body));
  // `{{ }}` whose first name is no key of site.yml is another tool's, shown as written (other-syntax.ts names it).
  const proseTokens = findTokens(body, ctx.config).filter((token) => !outline().inCode(token.offset));
  const bodyTokens = proseTokens.filter((token) => token.ours);
  const tokens = [...matterTokens, ...bodyTokens.map((token) => ({ ...token, offset: token.offset + bodyStart }))];
  throwIfAny(
    tokens
      .filter((token) => token.ours && !token.known)
      .map((token) =>
        unknownToken(token, { file, line: lineAt(text, token.offset), field: fieldOf(token.offset) }, ctx.config),
      ),
  );

  const parsed = loadFrontmatter(matter, file);
  if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw new SiteError(
      'FrontmatterNotFields',
      { notFields: Array.isArray(parsed) ? 'a list' : 'a single value' },
      {
        file,
        line: lineAt(text, matterStart + (/\S/.exec(matter)?.index ?? 0)),
        field: '(root)',
      },
    );
  }
  if ((parsed === null || parsed === undefined || Object.keys(parsed).length === 0) && body.trim() === '') {
    throw new SiteError('EmptyPage', { file }, { file, line: 1 });
  }
  const lineOf = (at: DataPath) => parseYaml(matter, file, 1).lineOf(at);
  const data = checkedTexts(parsed ?? {}, {
    file,
    lineOf,
    map: (value, at, key) => {
      if (key && holdsToken(value)) {
        const asWritten = tokens.map((token) => ({ ...token, value: token.match }));
        const field = fieldName(at().map((part) => (typeof part === 'string' ? restoreTokens(part, asWritten) : part)));
        throw new SiteError('TokenInFrontmatterKey', { tokenInKey: field }, { file, field, line: lineOf(at()) });
      }
      return unescapeTokens(restoreTokens(value, tokens));
    },
  }) as Record<string, unknown>;

  const derived: PageSource['derived'] = {};
  let heading = typeof data.title === 'string' ? undefined : outline().title;
  let titleId: string | undefined;
  if (heading) {
    // `# Title {#id}`: the id is not part of the title, and stays a link target (parse-and-render.ts).
    const custom = customIdOf(heading.node, body);
    const node = { ...heading.node, children: custom?.children ?? heading.node.children };
    derived.title = oneLine(outline().text(node, (value) => withValues(value, bodyTokens)));
    titleId = custom?.id;
    // kramdown's `{: #id}` on the line after the title names its id too, and leaves the body with it.
    const lineStart = body.indexOf('\n', heading.end) + 1;
    const next = lineStart === 0 ? '' : /^[^\r\n]*/.exec(body.slice(lineStart))![0];
    const lineId = lineStart === 0 ? undefined : idLineOf(next);
    if (lineId !== undefined && !outline().inCode(lineStart)) {
      titleId ??= lineId;
      heading = { ...heading, end: lineStart + next.length };
    }
  }
  const paragraph = typeof data.description === 'string' ? undefined : outline().paragraph;
  if (paragraph)
    derived.description = cutAtWord(
      oneLine(outline().text(paragraph, (value) => withValues(value, bodyTokens))),
      DESCRIPTION_LENGTH,
    );
  const otherSyntax: OtherSyntax[] = [
    ...matterTokens
      .filter((token) => !token.ours)
      .map((token) => ({ kind: 'liquidOutput' as const, line: lineAt(text, token.offset), text: token.match })),
    ...(mayHoldOtherSyntax(body)
      ? findOtherSyntax(body, {
          inCode: (offset) => outline().inCode(offset),
          tokens: new Set(bodyTokens.map((token) => token.offset)),
          esm: outline().esm,
          firstLine: bodyLineOf(matter),
        })
      : []),
  ];
  // One parse serves the outline and the rendering when the text rendered is the body less its title (no token
  // substituted): the outline's tree less the title's blocks (body-outline.ts).
  const tree = outlined && bodyTokens.length === 0 ? (heading ? outlined.without(heading) : outlined.tree) : undefined;
  return {
    source: { relativeFile, file, data, matter, derived, ...(otherSyntax.length > 0 ? { otherSyntax } : {}) },
    content: substituteInMarkdown(body, bodyTokens, heading),
    ...(tree ? { parsed: { tree, text: body } } : {}),
    ...(titleId !== undefined ? { titleId } : {}),
    // What the page made of each `{{ }}` holds while the config gives it the same value, or still has no such key.
    uses: Object.fromEntries(
      [...matterTokens, ...proseTokens].map((token) => [token.path, tokenUse(ctx.config, token.path)!]),
    ),
  };
}

/** Text of the markdown (a text node's value) with the tokens in it replaced by their values. */
const withValues = (value: string, tokens: readonly Token[]): string =>
  tokens.length === 0 || !value.includes('{{')
    ? value
    : tokens.reduce((text, token) => text.split(token.match).join(token.value), value);

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The longest description taken from a paragraph: what search results show of a meta description. */
export const DESCRIPTION_LENGTH = 160;

/** `text` cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, '')}…`;
}

/** A page read and split: its frontmatter, its markdown (tokens replaced), and the config values its tokens read. */
interface ParsedPage {
  source: PageSource;
  content: string;
  /** Config path → the value the page's tokens took from it: the result holds while these values do. */
  uses: Record<string, string>;
  /** The id the title heading (left out of `content`) named for itself: `# Title {#top}`. */
  titleId?: string;
  /** The tree `content` parses to, when the outline's serves: parsed from `text`, which its positions point into. */
  parsed?: { tree: Root; text: string };
}
