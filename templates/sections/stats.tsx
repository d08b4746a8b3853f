/** A row of statistics. */
import { z } from 'zod';
import { Stats } from '../components/Stats';
import { stat } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('stats', { items: z.array(stat).min(1) });

function StatsSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <Stats items={section.items} tone={section.tone === 'dark' ? 'inverse' : 'default'} />
    </SectionFrame>
  );
}

export const stats = defineSection(schema, StatsSection);
