/**
 * Raster images the build makes from the site's SVG logo and config: the Open
 * Graph card (social networks do not take SVG), the JSON-LD logo and the Apple
 * touch icon. resvg renders them; each is cached under a digest of its SVG and
 * of the recipe (resvg's version, the fonts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SiteConfig } from '../config/config';
import { OG_IMAGE } from '../render/document';
import { SiteError } from '../base/errors';
import { displayPath, isInside } from '../base/paths';
import { GENERATOR_DIR } from '../base/engine-files';
import { checkInsidePages, LIMITS, readInput } from '../base/read-input';
import { entryKey, fingerprint, installedVersion, removeStale, touchEntry } from '../cache/cache-files';
import { readSealed, writeSealed } from '../cache/seal';
import { fontMetrics, missingCharacters } from './font-coverage';
import { lineBlock, nameBlock, type TextBlock } from './card-layout';

/**
 * Inter, regular and bold, as TrueType (resvg reads no WOFF): the two files the card draws with, kept in the engine
 * (with their licence, OFL.txt) rather than a package of every weight and style (docs/architecture.md).
 */
const FONTS = ['Inter-Regular.ttf', 'Inter-Bold.ttf'].map((file) => path.join(GENERATOR_DIR, 'assets', 'fonts', file));

// Characters XML 1.0 cannot hold at all (C0 controls but tab and line ends, lone surrogates, U+FFFE, U+FFFF).
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Text for the card's SVG, right in element content and in a double- or single-quoted attribute alike: `]]>` cannot
 * stand in XML content, so `>` is escaped as well as `<` and `&`.
 */
const escapeXml = (text: string) =>
  text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
const dataUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** The lines of the social card under the site's name (theme.socialCard), as the card writes them. */
export interface SocialCard {
  subtitle: string;
  footnote: string;
}

const [REGULAR, BOLD] = FONTS.map((file) => fontMetrics(file)) as [
  ReturnType<typeof fontMetrics>,
  ReturnType<typeof fontMetrics>,
];
const COVERAGE = [REGULAR.covers, BOLD.covers];

/** A line of the card its fonts cannot draw: left out of the card, and named in a warning (core/non-page-files.ts). */
export interface LineLeftOut {
  line: 'name' | 'subtitle' | 'footnote';
  text: string;
  characters: string[];
}

/**
 * The card's lines as drawn: a line with a character the fonts lack (a name in Chinese or Arabic) is left out whole,
 * rather than drawn with holes or as nothing, and returned in `leftOut`.
 */
export function cardLines(name: string, card: SocialCard): { name: string; card: SocialCard; leftOut: LineLeftOut[] } {
  const leftOut: LineLeftOut[] = [];
  const drawn = (line: LineLeftOut['line'], text: string) => {
    const characters = missingCharacters(text, COVERAGE);
    if (characters.length === 0) return text;
    leftOut.push({ line, text, characters });
    return '';
  };
  return {
    name: drawn('name', name),
    card: { subtitle: drawn('subtitle', card.subtitle), footnote: drawn('footnote', card.footnote) },
    leftOut,
  };
}

/** The card's lines without a theme's: the tagline (or description), then the site's host. */
export const defaultSocialCard = (site: SiteConfig): SocialCard => ({
  subtitle: site.tagline ?? site.description ?? '',
  footnote: hostOf(site),
});

