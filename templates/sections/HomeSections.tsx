/** The home page's composite sections: services overview and "Why Choose". */
import { ActionButton } from '../components/ActionButton';
import { Card, CheckList } from '../components/Card';
import { Icon } from '../components/icons';
import { Stats } from '../components/Stats';
import type { SectionOf } from '../content/sections';
import { SectionFrame } from './SectionFrame';

export function ServiceGroupsSection({ section }: { section: SectionOf<'service-groups'> }) {
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
              <ActionButton action={group.action} fallback="outline" />
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

export function WhyChooseSection({ section }: { section: SectionOf<'why-choose'> }) {
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
