/**
 * The general page: a hero, then sections. Most pages are this template with
 * different data; `service` adds the schema.org Service.
 */
import { z } from 'zod';
import type { Course, Service, Thing } from 'schema-dts';
import type { SiteConfig } from '../config';
import { defineTemplate, type PageInfo } from '../../generator/theme';
import { organizationId } from '../../generator/theme';
import { PageHero } from '../components/PageHero';
import { pageHero } from '../content/schemas';
import { section, type SectionData } from '../content/sections';
import { SectionList } from '../sections/SectionList';
import { crumbsOf } from './helpers';

export const pageSchema = z.strictObject({
  hero: pageHero,
  sections: z.array(section).min(1),
});

type PageData = z.output<typeof pageSchema>;

function PageBody({ page, site }: { page: PageInfo<PageData>; site: SiteConfig }) {
  return (
    <>
      <PageHero hero={page.data.hero} breadcrumbs={crumbsOf(page)} />
      <SectionList sections={page.data.sections} site={site} html={page.html} />
    </>
  );
}

/** Course entries for any popular-courses section on the page. */
function courses(sections: SectionData[], site: SiteConfig): Course[] {
  return sections.flatMap((s) =>
    s.type === 'courses'
      ? s.items.map((c): Course => ({
          '@type': 'Course',
          name: c.title,
          description: c.description,
          provider: {
            '@type': 'Organization',
            '@id': organizationId(site),
            name: site.name,
            sameAs: `${site.baseUrl}/`,
          },
          timeRequired: `PT${c.hours}H`,
          inLanguage: 'en',
          hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Blended', courseWorkload: `PT${c.hours}H` },
          offers: { '@type': 'Offer', category: 'Paid', availability: 'https://schema.org/InStock' },
        }))
      : [],
  );
}

export const page = defineTemplate({
  schema: pageSchema,
  component: PageBody,
  jsonLd: (p, site): Thing[] => courses(p.data.sections, site),
});

export const serviceSchema = pageSchema.extend({
  service: z.strictObject({
    /** schema.org serviceType, e.g. "Cloud security". */
    serviceType: z.string().min(1),
    category: z.string().min(1).optional(),
  }),
});

export const service = defineTemplate({
  schema: serviceSchema,
  component: PageBody,
  jsonLd: (p, site): Thing[] => [
    {
      '@type': 'Service',
      '@id': `${p.url}#service`,
      name: p.data.hero.title,
      serviceType: p.data.service.serviceType,
      ...(p.data.service.category ? { category: p.data.service.category } : {}),
      description: p.description,
      url: p.url,
      provider: { '@id': organizationId(site) },
      areaServed: [
        ...site.areaServed.map((name) => ({ '@type': 'Place' as const, name })),
        { '@type': 'Country', name: site.address.countryName },
      ],
    } satisfies Service,
  ],
});
