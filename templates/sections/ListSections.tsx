/** Sections that are lists at heart: process steps, timelines, statistics, checklists, tags, calls to action, prose. */
import { ActionButton } from '../components/ActionButton';
import { Card, CheckList } from '../components/Card';
import { Icon } from '../components/icons';
import { Stats } from '../components/Stats';
import type { SectionOf } from '../content/sections';
import { SectionFrame, slug } from './SectionFrame';

export function StepsSection({ section }: { section: SectionOf<'steps'> | SectionOf<'timeline'> }) {
  const timeline = section.type === 'timeline';
  return (
    <SectionFrame section={section}>
      <ol className={`steps steps-${section.items.length}${timeline ? ' steps-timeline' : ''}`}>
        {section.items.map((step, index) => (
          <li className="step" key={step.title}>
            <span className="step-number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="step-title">
              <span className="sr-only">{timeline ? `Phase ${index + 1}: ` : `Step ${index + 1}: `}</span>
              {step.title}
            </h3>
            {'duration' in step && (
              <p className="step-duration">
                <Icon name="clock" size={16} />
                {step.duration}
              </p>
            )}
            <p className="step-text">{step.description}</p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}

export function StatsSection({ section }: { section: SectionOf<'stats'> }) {
  return (
    <SectionFrame section={section}>
      <Stats items={section.items} tone={section.tone === 'dark' ? 'inverse' : 'default'} />
    </SectionFrame>
  );
}

export function ChecklistSection({ section }: { section: SectionOf<'checklist'> }) {
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

export function TagsSection({ section }: { section: SectionOf<'tags'> }) {
  return (
    <SectionFrame section={section}>
      <div className={`grid grid-${Math.min(section.groups.length, 3)}`}>
        {section.groups.map((group) => (
          <div className="tag-group" key={group.title}>
            <h3 className="tag-group-title">
              {group.icon && <Icon name={group.icon} size={20} />}
              {group.title}
            </h3>
            <ul className="tags">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </SectionFrame>
  );
}

export function CtaSection({ section }: { section: SectionOf<'cta'> }) {
  const headingId = `${section.id ?? slug(section.title)}-title`;
  return (
    <section id={section.id} className={`section cta-band tone-${section.tone ?? 'default'}`} aria-labelledby={headingId}>
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

export function ProseSection({ section, html }: { section: SectionOf<'prose'>; html: string }) {
  return (
    <SectionFrame section={section} align="start">
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </SectionFrame>
  );
}
