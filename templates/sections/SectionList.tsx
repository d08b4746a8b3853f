import type { ComponentType } from 'react';
import type { SiteConfig } from '../config';
import { sectionTypes, type SectionData, type SectionType } from '../content/sections';
import type { SectionProps } from './define-section';

type AnySectionProps = Omit<SectionProps<never>, 'section'> & { section: SectionData };

/**
 * The component registered for a section's type. The registry pairs each type's schema with a component for
 * that schema's data, which TypeScript cannot follow through an index by a union of keys: hence the cast.
 */
const componentOf = (type: SectionType) => sectionTypes[type].Component as ComponentType<AnySectionProps>;

/** Renders a page's sections in order; `prose` places the markdown body. */
export function SectionList({ sections, site, html }: { sections: SectionData[]; site: SiteConfig; html: string }) {
  return (
    <>
      {sections.map((section, index) => {
        const Component = componentOf(section.type);
        return <Component key={`${section.type}-${index}`} section={section} site={site} html={html} />;
      })}
    </>
  );
}