export const hostOf = (site: Pick<SiteConfig, 'baseUrl'>) => site.baseUrl.replace(/^https?:\/\//, '');

/** The icons' background and the card's gradient end when the config names no theme colour. */
const DEFAULT_COLOUR = '#1e293b';

export function ogSvg(site: SiteConfig, logo: string | undefined, lines: SocialCard): string {
  const { width, height } = OG_IMAGE;
  const { name, card } = cardLines(site.name, lines);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#070d1a"/><stop offset="1" stop-color="${site.themeColor ?? DEFAULT_COLOUR}"/></linearGradient>
    <pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M48 0H0V48" fill="none" stroke="#ffffff" stroke-opacity="0.05"/></pattern>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <rect width="${width}" height="${height}" fill="url(#grid)"/>
${logo === undefined ? '' : `  <image href="${dataUri(logo)}" x="80" y="96" width="112" height="112"/>\n`}${texts(nameBlock(name, BOLD), 330, 'end', '700', '#ffffff')}${texts(lineBlock(card.subtitle, 34, 3, REGULAR), 400, 'start', '400', '#c7d2fe')}${texts(lineBlock(card.footnote, 26, 1, REGULAR), 540, 'start', '400', '#94a3b8')}</svg>`;
}

/**
 * A block's lines as SVG text elements, one a line: its first line's baseline at `y` (`start`), or its last line's
 * (`end`: the name grows upwards, away from the lines under it).
 */
function texts(block: TextBlock, y: number, at: 'start' | 'end', weight: string, fill: string): string {
  const first = at === 'start' ? y : y - (block.lines.length - 1) * block.leading;
  return block.lines
    .map(
      (line, i) =>
        `  <text x="80" y="${first + i * block.leading}" font-family="Inter" font-weight="${weight}" font-size="${block.size}" fill="${fill}">${escapeXml(line)}</text>\n`,
    )
    .join('');
}

function squareSvg(site: SiteConfig, logo: string, size: number): string {
  const pad = Math.round(size * 0.14);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${site.themeColor ?? DEFAULT_COLOUR}"/><image href="${dataUri(logo)}" x="${pad}" y="${pad}" width="${size - 2 * pad}" height="${size - 2 * pad}"/></svg>`;
}

/**
 * resvg is a native module: loaded only when an image is not in the cache (most builds find all three there).
 * It renders on libuv's thread pool, so the pages render meanwhile.
 */
async function render(svg: string): Promise<Uint8Array> {
  const { renderAsync } = await import('@resvg/resvg-js');
  return (
    await renderAsync(svg, { font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: 'Inter' } })
  ).asPng();
}

/** The icons made from the logo, when the config names one. */
export const LOGO_IMAGES = ['logo.png', 'apple-touch-icon.png'] as const;

/** Returns output path (relative to the site root) → PNG bytes: the social card, and the icons when there is a logo. */
export async function siteImages(
  site: SiteConfig,
  publicDir: string,
  cacheDir: string,
  card: SocialCard = defaultSocialCard(site),
): Promise<Map<string, Uint8Array>> {
  let logo: string | undefined;
  if (site.logo !== undefined) {
    const logoFile = path.join(publicDir, site.logo);
    // Only a regular file inside the public folder, whatever the path or its links say.
    if (!isInside(path.resolve(logoFile), path.resolve(publicDir)))
      throw new SiteError('LogoNotFound', { logo: site.logo }, { field: 'logo', file: displayPath(logoFile) });
    try {
      await checkInsidePages(logoFile, publicDir, displayPath(logoFile));
      logo = new TextDecoder().decode(await readInput(logoFile, displayPath(logoFile), LIMITS.logo));
    } catch (cause) {
      if (cause instanceof SiteError) throw cause;
      throw new SiteError('LogoNotFound', { logo: site.logo }, { field: 'logo', file: logoFile, cause });
    }
  }
  const jobs: Record<string, string> = {
    [OG_IMAGE.path.slice(1)]: ogSvg(site, logo, card),
    ...(logo === undefined
      ? {}
      : { [LOGO_IMAGES[0]]: squareSvg(site, logo, 512), [LOGO_IMAGES[1]]: squareSvg(site, logo, 180) }),
  };
  const out = new Map<string, Uint8Array>();
  // A cache that cannot be written only costs the next build a rendering.
  const caching = mkdir(cacheDir, { recursive: true }).then(
    () => true,
    () => false,
  );
  const kept = await Promise.all(
    Object.entries(jobs).map(async ([name, svg]) => {
      const entry = `img-${entryKey(IMAGE_RECIPE, svg)}.png`;
      const cached = path.join(cacheDir, entry);
      // Sealed (cache/seal.ts): an image edited in the cache is rendered again, never published.
      const stored = await readSealed(cached).then(async (bytes) =>
        bytes && isWholePng(bytes) ? (await touchEntry(cached), bytes) : undefined,
      );
      const png = stored ?? (await render(svg));
      if (!stored && (await caching)) await writeSealed(cached, png);
      out.set(name, png);
      return entry;
    }),
  );
  if (await caching) await removeStale(cacheDir, /^img-[0-9a-f]{16}\.png(\.tmp-.*)?$/, kept);
  return out;
}

/** What a rendered image depends on besides its SVG: resvg's version and the fonts it draws text with. */
const IMAGE_RECIPE = JSON.stringify([
  'resvg',
  installedVersion('@resvg/resvg-js'),
  FONTS.map((file) => [path.basename(file), fingerprint(file)]),
  'v2',
]);

/** A PNG that ends with its IEND chunk: anything shorter (a torn entry from a killed build, written before entries were renamed into place) is rendered again. */
const isWholePng = (bytes: Uint8Array) =>
  bytes.length > 12 && Buffer.from(bytes.subarray(bytes.length - 8, bytes.length - 4)).toString('latin1') === 'IEND';
