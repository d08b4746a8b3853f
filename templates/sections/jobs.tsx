/** Job openings, as cards that each carry the apply action. */
import { z } from 'zod';
import { ActionButton } from '../components/ActionButton';
import { Card } from '../components/Card';
import { action, label, text } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const jobOpening = z.strictObject({
  title: label,
  department: label,
  /** Only where the spec gives one. */
  location: label.optional(),
  type: label,
  experience: label,
  description: text,
});

const schema = sectionSchema('jobs', {
  items: z.array(jobOpening).min(1),
  apply: action,
  actions: z.array(action).default([]),
});

/**
 * The apply action for one opening: an email's subject names the role ("Job application: SOC Analyst"), so the
 * message a visitor starts says what it is about, and the recruiters see it at once.
 */
export function applyFor<A extends { href: string }>(apply: A, role: string): A {
  if (!apply.href.startsWith('mailto:')) return apply;
  const named = `%3A%20${encodeURIComponent(role)}`;
  const href = /[?&]subject=/.test(apply.href)
    ? apply.href.replace(/([?&]subject=[^&]*)/, `$1${named}`)
    : `${apply.href}${apply.href.includes('?') ? '&' : '?'}subject=Application${named}`;
  return { ...apply, href };
}

function JobsSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <div className="grid grid-2">
        {section.items.map((job) => (
          <Card
            key={job.title}
            card={{
              icon: 'briefcase',
              eyebrow: job.department,
              title: job.title,
              description: job.description,
              meta: [
                { label: 'Type', value: job.type, icon: 'clock' },
                { label: 'Experience', value: job.experience, icon: 'award' },
                ...(job.location ? [{ label: 'Location', value: job.location, icon: 'map-pin' as const }] : []),
              ],
              actions: [applyFor(section.apply, job.title)],
            }}
          />
        ))}
      </div>
      {section.actions.length > 0 && (
        <div className="section-actions">
          {section.actions.map((a) => (
            <ActionButton key={a.label} action={a} fallback="outline" />
          ))}
        </div>
      )}
    </SectionFrame>
  );
}

export const jobs = defineSection(schema, JobsSection);
