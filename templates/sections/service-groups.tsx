/** The home page's services overview: a card per group of services, then a closing panel. */
import { z } from 'zod';
import { ActionButton } from '../components/ActionButton';
import { Icon } from '../components/icons';
import { action, label, serviceGroup, text } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('service-groups', {
  groups: z.array(serviceGroup).min(1),
  closing: z.strictObject({ title: label, description: text, action }),
});

function ServiceGroupsSection({ section }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <div className="grid grid-3 service-groups">
        {section.groups.map((group) => (
          <article className="card card-service" key={group.title}>
            <div className="card-icon">
              <Icon name={group.icon} size={24} />
            </div>
            <h3 className="card-title">{group.title}</h3>
            <p className="card-text">{group.description}</p>
            <ul className="service-list">
              {group.services.map((service) => (
                <li key={service.name}>
                  <Icon name={service.icon} size={18} />
                  <div>
                    <strong>{service.name}</strong>
                    <span>{service.description}</span>
                  </div>
                </li>
              ))}
            </ul>
            <div className="card-actions">
              <ActionButton action={group.action} fallback="outline" context={group.title} />
            </div>
          </article>
        ))}
      </div>
      <div className="closing-panel">
        <div>
          <h3>{section.closing.title}</h3>
          <p>{section.closing.description}</p>
        </div>
        <ActionButton action={section.closing.action} size="lg" />
      </div>
    </SectionFrame>
  );
}

export const serviceGroups = defineSection(schema, ServiceGroupsSection);
