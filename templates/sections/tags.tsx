/** Groups of tags, each under a title. */
import { z } from 'zod';
import { Icon } from '../components/icons';
import { iconName, label } from '../content/schemas';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('tags', {
  groups: z.array(z.strictObject({ title: label, icon: iconName.optional(), items: z.array(label).min(1) })).min(1),
});

function TagsSection({ section }: SectionProps<typeof schema>) {
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

export const tags = defineSection(schema, TagsSection);
