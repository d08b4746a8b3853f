/** The academy's programmes, as cards with their duration and level. */
import { z } from 'zod';
import { Card } from '../components/Card';
import { anchorId, iconName, label, text } from '../content/schemas';
import { Footnotes, gridClass } from './card-grid';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const academyProgram = z.strictObject({
  id: anchorId,
  icon: iconName,
  title: label,
  description: text,
  features: z.array(text).min(1),
  duration: label,
  level: label,
});

const schema = sectionSchema('programs', {
  items: z.array(academyProgram).min(1),
  footnotes: z.array(text).optional(),
});

function ProgramsSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <div className={gridClass(section.items.length)}>
        {section.items.map((p) => (
          <Card
            key={p.id}
            card={{
              id: p.id,
              icon: p.icon,
              title: p.title,
              description: p.description,
              features: p.features,
              meta: [
                { label: 'Duration', value: p.duration, icon: 'clock' },
                { label: 'Level', value: p.level, icon: 'gauge' },
              ],
            }}
          />
        ))}
      </div>
      <Footnotes items={section.footnotes} />
    </SectionFrame>
  );
}

export const programs = defineSection(schema, ProgramsSection);
