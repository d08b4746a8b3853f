import { z } from 'zod';
import { defineTemplate } from '../../generator/types';
import { iconName } from '../components/icons';
import { action, heroSlide } from '../content/schemas';
import { section } from '../content/sections';
import { HeroCarousel } from '../sections/HeroCarousel';
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

export const home = defineTemplate({
  schema: homeSchema,
  component: ({ page, site }) => (
    <>
      <HeroCarousel {...page.data.hero} />
      <SectionList sections={page.data.sections} site={site} html={page.html} />
    </>
  ),
});
