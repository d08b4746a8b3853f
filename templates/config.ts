/**
 * What this site's theme needs of site.yml beyond the engine's generic config:
 * the organisation behind the site (legal name, contact points, address,
 * opening hours, social links), its navigation and footer, and where its forms
 * post. The engine validates these as strictly as its own fields (theme.config)
 * before any template sees them; `SiteConfig` here is the config as this
 * theme's Layout and templates receive it.
 */
import { z } from 'zod';
import {
  email,
  href,
  routePath,
  siteConfigSchema,
  textField,
  type SiteConfig as EngineConfig,
} from '../generator/theme';

const link = z.strictObject({ label: textField(60), href });

const navGroup = z.strictObject({
  label: textField(60),
  path: routePath,
  items: z.array(z.strictObject({ name: textField(60), path: href })).min(1),
});

const phone = z
  .string()
  .max(30)
  .regex(/^\+\d[\d ]{6,}$/, 'expected an international phone number like +234 201 555 0100');

export const contactSchema = z.strictObject({
  phone,
  emergencyPhone: phone,
  email,
  securityEmail: email,
  privacyEmail: email,
  careersEmail: email,
  partnersEmail: email,
});

export const websiteConfig = {
  // The engine's optional fields this theme shows on every page: required here.
  description: textField(200, 50),
  tagline: textField(120),
  themeColor: siteConfigSchema.shape.themeColor.unwrap(),
  logo: siteConfigSchema.shape.logo.unwrap(),
  legalName: textField(120),
  foundingYear: z.number().int().min(1900).max(2100).optional(),
  contact: contactSchema,
  /** Where the organisation offers its services (schema.org areaServed): places or regions by name. */
  areaServed: z.array(textField(100)).default([]),
  address: z.strictObject({
    street: textField(120),
    locality: textField(60),
    region: textField(60),
    postalCode: textField(20),
    country: z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166 country code like NG'),
    countryName: textField(60),
  }),
  /** Named sets of opening hours, e.g. `office` and `support`; pages refer to them by name. */
  hours: z.record(z.string(), z.array(textField(100)).min(1)),
  social: z.array(z.strictObject({ name: textField(40), href, icon: textField(40) })).default([]),
  navigation: z.strictObject({
    groups: z.array(navGroup),
    links: z.array(link),
    cta: link,
  }),
  footer: z.strictObject({
    columns: z.array(z.strictObject({ title: textField(60), links: z.array(link).min(1) })),
    claims: z.array(textField(120)),
    copyrightYear: z.number().int().min(1900).max(2100),
  }),
  /** Where forms post. Without an endpoint, forms offer to open the mail client instead. */
  forms: z
    .strictObject({
      endpoint: z
        .url({ protocol: /^https$/ })
        .max(2000)
        .optional(),
    })
    .default({}),
};

/** The site config as this theme's Layout and templates receive it. */
export type SiteConfig = Omit<EngineConfig, keyof typeof websiteConfig> & z.output<z.ZodObject<typeof websiteConfig>>;
