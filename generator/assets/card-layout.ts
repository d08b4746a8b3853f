/**
 * The social card's text laid out to fit it: each line measured with the font it is drawn with (font-coverage.ts,
 * advances without kerning, so never narrower than drawn) and wrapped at spaces, a long name drawn smaller on two
 * lines, and what still does not fit ended with an ellipsis. A name or tagline as long as site.yml allows once ran off
 * the card's right edge, cut mid-word.
 */
import type { FontMetrics } from './font-coverage';

/** The width text may take: the card's 1200 pixels less its margin of 80 on each side. */
export const TEXT_WIDTH = 1200 - 2 * 80;

/** Lines of text at a size, their baselines one `leading` apart. */
export interface TextBlock {
  size: number;
  leading: number;
  lines: string[];
}

const ELLIPSIS = '…';

/**
 * `text` in at most `most` lines at `size`, each at most `width` wide: broken at spaces, a word wider than a line
 * broken where it must be; `whole` is false when it did not fit and its last line ends with an ellipsis instead.
 */
export function wrap(
  text: string,
  size: number,
  most: number,
  font: FontMetrics,
  width = TEXT_WIDTH,
): { lines: string[]; whole: boolean } {
  const fits = (line: string) => font.width(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    for (const char of word) {
      if (line !== '' && !fits(line + char)) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= most) return { lines, whole: true };
  const kept = lines.slice(0, most);
  let last = `${kept[most - 1]!} ${lines[most]!}`;
  while (last !== '' && !fits(last + ELLIPSIS)) last = [...last].slice(0, -1).join('');
  kept[most - 1] = last.trimEnd() + ELLIPSIS;
  return { lines: kept, whole: false };
}

/** The site's name: one line at 76 pixels when it fits, else two lines at 64, else at 52 (an ellipsis past them). */
export function nameBlock(name: string, bold: FontMetrics): TextBlock {
  const tries: [number, number][] = [
    [76, 1],
    [64, 2],
    [52, 2],
  ];
  for (const [size, most] of tries) {
    const { lines, whole } = wrap(name, size, most, bold);
    if (whole) return { size, leading: Math.round(size * 1.12), lines };
  }
  return { size: 52, leading: 58, lines: wrap(name, 52, 2, bold).lines };
}

/** A line under the name (the tagline: up to three lines; the host: one), at its size. */
export const lineBlock = (text: string, size: number, most: number, regular: FontMetrics): TextBlock => ({
  size,
  leading: Math.round(size * 1.3),
  lines: wrap(text, size, most, regular).lines,
});
