import { z } from 'zod';
import { iconMarkup } from '../components/icons';
import { defineTemplate } from '../../generator/theme';
import type { SiteConfig } from '../config';
import { action, heroSlide, iconName } from '../content/schemas';
import { section } from '../content/sections';
import { Island } from '../../generator/theme';
import { HeroCarousel } from '../../islands/carousel';
import { SectionList } from '../sections/SectionList';

export const homeSchema = z.strictObject({
  hero: z.strictObject({
    label: z.string().min(1),
    slides: z.array(heroSlide).min(1),
    /** Shown on the first slide only. */
    highlights: z.array(z.strictObject({ icon: iconName, title: z.string().min(1), description: z.string().min(1) })),
    secondaryAction: action,
    scrollLabel: z.string().min(1),
  }),
  sections: z.array(section).min(1),
});

export const home = defineTemplate<typeof homeSchema, SiteConfig>({
  schema: homeSchema,
  component: ({ page, site }) => (
    <>
      <Island
        name="carousel"
        component={HeroCarousel}
        props={{
          ...page.data.hero,
          highlights: page.data.hero.highlights.map(({ icon, ...h }) => ({ ...h, iconSvg: iconMarkup(icon, 20) })),
        }}
        trigger="visible"
      />
      <SectionList sections={page.data.sections} site={site} html={page.html} />
    </>
  ),
});
