/**
 * Issue 40: the social card's text. Whatever the site's name and tagline hold, the card's SVG is well-formed (its
 * text escaped for element content and attributes alike); a line the card's font cannot draw (a name in Chinese or
 * Arabic) is left out knowingly, with a warning naming it, never drawn as nothing in silence.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cardLines, siteImages } from '../../generator/assets/images';
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
});
