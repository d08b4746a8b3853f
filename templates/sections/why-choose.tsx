/** The home page's "Why Choose": statistics, value cards, an action and the certifications panel. */
import { z } from 'zod';
import { ActionButton } from '../components/ActionButton';
import { Card, CheckList } from '../components/Card';
import { Stats } from '../components/Stats';
import { action, card, label, stat, text } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('why-choose', {
  stats: z.array(stat).min(1),
  values: z.array(card).min(1),
  action,
  certifications: z.strictObject({ title: label, intro: text.optional(), items: z.array(label).min(1) }),
});

function WhyChooseSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <Stats items={section.stats} />
      <div className="grid grid-4 values">
        {section.values.map((value) => (
          <Card key={value.title} card={value} />
        ))}
      </div>
      <div className="section-actions">
        <ActionButton action={section.action} size="lg" fallback="outline" />
      </div>
      <div className="cert-panel">
        <div>
          <h3>{section.certifications.title}</h3>
          {section.certifications.intro && <p>{section.certifications.intro}</p>}
        </div>
        <CheckList items={section.certifications.items} className="cert-list" />
      </div>
    </SectionFrame>
  );
}

export const whyChoose = defineSection(schema, WhyChooseSection);
