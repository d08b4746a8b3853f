/** A call-to-action band: heading copy beside one or more buttons. */
import { z } from 'zod';
import { ActionButton } from '../components/ActionButton';
import { action } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { slug } from './SectionFrame';

const schema = sectionSchema('cta', { actions: z.array(action).min(1) });

function CtaSection({ section }: SectionProps<typeof schema>) {
  const headingId = `${section.id ?? slug(section.title)}-title`;
  return (
    <section
      id={section.id}
      className={`section cta-band tone-${section.tone ?? 'default'}`}
      aria-labelledby={headingId}
    >
      <div className="container">
        <div className="cta-panel">
          <div>
            {section.eyebrow && <p className="eyebrow">{section.eyebrow}</p>}
            <h2 id={headingId}>{section.title}</h2>
            {section.intro && <p className="lead">{section.intro}</p>}
          </div>
          <div className="cta-actions">
            {section.actions.map((action, i) => (
              <ActionButton key={action.label} action={action} size="lg" fallback={i === 0 ? 'default' : 'outline'} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

export const cta = defineSection(schema, CtaSection);
