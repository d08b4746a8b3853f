import type { SiteConfig } from '../config';
import type { SectionData } from '../content/sections';
import { CardsSection, CoursesSection, JobsSection, ProgramsSection } from './CardSections';
import { ContactDetailsSection, ContactSection } from './ContactSections';
import { ServiceGroupsSection, WhyChooseSection } from './HomeSections';
import { ChecklistSection, CtaSection, ProseSection, StatsSection, StepsSection, TagsSection } from './ListSections';

/** Renders a page's sections in order; `prose` places the markdown body. */
export function SectionList({ sections, site, html }: { sections: SectionData[]; site: SiteConfig; html: string }) {
  return (
    <>
      {sections.map((section, index) => {
        const key = `${section.type}-${index}`;
        switch (section.type) {
          case 'cards': return <CardsSection key={key} section={section} />;
          case 'programs': return <ProgramsSection key={key} section={section} />;
          case 'courses': return <CoursesSection key={key} section={section} />;
          case 'jobs': return <JobsSection key={key} section={section} />;
          case 'steps':
          case 'timeline': return <StepsSection key={key} section={section} />;
          case 'stats': return <StatsSection key={key} section={section} />;
          case 'checklist': return <ChecklistSection key={key} section={section} />;
          case 'tags': return <TagsSection key={key} section={section} />;
          case 'cta': return <CtaSection key={key} section={section} />;
          case 'prose': return <ProseSection key={key} section={section} html={html} />;
          case 'service-groups': return <ServiceGroupsSection key={key} section={section} />;
          case 'why-choose': return <WhyChooseSection key={key} section={section} />;
          case 'contact': return <ContactSection key={key} section={section} site={site} />;
          case 'contact-details': return <ContactDetailsSection key={key} section={section} site={site} />;
        }
      })}
    </>
  );
}
