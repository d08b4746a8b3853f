/** Grids of cards: plain cards, academy programmes, popular courses and job openings all render through Card. */
import { ActionButton } from '../components/ActionButton';
import { Card } from '../components/Card';
import type { SectionOf } from '../content/sections';
import { SectionFrame } from './SectionFrame';

const gridClass = (count: number, columns?: number) => `grid grid-${columns ?? (count % 3 === 0 || count > 4 ? 3 : count === 4 ? 4 : 2)}`;

export function CardsSection({ section }: { section: SectionOf<'cards'> }) {
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

function Footnotes({ items }: { items?: string[] }) {
  if (!items?.length) return null;
  return (
    <ul className="footnotes">
      {items.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

export function ProgramsSection({ section }: { section: SectionOf<'programs'> }) {
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

export function CoursesSection({ section }: { section: SectionOf<'courses'> }) {
  return (
    <SectionFrame section={section}>
      <div className={gridClass(section.items.length, 4)}>
        {section.items.map((c) => (
          <Card
            key={c.title}
            card={{
              icon: 'book-open',
              title: c.title,
              description: c.description,
              meta: [
                { label: 'Duration', value: `${c.hours} hours`, icon: 'clock' },
                { label: 'Students', value: c.students, icon: 'users' },
                { label: 'Rating', value: c.rating, icon: 'award' },
              ],
            }}
          />
        ))}
      </div>
      <Footnotes items={section.footnotes} />
    </SectionFrame>
  );
}

export function JobsSection({ section }: { section: SectionOf<'jobs'> }) {
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
              actions: [section.apply],
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
