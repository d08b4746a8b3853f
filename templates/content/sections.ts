/**
 * The sections a page is made of. Each section type is one file under sections/ that defines its schema and
 * its component (defineSection); registering it here, under its `type`, is all it takes: the union pages
 * validate against and the renderer (sections/SectionList.tsx) are both derived from this one record, so a
 * section with no renderer cannot exist.
 */
import { z } from 'zod';
import { cards } from '../sections/cards';
import { checklist } from '../sections/checklist';
import { contact } from '../sections/contact';
import { contactDetails } from '../sections/contact-details';
import { courses } from '../sections/courses';
import { cta } from '../sections/cta';
import { sectionRegistry } from '../sections/define-section';
import { jobs } from '../sections/jobs';
import { programs } from '../sections/programs';
import { prose } from '../sections/prose';
import { serviceGroups } from '../sections/service-groups';
import { stats } from '../sections/stats';
import { steps, timeline } from '../sections/steps';
import { tags } from '../sections/tags';
import { whyChoose } from '../sections/why-choose';

/** Every section type, in the order the union tries them. */
export const sectionTypes = sectionRegistry({
  cards,
  steps,
  timeline,
  stats,
  checklist,
  tags,
  cta,
  prose,
  programs,
  courses,
  jobs,
  'service-groups': serviceGroups,
  'why-choose': whyChoose,
  contact,
  'contact-details': contactDetails,
});

type Registry = typeof sectionTypes;
export type SectionType = keyof Registry;
type SectionSchema = Registry[SectionType]['schema'];

const schemas = Object.values(sectionTypes).map((entry) => entry.schema) as [SectionSchema, ...SectionSchema[]];

/** Any section, discriminated on `type`. */
export const section = z.discriminatedUnion('type', schemas);

export type SectionData = z.output<typeof section>;
