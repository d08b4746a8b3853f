/** A large checklist, with an optional card beside it. */
import { z } from 'zod';
import { Card, CheckList } from '../components/Card';
import { card, text } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('checklist', { items: z.array(text).min(1), aside: card.optional() });

function ChecklistSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section} align="start" className="section-split">
      <div className={section.aside ? 'split' : undefined}>
        <CheckList items={section.items} className="checklist-large" />
        {section.aside && (
          <div className="split-aside">
            <Card card={section.aside} />
          </div>
        )}
      </div>
    </SectionFrame>
  );
}

export const checklist = defineSection(schema, ChecklistSection);
