/**
 * What a TrueType font draws, and how wide: which glyph each character is, read from its `cmap` table (format 12, else
 * format 4, the Windows Unicode subtables every TrueType font for the web carries), and each glyph's advance, from
 * `hmtx`. resvg draws a character the font lacks as nothing, so the social card tells a line it cannot draw from one it
 * can, instead of publishing a card without its text; and it measures a line before drawing it, so a long one is
 * wrapped rather than cut off by the card's edge.
 */
import { readFileSync } from 'node:fs';

export type Coverage = (codePoint: number) => boolean;

/** A font's glyphs: whether it draws a character, and a text's advance width at a size (no kerning: never narrower). */
export interface FontMetrics {
  covers: Coverage;
  width: (text: string, size: number) => number;
}

const tablesOf = (font: Buffer): Map<string, number> => {
  const tables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + i * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  return tables;
};

/** The glyph of each character (0: none), from the cmap table. */
function glyphLookup(font: Buffer, cmap: number | undefined): (codePoint: number) => number {
  if (cmap === undefined) return () => 0;
  const subtables = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const at = cmap + font.readUInt32BE(record + 4);
    subtables.set(font.readUInt16BE(at), at);
  }
  const twelve = subtables.get(12);
  if (twelve !== undefined) {
    const groups: [number, number, number][] = [];
    for (let i = 0; i < font.readUInt32BE(twelve + 12); i++) {
      const group = twelve + 16 + i * 12;
      groups.push([font.readUInt32BE(group), font.readUInt32BE(group + 4), font.readUInt32BE(group + 8)]);
    }
    return (c) => {
      const group = groups.find(([start, end]) => c >= start && c <= end);
      return group ? group[2] + (c - group[0]) : 0;
    };
  }
  const four = subtables.get(4);
  if (four === undefined) return () => 0;
  const segments = font.readUInt16BE(four + 6) / 2;
  const ends = four + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (c) => {
    if (c > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      if (c > font.readUInt16BE(ends + i * 2)) continue;
      const start = font.readUInt16BE(starts + i * 2);
      if (c < start) return 0;
      const delta = font.readUInt16BE(deltas + i * 2);
      const rangeOffset = font.readUInt16BE(rangeOffsets + i * 2);
      if (rangeOffset === 0) return (c + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (c - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The characters `file` (a TrueType font) has a glyph for, and how wide it draws a text. */
export function fontMetrics(file: string): FontMetrics {
  const font = readFileSync(file);
  const tables = tablesOf(font);
  const glyph = glyphLookup(font, tables.get('cmap'));
  const [head, hhea, hmtx] = [tables.get('head'), tables.get('hhea'), tables.get('hmtx')];
  const unitsPerEm = head === undefined ? 1000 : font.readUInt16BE(head + 18);
  const metrics = hhea === undefined ? 0 : font.readUInt16BE(hhea + 34);
  // Glyphs past the last long metric share its advance (the TrueType rule for monospaced runs).
  const advance = (g: number) =>
    hmtx === undefined || metrics === 0 ? unitsPerEm : font.readUInt16BE(hmtx + Math.min(g, metrics - 1) * 4);
  return {
    covers: (c) => glyph(c) !== 0,
    width: (text, size) => {
      let units = 0;
      for (const char of text) units += advance(glyph(char.codePointAt(0)!));
      return (units / unitsPerEm) * size;
    },
  };
}

/** The characters of `text` (but spaces) some font of `fonts` lacks, each once, in order. */
export function missingCharacters(text: string, fonts: readonly Coverage[]): string[] {
  const missing = new Set<string>();
  for (const char of text)
    if (!/\s/u.test(char) && !fonts.every((covers) => covers(char.codePointAt(0)!))) missing.add(char);
  return [...missing];
}
