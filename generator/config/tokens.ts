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
 * - In the markdown body, tokens are replaced in prose only: never in code
 *   blocks, code spans, raw HTML or HTML code elements, where `{{ ... }}` is
 *   someone's template syntax shown as written (body-outline.ts finds code by
 *   parsing the markdown). The value is escaped so that markdown shows it as
 *   text: `*`, `[` or `<` in a config value never becomes emphasis, a link or
 *   HTML.
 * A token written with a backslash, `\{{ name }}`, is no token: markdown (and
 * the frontmatter's text) shows it as `{{ name }}`.
 *
 * `{{ }}` is ours only when its first name is a key of the site config: other
 * tools write the same braces (Jekyll's `{{ site.repository }}`, Liquid in
 * Eleventy and Hugo's templates), and a folder written for them builds with
 * that text shown as written (markdown/other-syntax.ts names it once). A token
 * under a key of ours that names no text value (`{{ contact.emial }}`) is an
 * error naming its line and field, and the config path it was probably meant
 * to be.
 */
import { closestPath } from '../base/closest';
import type { SiteConfig } from './config';
import { SiteError } from '../base/errors';

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
  /** Whether its first name is a key of the config: else it is another tool's syntax, shown as written. */
  ours: boolean;
}

/** The config value a token path names, as a token shows it; undefined when it names no text value. */
export function tokenValue(config: SiteConfig, path: string): string | undefined {
  const value = lookup(config, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/**
 * Whether `{{ path }}` is ours: its first name is a key of the config, or it is a slip of one of the config's paths
 * (`{{ nmae }}` for `{{ name }}`), which is an UnknownToken that says what it was meant to be, never text shown as
 * written. Anything else (`{{ site.repository }}`, `{{ page.title }}`) names nothing of the config: another tool's.
 */
const oursIn = (config: SiteConfig, path: string): boolean =>
  Object.hasOwn(config, path.split('.')[0]!) || closestPath(path, textPaths(config)) !== undefined;

/** What a page's text made of `{{ path }}` depends on: its value, or, for another tool's, that it is not ours. */
const NOT_OURS = '\uFDD3';
export const tokenUse = (config: SiteConfig, path: string): string | undefined =>
  oursIn(config, path) ? tokenValue(config, path) : NOT_OURS;

function lookup(config: SiteConfig, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' && Object.hasOwn(value, key)
          ? (value as Record<string, unknown>)[key]
          : undefined,
      config,
    );
}

/** Whether the character at `offset` is escaped: an odd number of backslashes stand before it. */
function escapedAt(text: string, offset: number): boolean {
  let slashes = 0;
  while (offset - slashes > 0 && text[offset - slashes - 1] === '\\') slashes++;
  return slashes % 2 === 1;
}

/**
 * Every token in `text` (not those written `\{{ ... }}`); one that names no text value of the config is marked unknown
 * and keeps its own text as its value, and one whose first name is no key of the config is marked not ours.
 */
export function findTokens(text: string, config: SiteConfig): Token[] {
  if (!text.includes('{{')) return [];
  return Array.from(text.matchAll(TOKEN), (found) => {
    const value = lookup(config, found[1]!);
    const known = typeof value === 'string' || typeof value === 'number';
    const ours = oursIn(config, found[1]!);
    return {
      match: found[0],
      path: found[1]!,
      offset: found.index,
      value: known ? String(value) : found[0],
      known,
      ours,
    };
  }).filter((token) => !escapedAt(text, token.offset));
}

/** An escaped token in frontmatter text, `\{{ name }}`: shown as `{{ name }}`. */
const ESCAPED_TOKEN = new RegExp(`\\\\(${TOKEN.source})`, 'g');
export const unescapeTokens = (text: string): string =>
  text.includes('\\{{') ? text.replace(ESCAPED_TOKEN, '$1') : text;

/** The error for an unknown token, with the config path it was probably meant to be. */
export function unknownToken(
  token: Token,
  where: { file: string; line?: number; field?: string },
  config: SiteConfig,
): SiteError {
  // A token naming a group of values (`{{ contact }}`) was meant for one of them.
  const near =
    closestPath(token.path, textPaths(config)) ?? textPaths(config).find((path) => path.startsWith(`${token.path}.`));
  const known = textPaths(config)
    .slice(0, 3)
    .map((path) => `{{ ${path} }}`)
    .join(', ');
  return new SiteError(
    'UnknownToken',
    { token: token.match, ...(near ? { suggestion: `{{ ${near} }}` } : {}) },
    {
      ...where,
      hint: `A token names a text value of site.yml by its dotted path (${known || '{{ name }}'}). To show the braces as written, put the text in \`code\` or write \`\\{{ ... }}\`.`,
    },
  );
}

/** The dotted paths of the config's text values, in the config's order. */
const pathsOf = new WeakMap<object, string[]>();
export function textPaths(config: SiteConfig): string[] {
  let paths = pathsOf.get(config);
  if (!paths) {
    paths = [];
    const walk = (value: unknown, prefix: string) => {
      if (typeof value === 'string' || typeof value === 'number') paths!.push(prefix);
      else if (value && typeof value === 'object' && !Array.isArray(value))
        for (const [key, inner] of Object.entries(value))
          if (/^[A-Za-z]\w*$/.test(key)) walk(inner, prefix ? `${prefix}.${key}` : key);
    };
    walk(config, '');
    pathsOf.set(config, paths);
  }
  return paths;
}

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
  text.includes(OPEN)
    ? text.replace(PLACEHOLDER, (placeholder, index: string) => tokens[Number(index)]?.value ?? placeholder)
    : text;

/** Whether `text` holds a placeholder. */
export const holdsToken = (text: string): boolean => text.includes(OPEN);

/**
 * The markdown `body` with its prose tokens (offsets relative to `body`; body-outline.ts tells code from prose)
 * replaced by their values, escaped so that they show as written; and the source range `cut`, if given, left out
 * (its line breaks kept, so the body's lines stay where they were).
 */
export function substituteInMarkdown(
  body: string,
  tokens: readonly Token[],
  cut?: { start: number; end: number },
): string {
  if (tokens.length === 0 && !cut) return body;
  let out = '';
  let at = 0;
  const edits = [
    ...tokens
      .filter((token) => !cut || token.offset < cut.start || token.offset >= cut.end)
      .map((token) => ({ start: token.offset, end: token.offset + token.match.length, token })),
    ...(cut ? [{ start: cut.start, end: cut.end, token: undefined }] : []),
  ].sort((a, b) => a.start - b.start);
  for (const { start, end, token } of edits) {
    if (!token) {
      out += body.slice(at, start) + body.slice(start, end).replace(/[^\n]/g, '');
      at = end;
      continue;
    }
    const lineStart = body.lastIndexOf('\n', start - 1) + 1;
    const lineEnd = body.indexOf('\n', start);
    const line = body.slice(lineStart, lineEnd === -1 ? body.length : lineEnd);
    const before = body.slice(lineStart, start);
    const value = escapeMarkdown(token.value, {
      lineStart: /^[ \t]*$/.test(before),
      afterDigits: /^[ \t]*\d+$/.test(before),
      heading: /^ {0,3}#{1,6}(?:[ \t]|$)/.test(line),
      previous: body[start - 1] ?? '',
      next: body[end] ?? '',
    });
    out += body.slice(at, start) + value;
    at = end;
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
    else if (char === '_')
      escape = !ALNUM.test(text[i - 1] ?? context.previous) || !ALNUM.test(text[i + 1] ?? context.next);
    else if (char === '#') escape = context.heading || (first && context.lineStart);
    else if (first && context.lineStart && '-+='.includes(char)) escape = true;
    else if ((char === '.' || char === ')') && context.lineStart && /^\d+$/.test(text.slice(0, i))) escape = true;
    else if (first && context.afterDigits && (char === '.' || char === ')')) escape = true;
    out += escape ? `\\${char}` : char;
  }
  return out;
}
