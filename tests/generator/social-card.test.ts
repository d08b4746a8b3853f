/**
 * Issue 40: the social card's text. Whatever the site's name and tagline hold, the card's SVG is well-formed (its
 * text escaped for element content and attributes alike); a line the card's font cannot draw (a name in Chinese or
 * Arabic) is left out knowingly, with a warning naming it, never drawn as nothing in silence.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cardLines, defaultSocialCard, ogSvg, siteImages } from '../../generator/assets/images';
import { GENERATOR_DIR } from '../../generator/base/engine-files';
import type { SiteConfig } from '../../generator/config/config';
import type { Theme } from '../../generator/pages/theme-types';
import { socialCardWarnings } from '../../generator/core/non-page-files';

const dir = await mkdtemp(path.join(os.tmpdir(), 'social-card-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const site = (name: string, tagline?: string) =>
  ({ name, baseUrl: 'https://notes.example', ...(tagline === undefined ? {} : { tagline }) }) as SiteConfig;
const card = async (name: string, tagline?: string) =>
  Buffer.from(
    (await siteImages(site(name, tagline), path.join(dir, 'public'), path.join(dir, 'cache'))).get('og-image.png')!,
  );
const noTheme = { templates: {} } as unknown as Theme;

describe('the social card', () => {
  it('draws a name and tagline holding ]]>, <, &, and quotes, each as written', async () => {
    const hostile = [
      'Wrap text in <![CDATA[ … ]]> sections',
      'a < b && c > d',
      `"double" and 'single' quotes`,
      'x]]>y</text><script>alert(1)</script>',
    ];
    const cards = await Promise.all(hostile.map((tagline) => card('Notes', tagline)));
    for (const png of cards) expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Each tagline is drawn: no two cards alike, and none like the card without a tagline.
    const plain = await card('Notes');
    expect(new Set([plain, ...cards].map((png) => png.toString('base64'))).size).toBe(hostile.length + 1);
  }, 60_000);

  it('leaves out a line its font cannot draw, and says so; what it can draw it draws', async () => {
    expect(cardLines('東京ノート', { subtitle: 'Notes from Tokyo', footnote: 'notes.example' })).toEqual({
      name: '',
      card: { subtitle: 'Notes from Tokyo', footnote: 'notes.example' },
      leftOut: [{ line: 'name', text: '東京ノート', characters: ['東', '京', 'ノ', 'ー', 'ト'] }],
    });
    const warnings = socialCardWarnings(site('مدونة', 'Ελληνικά και Русский'), noTheme);
    expect(warnings.map((w) => w.kind)).toEqual(['SocialCardTextLeftOut']);
    expect(warnings[0]!.message).toBe(
      'The social card (og-image.png) leaves out the name "مدونة": its font, Inter, has no م د و ن ة',
    );
    expect(socialCardWarnings(site('Café Ελληνικά Русский', 'Ünïcödé — “quoted”'), noTheme)).toEqual([]);
  });

  it('wraps a name and a tagline as long as site.yml allows inside the card, every word kept', async () => {
    const name = 'Field Notes from the Far Side of the Operations Floor Today'; // 59 characters (at most 60)
    const tagline =
      'Short notes on running small, secure web services, written as we learn them, one incident review at a time, okay'; // 113 (at most 120)
    const svg = ogSvg(
      { ...site(name, tagline), themeColor: '#1e293b' } as SiteConfig,
      undefined,
      defaultSocialCard(site(name, tagline)),
    );
    const drawn = [...svg.matchAll(/<text [^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].map((m) => [
      Number(m[1]),
      m[2]!,
    ]);
    const of = (size: number) =>
      drawn
        .filter(([s]) => s === size)
        .map(([, text]) => text)
        .join(' ');
    expect(of(64)).toBe(name); // two lines, smaller
    expect(of(34)).toBe(tagline);
    expect(of(26)).toBe('notes.example');
    // Drawn by resvg with the card's fonts (kerning and all), the text alone ends inside the right margin.
    const { Resvg } = await import('@resvg/resvg-js');
    const textOnly = svg.replace(/<defs>[\s\S]*?<\/defs>|<rect [^>]*\/>/g, '');
    const fontFiles = ['Inter-Regular.ttf', 'Inter-Bold.ttf'].map((file) =>
      path.join(GENERATOR_DIR, 'assets', 'fonts', file),
    );
    const box = new Resvg(textOnly, {
      font: { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Inter' },
    }).getBBox()!;
    expect(box.x).toBeGreaterThanOrEqual(80);
    expect(box.x + box.width).toBeLessThanOrEqual(1200 - 80);
    expect(box.y).toBeGreaterThan(0);
  });

  it('ends what does not fit in three lines with an ellipsis, inside the card', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const svg = ogSvg(site('Notes') as SiteConfig, undefined, { subtitle: long, footnote: 'x'.repeat(200) });
    const lines = [...svg.matchAll(/<text [^>]*font-size="(34|26)"[^>]*>([^<]*)<\/text>/g)].map((m) => m[2]!);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/…$/);
    expect(lines[3]).toMatch(/^x+…$/);
  });
});
