/**
 * What a section type is: a schema for its frontmatter and the component that renders it, defined together in
 * one file under sections/ and registered in content/sections.ts, from which both the union pages validate
 * against and the renderer (SectionList) are derived. A section cannot be registered without its component.
 */
import type { ComponentType } from 'react';
import { z } from 'zod';
import type { SiteConfig } from '../config';
import { anchorId, label, text } from '../content/schemas';

/** Fields every section shares: an anchor id, heading copy and a background tone. */
const sharedFields = {
  id: anchorId.optional(),
  eyebrow: label.optional(),
  title: label,
  intro: text.optional(),
  tone: z.enum(['default', 'muted', 'dark']).optional(),
};

/** A section's schema: its `type` as written in frontmatter, the shared fields, then its own (unknown keys are errors). */
export function sectionSchema<const Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) {
  return z.strictObject({ type: z.literal(type), ...sharedFields, ...shape });
}

/** What every section component receives; each uses what it needs (`html` is the page's rendered markdown). */
export interface SectionProps<Schema extends z.ZodType> {
  section: z.output<Schema>;
  site: SiteConfig;
  html: string;
}

export interface SectionDefinition<Schema extends z.ZodType> {
  schema: Schema;
  Component: ComponentType<SectionProps<Schema>>;
}

/** One section type: its schema and the component that renders data of that schema. */
export function defineSection<Schema extends z.ZodType>(
  schema: Schema,
  Component: ComponentType<SectionProps<Schema>>,
): SectionDefinition<Schema> {
  return { schema, Component };
}

/** The record of section types, each under its schema's `type`, so that the renderer finds a section's component by its type. */
export function sectionRegistry<
  Registry extends { [Type in keyof Registry]: { schema: { shape: { type: z.ZodLiteral<Type & string> } } } },
>(entries: Registry): Registry {
  return entries;
}
