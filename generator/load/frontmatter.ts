/**
 * A page's frontmatter: split from its body, its `{{ tokens }}` found and protected, and parsed.
 */
import grayMatter from 'gray-matter';
import jsYaml from 'js-yaml';
import { SiteError } from '../base/errors';
import { LIMITS } from '../base/read-input';
import type { SiteConfig } from '../config/config';
import { measureData } from '../config/text-values';
import { findTokens, protectTokens } from '../config/tokens';
import { fieldAt, fieldName, MAX_ALIASED_VALUES, MAX_DEPTH, parseYaml } from '../config/yaml';

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
export function loadFrontmatter(text: string, file: string): unknown {
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

/** A page's text split, its frontmatter's tokens found and its frontmatter ready to parse, with the field at any offset of the text. */
export function readParts(text: string, file: string, config: SiteConfig) {
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
