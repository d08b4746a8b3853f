/**
 * The company behind this site as every page's JSON-LD publishes it: the
 * engine's node (made of the generic config) with what this theme's config
 * adds: the legal name, contact points, address and social profiles.
 */
import type { Organization } from 'schema-dts';
import { organizationId } from '../generator/theme';
import type { SiteConfig } from './config';

export function organization(_generic: Organization, site: SiteConfig): Organization {
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: `${site.baseUrl}/`,
    logo: `${site.baseUrl}/logo.png`,
    email: site.contact.email,
    telephone: site.contact.phone,
    ...(site.foundingYear ? { foundingDate: String(site.foundingYear) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        telephone: site.contact.phone,
        email: site.contact.email,
        ...areaServed(site),
        availableLanguage: 'English',
      },
      {
        '@type': 'ContactPoint',
        contactType: 'emergency',
        telephone: site.contact.emergencyPhone,
        email: site.contact.securityEmail,
      },
    ],
    sameAs: site.social.map((s) => s.href).filter((href) => href.startsWith('https://')),
  };
}

/** schema.org's areaServed, as the config names it: none, one place, or a list. */
const areaServed = (site: SiteConfig): { areaServed?: string | string[] } =>
  site.areaServed.length === 0
    ? {}
    : { areaServed: site.areaServed.length === 1 ? site.areaServed[0]! : site.areaServed };
