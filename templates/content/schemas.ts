/**
 * The content records of the specification as zod schemas. Frontmatter is
 * validated against them strictly: a misspelt field is an error, never a
 * silently missing section.
 */
import { z } from 'zod';
import { publicPath } from '../../generator/theme';
import { iconNames } from '../components/icons';
import { INLINE_LINK } from './inline-link';

/**
 * Text that is not blank and at most `max` characters: an empty or all-space value is a field left half-written, and
 * one far longer than its place in the layout is a paste gone wrong.
 */
export const textOf = (max: number) =>
  z
    .string()
    .max(max, {
      error: (issue) =>
        `is ${typeof issue.input === 'string' ? issue.input.length.toLocaleString('en') : '?'} characters long; at most ${max} fit here`,
    })
    .regex(/\S/, 'is blank: write the text, or leave the field out where it is optional');
/** One line of copy: a title, label, name or button text. */
export const label = textOf(120);
/** A paragraph: a description, a lead, a list item. */
export const text = textOf(1000);
/** A lucide icon name from components/icons.tsx. */
export const iconName = z.enum(iconNames);
/** Internal route (optionally with #anchor), #anchor, https, mailto: or tel: link. */
export const href = z
  .string()
  .max(2000)
  .regex(
    /^(\/[a-z0-9/-]*(#[A-Za-z][\w-]*)?|#[A-Za-z][\w-]*|https:\/\/\S+|mailto:\S+|tel:\+?[\d ]+)$/,
    'expected /route, /route#anchor, #anchor, https://…, mailto: or tel:',
  );
/**
 * A paragraph that may hold `[label](href)` links (a consent checkbox's label, a form's note): each link's href is held
 * to the same rule as every other link (`href`), so none publishes a javascript:, data: or protocol-relative URL.
 */
export const linkedText = text.superRefine((value, ctx) => {
  for (const [, , target] of value.matchAll(INLINE_LINK)) {
    if (!href.safeParse(target).success)
      ctx.addIssue({
        code: 'custom',
        message: `links to "${target}": expected /route, /route#anchor, #anchor, https://…, mailto: or tel:`,
      });
  }
});

/** An HTML id, used for in-page anchors. */
export const anchorId = z
  .string()
  .max(60)
  .regex(/^[a-z][a-z0-9-]*$/, 'expected a lowercase id like attack-surface');

export const buttonVariant = z.enum(['default', 'destructive', 'outline', 'secondary', 'ghost', 'link']);

/**
 * A call to action: it always goes somewhere a visitor can act (a page, a form on the page, the mail app or the
 * phone). A button that does nothing reads as broken, so an action without `href` does not validate.
 */
export const action = z.strictObject({
  label,
  href,
  variant: buttonVariant.optional(),
  icon: iconName.optional(),
});

export const heroSlide = z.strictObject({
  title: label,
  subtitle: label,
  description: text,
  /** Background art, a path in the public folder. */
  image: publicPath(['svg', 'png', 'webp', 'jpg'], '/images/hero/network.svg'),
  cta: label,
  link: href,
});

export const stat = z.strictObject({ number: label, label, description: text.optional() });

export const processStep = z.strictObject({ title: label, description: text });

export const timelinePhase = z.strictObject({ title: label, description: text, duration: label });

/** One card shape serves service cards, feature cards, programmes, courses, openings and info cards. */
export const card = z.strictObject({
  id: anchorId.optional(),
  icon: iconName.optional(),
  eyebrow: label.optional(),
  title: label,
  description: text.optional(),
  /** Bulleted features, benefits or capabilities. */
  features: z.array(text).optional(),
  /** Label–value facts (duration, level, hours, location...). */
  meta: z.array(z.strictObject({ label, value: label, icon: iconName.optional() })).optional(),
  actions: z.array(action).optional(),
});
export type Card = z.output<typeof card>;

export const serviceGroup = z.strictObject({
  title: label,
  description: text,
  icon: iconName,
  services: z.array(z.strictObject({ name: label, icon: iconName, description: text })).min(1),
  action: action,
});

export const pageHero = z.strictObject({
  eyebrow: label.optional(),
  title: label,
  lead: text,
  icon: iconName.optional(),
  actions: z.array(action).default([]),
  /** Short facts shown under the lead (e.g. "Up to 90% fewer incidents"). */
  highlights: z.array(label).optional(),
});
