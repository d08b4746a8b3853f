/**
 * The sections a page is made of, as a discriminated union on `type`. Pages
 * list them in frontmatter; each type has one component in sections/.
 */
import { z } from 'zod';
import { action, anchorId, card, iconName, label, processStep, serviceGroup, stat, text, timelinePhase } from './schemas';

/** Fields every section shares: an anchor id, heading copy and a background tone. */
const common = {
  id: anchorId.optional(),
  eyebrow: label.optional(),
  title: label,
  intro: text.optional(),
  tone: z.enum(['default', 'muted', 'dark']).optional(),
};

export const formField = z.strictObject({
  name: z.string().max(60).regex(/^[a-z][a-zA-Z]*$/, 'expected a camelCase field name like firstName'),
  /** A consent checkbox's label is a sentence or two. */
  label: text,
  type: z.enum(['text', 'email', 'tel', 'textarea', 'select', 'checkbox']),
  required: z.boolean().optional(),
  autocomplete: label.optional(),
  rows: z.number().int().min(2).max(20).optional(),
  options: z.array(label).min(1).optional(),
  placeholder: label.optional(),
  width: z.enum(['half', 'full']).optional(),
});

export const form = z.strictObject({
  /** Unique on the page: prefixes the control ids. */
  id: anchorId,
  fields: z.array(formField).min(1),
  submit: label,
  /** Show an asterisk on required fields (the spec's home form has no markers). */
  markRequired: z.boolean().default(false),
  /** Subject of the email a visitor is offered when no endpoint is configured. */
  subject: label,
  note: text.optional(),
});

export const academyProgram = z.strictObject({
  id: anchorId,
  icon: iconName,
  title: label,
  description: text,
  features: z.array(text).min(1),
  duration: label,
  level: label,
});

export const popularCourse = z.strictObject({
  title: label,
  description: text,
  hours: z.number().int().positive(),
  students: label,
  rating: z.string().regex(/^\d(\.\d)?\/5$/, 'expected a rating like 4.8/5'),
});

export const jobOpening = z.strictObject({
  title: label,
  department: label,
  /** Only where the spec gives one. */
  location: label.optional(),
  type: label,
  experience: label,
  description: text,
});

const cardsSection = z.strictObject({ type: z.literal('cards'), ...common, columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(), items: z.array(card).min(1) });
const stepsSection = z.strictObject({ type: z.literal('steps'), ...common, items: z.array(processStep).min(2) });
const timelineSection = z.strictObject({ type: z.literal('timeline'), ...common, items: z.array(timelinePhase).min(2) });
const statsSection = z.strictObject({ type: z.literal('stats'), ...common, items: z.array(stat).min(1) });
const checklistSection = z.strictObject({ type: z.literal('checklist'), ...common, items: z.array(text).min(1), aside: card.optional() });
const tagsSection = z.strictObject({
  type: z.literal('tags'),
  ...common,
  groups: z.array(z.strictObject({ title: label, icon: iconName.optional(), items: z.array(label).min(1) })).min(1),
});
const ctaSection = z.strictObject({ type: z.literal('cta'), ...common, actions: z.array(action).min(1) });
const proseSection = z.strictObject({ type: z.literal('prose'), ...common });
const programsSection = z.strictObject({ type: z.literal('programs'), ...common, items: z.array(academyProgram).min(1), footnotes: z.array(text).optional() });
const coursesSection = z.strictObject({ type: z.literal('courses'), ...common, items: z.array(popularCourse).min(1), footnotes: z.array(text).optional() });
const jobsSection = z.strictObject({ type: z.literal('jobs'), ...common, items: z.array(jobOpening).min(1), apply: action, actions: z.array(action).default([]) });
const serviceGroupsSection = z.strictObject({
  type: z.literal('service-groups'),
  ...common,
  groups: z.array(serviceGroup).min(1),
  closing: z.strictObject({ title: label, description: text, action }),
});
const whyChooseSection = z.strictObject({
  type: z.literal('why-choose'),
  ...common,
  stats: z.array(stat).min(1),
  values: z.array(card).min(1),
  action,
  certifications: z.strictObject({ title: label, intro: text.optional(), items: z.array(label).min(1) }),
});
/** The home page's contact band: promise, short form, hours and contact details from the config. */
const contactSection = z.strictObject({ type: z.literal('contact'), ...common, hours: label, hoursTitle: label, form });
/** The contact page: info cards from the config, the message form, the office and the emergency line. */
const contactDetailsSection = z.strictObject({
  type: z.literal('contact-details'),
  ...common,
  hours: label,
  form,
  formTitle: label,
  formIntro: text.optional(),
  office: z.strictObject({ title: label, description: text, directions: z.array(text).optional() }),
  emergency: z.strictObject({ title: label, description: text, action }),
});

export const section = z.discriminatedUnion('type', [
  cardsSection, stepsSection, timelineSection, statsSection, checklistSection, tagsSection, ctaSection, proseSection,
  programsSection, coursesSection, jobsSection, serviceGroupsSection, whyChooseSection, contactSection, contactDetailsSection,
]);

export type SectionData = z.output<typeof section>;
export type SectionOf<T extends SectionData['type']> = Extract<SectionData, { type: T }>;
