/**
 * Text that is not UTF-8, and text that holds half a character: each case is its own kind, with a message and a hint
 * for that case, and what the hint tells the user to write is accepted.
 */
import { describe, expect, it } from 'vitest';
import { SiteError, siteErrorsOf } from '../../generator/base/errors';
import { characterError, firstForbidden } from '../../generator/config/characters';
import { decodeText } from '../../generator/base/read-text';
import { checkedTexts } from '../../generator/config/text-values';
import { parseYaml } from '../../generator/config/yaml';

/** The one SiteError `run` throws. */
function errorOf(run: () => unknown): SiteError {
  try {
    run();
  } catch (error) {
    const [only, ...more] = siteErrorsOf(error);
    expect(only, `not a SiteError: ${String(error)}`).toBeDefined();
    expect(more).toEqual([]);
    return only!;
  }
  throw new Error('accepted');
}

/** The text values of a YAML document, checked as a page's and the config's are. */
const checkedYaml = (source: string) => {
  const yaml = parseYaml(source, 'pages/a.md', 2);
  return checkedTexts(yaml.data, { file: 'pages/a.md', lineOf: yaml.lineOf });
};

describe('text that is not UTF-8', () => {
  it('a file saved as UTF-16, with or without a byte order mark, is Utf16File naming the file', () => {
    const text = '---\ntitle: Café\n---\n';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const bytes of [
      Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
      le,
      be,
    ]) {
      expect(errorOf(() => decodeText(bytes, 'pages/a.md'))).toMatchObject({
        kind: 'Utf16File',
        file: 'pages/a.md',
        line: 1,
        message: 'pages/a.md is saved as UTF-16; pages and the site config are read as UTF-8',
        hint: expect.stringContaining('iconv -f UTF-16 -t UTF-8'),
      });
    }
  });

  it('a byte that is not UTF-8 is InvalidUtf8 naming the byte, its line and column, and the field', () => {
    const bytes = Buffer.from('---\ntitle: Café guide\n---\n', 'latin1');
    expect(errorOf(() => decodeText(bytes, 'pages/a.md', () => 'title'))).toMatchObject({
      kind: 'InvalidUtf8',
      file: 'pages/a.md',
      line: 2,
      field: 'title',
      message: expect.stringContaining('the byte E9 at line 2, column 11'),
      hint: expect.stringContaining('Save the file as UTF-8'),
    });
  });
});

describe('half of a surrogate pair', () => {
  it('an escape of half a character is LoneSurrogate naming the field and its line', () => {
    expect(errorOf(() => checkedYaml('description: Fine\ntitle: "Guide \\uD83D"\n'))).toMatchObject({
      kind: 'LoneSurrogate',
      file: 'pages/a.md',
      line: 3,
      field: 'title',
      message: 'The field title holds U+D83D (half of a surrogate pair, alone: not a character) (character 7)',
      hint: expect.stringContaining('\\uD83D\\uDE00'),
    });
  });

  it('the escapes its hint names are accepted: both halves together, or the whole character', () => {
    expect(checkedYaml('title: "Guide \\uD83D\\uDE00"\n')).toEqual({ title: 'Guide 😀' });
    expect(checkedYaml('title: "Guide \\U0001F600"\n')).toEqual({ title: 'Guide 😀' });
  });
});

describe('an invisible character in a long line', () => {
  // A backspace in a translated README (system-design-primer's README-zh-Hans.md) was found only by its line.
  const text = '---\ntitle: A\n---\n\n一致缓存中的数据过时。这个问题需要通过设置 🔒 TTL\b来解决。\n';
  const bad = firstForbidden(text)!;

  it('is located by line and column, counted in characters, and quoted by the text just before it', () => {
    const error = characterError(text, 'pages/zh.md', bad, 'body');
    expect(error.kind).toBe('ControlCharacter');
    expect(error.location).toBe('pages/zh.md:5:28 (field: body)');
    expect(error.message).toBe(
      'The page text holds U+0008 BACKSPACE, right after "据过时。这个问题需要通过设置 🔒 TTL", which is invisible or reorders the text around it',
    );
  });

  it('at the start of a line, quotes nothing and is at column 1', () => {
    const error = characterError('one\n\u202Etwo\n', 'pages/a.md', firstForbidden('one\n\u202Etwo\n')!, 'body');
    expect(error.location).toBe('pages/a.md:2:1 (field: body)');
    expect(error.message).not.toContain('right after');
  });
});
