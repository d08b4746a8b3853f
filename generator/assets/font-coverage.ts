/**
 * Which characters a TrueType font draws: read from its `cmap` table (format 12, else format 4, the Windows Unicode
 * subtables every TrueType font for the web carries). resvg draws a character the font lacks as nothing, so the
 * social card tells a line it cannot draw from one it can, instead of publishing a card without its text.
 */
import { readFileSync } from 'node:fs';

export type Coverage = (codePoint: number) => boolean;

/** The characters `file` (a TrueType font) has a glyph for. */
export function fontCoverage(file: string): Coverage {
  const font = readFileSync(file);
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) return () => false;
  const subtables = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const at = cmap + font.readUInt32BE(record + 4);
    subtables.set(font.readUInt16BE(at), at);
  }
  const twelve = subtables.get(12);
  if (twelve !== undefined) {
    const groups: [number, number][] = [];
    for (let i = 0; i < font.readUInt32BE(twelve + 12); i++) {
      const group = twelve + 16 + i * 12;
      groups.push([font.readUInt32BE(group), font.readUInt32BE(group + 4)]);
    }
    return (c) => groups.some(([start, end]) => c >= start && c <= end);
  }
  const four = subtables.get(4);
  if (four === undefined) return () => false;
  const segments = font.readUInt16BE(four + 6) / 2;
  const ends = four + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (c) => {
    if (c > 0xffff) return false;
    for (let i = 0; i < segments; i++) {
      if (c > font.readUInt16BE(ends + i * 2)) continue;
      const start = font.readUInt16BE(starts + i * 2);
      if (c < start) return false;
      const delta = font.readUInt16BE(deltas + i * 2);
      const rangeOffset = font.readUInt16BE(rangeOffsets + i * 2);
      if (rangeOffset === 0) return ((c + delta) & 0xffff) !== 0;
      const glyph = font.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (c - start) * 2);
      return glyph !== 0;
    }
    return false;
  };
}

/** The characters of `text` (but spaces) some font of `fonts` lacks, each once, in order. */
export function missingCharacters(text: string, fonts: readonly Coverage[]): string[] {
  const missing = new Set<string>();
  for (const char of text)
    if (!/\s/u.test(char) && !fonts.every((covers) => covers(char.codePointAt(0)!))) missing.add(char);
  return [...missing];
}
