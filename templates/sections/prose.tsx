/** The place of the page's markdown body among its sections. */
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('prose', {});

function ProseSection({ section, html }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section} align="start">
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </SectionFrame>
  );
}

export const prose = defineSection(schema, ProseSection);
