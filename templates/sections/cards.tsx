/** A grid of plain cards. */
import { z } from 'zod';
import { Card } from '../components/Card';
import { card } from '../content/schemas';
import { gridClass } from './card-grid';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('cards', {
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).optional(),
  items: z.array(card).min(1),
});

function CardsSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <div className={gridClass(section.items.length, section.columns)}>
        {section.items.map((card) => (
          <Card key={card.title} card={card} />
        ))}
      </div>
    </SectionFrame>
  );
}

export const cards = defineSection(schema, CardsSection);
