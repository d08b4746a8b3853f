/**
 * A page or config file's bytes as text: UTF-8 only, decoded strictly, so a
 * file saved in another encoding is named (with the line of its first bad
 * byte) instead of published as mojibake, and a binary file is named as one.
 */
import { SiteError } from './errors';

const decoder = new TextDecoder('utf-8', { fatal: true });

type FieldAt = (text: string, offset: number) => string | undefined;

/**
 * Decodes `bytes` (a leading byte order mark is dropped). Throws, naming `file`, the line and (through `fieldAt`, given
 * the text decoded leniently and the offset of the bad byte in it) the field: Utf16File for a file saved as UTF-16,
 * InvalidUtf8 for a byte that is not UTF-8, BinaryContent for one that holds NUL bytes (no text file does; a binary one nearly always).
 */
export function decodeText(bytes: Uint8Array, file: string, fieldAt?: FieldAt): string {
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    /^(?:[^\0]\0){2}|^(?:\0[^\0]){2}/.test(String.fromCharCode(...bytes.subarray(0, 4)));
  if (utf16) throw new SiteError('Utf16File', { file }, { file, line: 1 });
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const line = lineOfByte(bytes, nul);
    throw new SiteError('BinaryContent', { file, line }, { file, line, field: fieldOfByte(bytes, nul, fieldAt) });
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw encodingError(bytes, file, fieldAt);
  }
}

/** The field that holds byte `at`, found in the text decoded leniently (each bad byte one U+FFFD). */
function fieldOfByte(bytes: Uint8Array, at: number, fieldAt: FieldAt | undefined): string | undefined {
  const lenient = new TextDecoder('utf-8');
  return fieldAt?.(lenient.decode(bytes), lenient.decode(bytes.subarray(0, at)).length);
}

function encodingError(bytes: Uint8Array, file: string, fieldAt?: FieldAt): SiteError {
  const at = firstInvalidByte(bytes);
  const line = lineOfByte(bytes, at);
  const field = fieldOfByte(bytes, at, fieldAt);
  const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
  const column = decoder.decode(bytes.subarray(lineStart, at)).length + 1;
  const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return new SiteError('InvalidUtf8', { file, byte, line, column }, { file, line, field });
}

const lineOfByte = (bytes: Uint8Array, offset: number): number => {
  let line = 1;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < offset; at = bytes.indexOf(0x0a, at + 1)) line++;
  return line;
};

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence (RFC 3629: no overlongs, surrogates or code points past U+10FFFF). */
export function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) min = 0xa0; // overlong
      if (b === 0xed) max = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) min = 0x90; // overlong
      if (b === 0xf4) max = 0x8f; // past U+10FFFF
    } else return i;
    if (i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    if (second < min || second > max) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return bytes.length;
}
