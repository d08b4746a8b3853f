/** Numbered process steps, and the timeline (steps with a duration each): one component for both types. */
import { z } from 'zod';
import { Icon } from '../components/icons';
import { processStep, timelinePhase } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const stepsSchema = sectionSchema('steps', { items: z.array(processStep).min(2) });
const timelineSchema = sectionSchema('timeline', { items: z.array(timelinePhase).min(2) });

function StepsSection({ section }: SectionProps<typeof stepsSchema | typeof timelineSchema>) {
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

export const steps = defineSection(stepsSchema, StepsSection);
export const timeline = defineSection(timelineSchema, StepsSection);
