/**
 * Which characters a page or the site config may hold, decided once for the
 * raw text of files and for every text value parsed from them.
 *
 * Refused, wherever they appear:
 * - C0 controls other than tab, line feed and carriage return, DEL, and the
 *   C1 controls U+0080–U+009F: invisible, meaningless in HTML (the HTML
 *   standard makes them parse errors), and the sign of a binary file, a
 *   mis-decoded one or a paste gone wrong;
 * - the bidirectional embeddings and overrides U+202A–U+202E: they reorder
 *   the text shown after them (a title that reads differently from what it
 *   holds is the "Trojan Source" trick). The isolates U+2066–U+2069 and the
 *   marks U+200E, U+200F and U+061C stay allowed: they are what mixed
 *   right-to-left and left-to-right text needs, and their effect ends with
 *   the paragraph;
 * - noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF): Unicode reserves them for
 *   a program's internal use, and the config tokens use them so;
 * - unpaired surrogates (a YAML escape such as "\uD800" makes one): they are
 *   not characters and cannot be written as UTF-8.
 */
import { SiteError } from '../base/errors';

const FORBIDDEN = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E]|\p{Noncharacter_Code_Point}|\p{Cs}/u;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'gu');
/** A quick first look without Unicode property lookups: every refused character matches (and so does any astral one). */
const SUSPECT = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E\uD800-\uDFFF\uFDD0-\uFDEF\uFFFE\uFFFF]/;

const NAMES: Record<number, string> = {
  0x00: 'NULL',
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x85: 'NEXT LINE',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
};

/** "U+202E RIGHT-TO-LEFT OVERRIDE", "U+0001 (a control character)". */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (NAMES[code]) return `${hex} ${NAMES[code]}`;
  if (code >= 0xd800 && code <= 0xdfff) return `${hex} (half of a surrogate pair, alone: not a character)`;
  if (code <= 0x9f) return `${hex} (a control character)`;
  return `${hex} (a noncharacter)`;
}

/** The first refused character in `text[from, to)`, with its offset in `text`. */
export function firstForbidden(text: string, from = 0, to = text.length): { offset: number; char: string } | undefined {
  if (!SUSPECT.test(text)) return undefined;
  FORBIDDEN_ALL.lastIndex = from;
  const found = FORBIDDEN_ALL.exec(text);
  return found && found.index < to ? { offset: found.index, char: found[0] } : undefined;
}

/** Whether `text` holds a refused character. */
export const hasForbidden = (text: string): boolean => SUSPECT.test(text) && FORBIDDEN.test(text);

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** How many characters of the text before a refused character its error quotes. */
const AFTER = 20;

/**
 * The error for the refused character `bad` found in a file's text: BinaryContent for a NUL byte (the mark of a
 * binary file), LoneSurrogate for half a surrogate pair, ControlCharacter for the rest.
 */
export function characterError(
  text: string,
  file: string,
  bad: { offset: number; char: string },
  field: string | undefined,
): SiteError {
  const line = lineAt(text, bad.offset);
  if (bad.char === '\0') return new SiteError('BinaryContent', { file, line }, { file, line, field });
  // An invisible character in a long line is found by its column and the words before it.
  const before = [...text.slice(text.lastIndexOf('\n', bad.offset - 1) + 1, bad.offset)];
  const column = before.length + 1;
  const after = before.slice(-AFTER).join('').trimStart().replace(FORBIDDEN_ALL, '');
  const where = field === 'body' ? 'The page text' : field ? `The field ${field}` : 'The text';
  const character = { where, character: describeCharacter(bad.char), after };
  const details = { file, line, column, field };
  if (/\p{Cs}/u.test(bad.char)) return new SiteError('LoneSurrogate', character, details);
  return new SiteError('ControlCharacter', character, details);
}
