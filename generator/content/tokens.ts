/**
 * Config tokens: `{{ name }}` or `{{ contact.email }}` in a page stands for
 * that text value of the site config, so company facts are written once.
 *
 * A value arrives exactly as written in the config, whatever characters it
 * holds (`#`, `: `, quotes, a line break, `---`): tokens are never pasted into
 * YAML text, where such characters would end the value or add keys.
 * - In the frontmatter, each token is swapped for a placeholder before the
 *   YAML is parsed (noncharacters, which YAML reads as plain text and pages
 *   may not contain), and the placeholders in the parsed text values are
 *   replaced by the config values.
 * - In the markdown body, the value is escaped so that markdown shows it as
 *   text: `*`, `[` or `<` in a config value never becomes emphasis, a link or
 *   HTML. Inside code, where markdown shows text as it is, it is not escaped.
 * An unknown token is an error naming its line and field.
 */
import type { SiteConfig } from './config';
import { SiteError } from '../core/errors';

/** Spaces and tabs only inside the braces: a token never spans lines, so placeholders keep every line where it was. */
const TOKEN = /\{\{[ \t]*([A-Za-z]\w*(?:\.[A-Za-z]\w*)*)[ \t]*\}\}/g;

export interface Token {
  /** The token as written, e.g. `{{ contact.email }}`. */
  match: string;
  /** The config path it names, e.g. `contact.email`. */
  path: string;
  /** Offset in the text it was found in. */
  offset: number;
  /** The config value, as text. */
  value: string;
  /** Whether the token names a text value of the config. */
  known: boolean;
}

/** The config value a token path names, as a token shows it; undefined when it names no text value. */
export function tokenValue(config: SiteConfig, path: string): string | undefined {
  const value = lookup(config, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function lookup(config: SiteConfig, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined), config);
}

/** Every token in `text`; one that names no text value of the config is marked unknown and keeps its own text as its value. */
export function findTokens(text: string, config: SiteConfig): Token[] {
  return Array.from(text.matchAll(TOKEN), (found) => {
    const value = lookup(config, found[1]!);
    const known = typeof value === 'string' || typeof value === 'number';
    return { match: found[0], path: found[1]!, offset: found.index, value: known ? String(value) : found[0], known };
  });
}

/** The error for an unknown token. */
export const unknownToken = (token: Token, where: { file: string; line?: number; field?: string }): SiteError =>
  new SiteError('InvalidFrontmatter', { token: token.match }, {
    ...where,
    hint: 'Use a dotted path to a text value of site.yml, such as {{ name }}, {{ contact.email }} or {{ address.locality }}.',
  });

const OPEN = '\uFDD0';
const CLOSE = '\uFDD1';
const FILL = '\uFDD2';
const PLACEHOLDER = /\uFDD0(\d+)\uFDD1\uFDD2*/g;

/**
 * `text[from, to)` with each of `tokens` in it replaced by a placeholder naming its index, as long as the token
 * where it fits (so offsets into the text stay the same).
 */
export function protectTokens(text: string, tokens: readonly Token[], from = 0, to = text.length): string {
  let out = '';
  let at = from;
  tokens.forEach((token, index) => {
    if (token.offset < from || token.offset >= to) return;
    const placeholder = `${OPEN}${index}${CLOSE}`;
    out += text.slice(at, token.offset) + placeholder.padEnd(token.match.length, FILL);
    at = token.offset + token.match.length;
  });
  return out + text.slice(at, to);
}

/** `text` with the placeholders protectTokens made replaced by the config values. */
export const restoreTokens = (text: string, tokens: readonly Token[]): string =>
  text.includes(OPEN) ? text.replace(PLACEHOLDER, (placeholder, index: string) => tokens[Number(index)]?.value ?? placeholder) : text;

/** Whether `text` holds a placeholder. */
export const holdsToken = (text: string): boolean => text.includes(OPEN);

/**
 * The markdown `body` with its tokens (offsets relative to `body`) replaced by their values, escaped so that they
 * show as written.
 */
