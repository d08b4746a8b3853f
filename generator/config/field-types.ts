/**
 * The shared field types of the config and of a theme's schemas, each typed
 * for what the value is and where it goes, so no template can skip a check:
 *
 * - `publicPath`: a file of the public folder, written `/images/x.svg`: one
 *   leading slash, then plain names (no `//`, `.` or `..`, no scheme, no
 *   backslash or control character), so it can only name a file inside
 *   `public/` and is never a protocol-relative URL (`//evil.example/x.svg`).
 * - `urlField`: an absolute URL of the schemes given, with no space or
 *   control character.
 * - `singleLine`: text of one line (no line break or control character), for
 *   every value that reaches a line-based file (security.txt, `_headers`,
 *   robots.txt), where a line break would start a field of its own.
 * - `href` (config/config.ts): a link a page may publish.
 */
import { z } from 'zod';
import { textField } from './text-field';

/** Line breaks (every one a line-based reader may take: \n, \r, U+2028, U+2029, NEL) and control characters. */
const BREAKS_OR_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Text of one line, at most `max` characters, never blank. */
export const singleLine = (max: number, min = 1) =>
  textField(max, min).refine(
    (text) => !BREAKS_OR_CONTROLS.test(text),
    'must be one line: no line break or control character',
  );

/** A name of a path: what a file system and a URL both take as it is. */
const PLAIN_NAME = /^[^\s/\\?#%:\u0000-\u001f\u007f]+$/;

/** The path of a file in the public folder, like /images/hero.svg; `extensions`: the file types it may be (lowercase). */
export function publicPath(extensions: readonly string[], example = `/images/file.${extensions[0] ?? 'svg'}`) {
  const message = `expected the path of a ${extensions.join(', ')} file in the public folder, like ${example}`;
  return z
    .string()
    .max(200)
    .refine((value) => {
      if (!value.startsWith('/') || value.startsWith('//')) return false;
      const names = value.slice(1).split('/');
      if (!names.every((name) => PLAIN_NAME.test(name) && name !== '.' && name !== '..')) return false;
      const extension = names.at(-1)!.split('.').pop()!.toLowerCase();
      return names.at(-1)!.includes('.') && extensions.includes(extension);
    }, message);
}

/** An absolute URL of one of `schemes` (without the colon), with no space, control character or line break. */
export function urlField(schemes: readonly string[], max = 2000) {
  const example = schemes.includes('https') ? 'https://example.org' : `${schemes[0]}:…`;
  const message = `expected an absolute ${schemes.join(' or ')} URL like ${example}, with no spaces`;
  // The raw text is checked before the URL: parsing drops line breaks and tabs, which would pass unseen.
  return z
    .string()
    .max(max)
    .regex(/^[^\s\u0000-\u001f\u007f]*$/, message)
    .url({ protocol: new RegExp(`^(?:${schemes.map((s) => s.replace(/[^a-z0-9+.-]/g, '')).join('|')})$`), message });
}
