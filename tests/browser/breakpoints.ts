/**
 * The widths a layout sweep visits: both ends of the range, and at each breakpoint of the site's stylesheets the width
 * a media query starts to hold and the pixel below it. Between two breakpoints the same rules hold and only the
 * width changes, so a box is narrowest at the lower edge of its range and widest at the upper one: what squeezes or
 * overflows does so at an edge, and each edge is visited.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const PX_PER_REM = 16;
/** `(min-width: 40rem)`, `(max-width: 63.99rem)`, and the range form `(width >= 48em)`, `(width < 64rem)`. */
const WIDTH_QUERY = /\((?:(min|max)-width:\s*|width\s*([<>]=?)\s*)([\d.]+)(rem|em|px)\)/g;

/** The first pixel width at which each query of a width starts or stops holding: where the layout may change. */
export function breakpointsOf(css: string): number[] {
  const found = new Set<number>();
  for (const [, kind, relation, value, unit] of css.matchAll(WIDTH_QUERY)) {
    const px = Number(value) * (unit === 'px' ? 1 : PX_PER_REM);
    // From X up (min-width, >=) the change is at X; up to X (max-width, <=) or above X (>) at the next whole pixel.
    const from = kind === 'min' || relation === '>=' || relation === '<' ? Math.ceil(px) : Math.floor(px) + 1;
    found.add(from);
  }
  return [...found].sort((a, b) => a - b);
}

/** The sweep's widths from `from` to `to` for the stylesheets in the output folder's assets/. */
export async function sweepWidths(outDir: string, from: number, to: number): Promise<number[]> {
  const assets = path.join(outDir, 'assets');
  const sheets = (await readdir(assets)).filter((file) => file.endsWith('.css'));
  const css = (await Promise.all(sheets.map((file) => readFile(path.join(assets, file), 'utf8')))).join('\n');
  const widths = new Set([from, to]);
  for (const at of breakpointsOf(css))
    for (const width of [at - 1, at]) if (width >= from && width <= to) widths.add(width);
  return [...widths].sort((a, b) => a - b);
}