export function substituteInMarkdown(body: string, tokens: readonly Token[]): string {
  if (tokens.length === 0) return body;
  const contexts = codeContexts(body);
  let out = '';
  let at = 0;
  for (const token of tokens) {
    const lineStart = body.lastIndexOf('\n', token.offset - 1) + 1;
    const lineEnd = body.indexOf('\n', token.offset);
    const line = body.slice(lineStart, lineEnd === -1 ? body.length : lineEnd);
    const before = body.slice(lineStart, token.offset);
    const context = contexts(token.offset);
    const value =
      context === 'fence'
        ? token.value
        : context === 'code'
          ? token.value.replace(/\r\n|\r|\n/g, ' ')
          : escapeMarkdown(token.value, {
              lineStart: /^[ \t]*$/.test(before),
              afterDigits: /^[ \t]*\d+$/.test(before),
              heading: /^ {0,3}#{1,6}(?:[ \t]|$)/.test(line),
              previous: body[token.offset - 1] ?? '',
              next: body[token.offset + token.match.length] ?? '',
            });
    out += body.slice(at, token.offset) + value;
    at = token.offset + token.match.length;
  }
  return out + body.slice(at);
}

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * `value` escaped for markdown text. Backslash escapes work on any ASCII punctuation, but an escape also stops GFM
 * from seeing an e-mail address or URL, so only characters that can start markup where they stand are escaped:
 * always `\ ` * [ ] < > ~ |`; `&` before an entity name; `_` at a word boundary (inside a word it is never emphasis);
 * `#` in a heading (a closing sequence is dropped); and what starts a block at the start of a line. Line breaks become
 * spaces: in markdown text they show as one, and a line break would end a heading, a table row or a list item.
 */
export function escapeMarkdown(
  value: string,
  context: { lineStart: boolean; afterDigits: boolean; heading: boolean; previous: string; next: string },
): string {
  const text = value.replace(/[ \t]*(?:\r\n|\r|\n)[ \t\r\n]*/g, ' ');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const first = i === 0;
    let escape = '\\`*[]<>~|'.includes(char);
    if (char === '&') escape = /^&#?[A-Za-z0-9]+;/.test(text.slice(i));
    else if (char === '_') escape = !ALNUM.test(text[i - 1] ?? context.previous) || !ALNUM.test(text[i + 1] ?? context.next);
    else if (char === '#') escape = context.heading || (first && context.lineStart);
    else if (first && context.lineStart && '-+='.includes(char)) escape = true;
    else if ((char === '.' || char === ')') && context.lineStart && /^\d+$/.test(text.slice(0, i))) escape = true;
    else if (first && context.afterDigits && (char === '.' || char === ')')) escape = true;
    out += escape ? `\\${char}` : char;
  }
  return out;
}

/**
 * Where code is in a markdown text: fenced code blocks (``` or ~~~) and code spans within a line. Returns, for an
 * offset, 'fence', 'code' or 'text'. Close enough to CommonMark for where tokens stand: a code span across lines, or
 * an indented code block, counts as text.
 */
function codeContexts(body: string): (offset: number) => 'fence' | 'code' | 'text' {
  const ranges: [start: number, end: number, kind: 'fence' | 'code'][] = [];
  let fence: { char: string; length: number; start: number } | undefined;
  let offset = 0;
  for (const line of body.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line.replace(/\r$/, ''));
    if (fence) {
      if (marker && marker[1]![0] === fence.char && marker[1]!.length >= fence.length && marker[2]!.trim() === '') {
        ranges.push([fence.start, offset, 'fence']);
        fence = undefined;
      }
      continue;
    }
    if (marker && !(marker[1]![0] === '`' && marker[2]!.includes('`'))) {
      fence = { char: marker[1]![0]!, length: marker[1]!.length, start };
      continue;
    }
    for (let i = 0; i < line.length; ) {
      if (line[i] === '\\') i += 2;
      else if (line[i] === '`') {
        const run = /^`+/.exec(line.slice(i))![0].length;
        const close = new RegExp(`(?<!\`)\`{${run}}(?!\`)`, 'g');
        close.lastIndex = i + run;
        const end = close.exec(line);
        if (end) {
          ranges.push([start + i, start + end.index + run, 'code']);
          i = end.index + run;
        } else i += run;
      } else i++;
    }
  }
  if (fence) ranges.push([fence.start, body.length + 1, 'fence']); // an unclosed fence runs to the end
  return (at) => ranges.find(([start, end]) => at >= start && at < end)?.[2] ?? 'text';
}
