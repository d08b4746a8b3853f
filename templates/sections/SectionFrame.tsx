import type { ReactNode } from 'react';
import { Section, SectionHeading } from '../components/Section';

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A section band with its heading; the heading labels the section for assistive technology. */
export function SectionFrame({
  section,
  children,
  className,
  align,
}: {
  section: { id?: string; eyebrow?: string; title: string; intro?: string; tone?: 'default' | 'muted' | 'dark' };
  children: ReactNode;
  className?: string;
  align?: 'center' | 'start';
}) {
  const headingId = `${section.id ?? slug(section.title)}-title`;
  return (
    <Section id={section.id} tone={section.tone} className={className} labelledBy={headingId}>
      <SectionHeading
        id={headingId}
        eyebrow={section.eyebrow}
        title={section.title}
        intro={section.intro}
        align={align}
      />
      {children}
    </Section>
  );
}
