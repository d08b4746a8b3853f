/**
 * The site config: every fact that repeats across pages (name, contact details,
 * address, hours, social links, navigation, footer, base URL) lives once in
 * `site.yml` in the pages folder and is validated here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SiteError, throwIfAny } from '../core/errors';
import { validate } from './validate';
import { loadYaml, parseYaml } from './yaml';

export const CONFIG_FILE = 'site.yml';

/** A site route as the route table writes it: `/`, `/about`, `/a/b`. */
export const routePath = z
  .string()
  .regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, 'expected a route like /about (lowercase, no trailing slash)');

/** An internal route, optionally with an #anchor, or an external / mailto / tel / placeholder link. */
export const href = z
  .string()
  .regex(/^(\/[a-z0-9/-]*(#[A-Za-z][\w-]*)?|#[A-Za-z][\w-]*|#|https:\/\/\S+|mailto:\S+|tel:\+?[\d ]+)$/, 'expected /route, /route#anchor, #anchor, https://…, mailto: or tel:');

const link = z.strictObject({ label: z.string().min(1), href });

const navGroup = z.strictObject({
  label: z.string().min(1),
  path: routePath,
  items: z.array(z.strictObject({ name: z.string().min(1), path: href })).min(1),
});

const phone = z.string().regex(/^\+\d[\d ]{6,}$/, 'expected an international phone number like +234 201 555 0100');

export const siteConfigSchema = z.strictObject({
  name: z.string().min(1),
  legalName: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(50).max(200),
  baseUrl: z
    .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL like https://example.org' })
    .transform((url) => url.replace(/\/+$/, '')),
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_NG'),
  keywords: z.array(z.string().min(1)).default([]),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a hex colour like #0b1220'),
  logo: z.string().regex(/^\/\S+\.svg$/, 'expected the path of an SVG in the public folder, like /logo.svg'),
  foundingYear: z.number().int().min(1900).max(2100).optional(),
  contact: z.strictObject({
    phone,
    emergencyPhone: phone,
    email: z.email(),
    securityEmail: z.email(),
    privacyEmail: z.email(),
    careersEmail: z.email(),
    partnersEmail: z.email(),
  }),
  address: z.strictObject({
    street: z.string().min(1),
    locality: z.string().min(1),
    region: z.string().min(1),
    postalCode: z.string().min(1),
    country: z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166 country code like NG'),
    countryName: z.string().min(1),
  }),
  /** Named sets of opening hours, e.g. `office` and `support`; pages refer to them by name. */
  hours: z.record(z.string(), z.array(z.string().min(1)).min(1)),
  social: z.array(z.strictObject({ name: z.string().min(1), href, icon: z.string().min(1) })).default([]),
  navigation: z.strictObject({
    groups: z.array(navGroup),
    links: z.array(link),
    cta: link,
  }),
  footer: z.strictObject({
    columns: z.array(z.strictObject({ title: z.string().min(1), links: z.array(link).min(1) })),
    claims: z.array(z.string().min(1)),
    copyrightYear: z.number().int().min(1900).max(2100),
  }),
  /** Routes linked to that have no page yet: allowed to be missing, and reported as a warning. */
  plannedRoutes: z.array(routePath).default([]),
  /** Where forms post. Without an endpoint, forms offer to open the mail client instead. */
  forms: z.strictObject({ endpoint: z.url({ protocol: /^https$/ }).optional() }).default({}),
  securityTxt: z
    .strictObject({ expiresInDays: z.number().int().min(1).max(364).default(180), languages: z.array(z.string()).default(['en']) })
    .default({ expiresInDays: 180, languages: ['en'] }),
});

export type SiteConfig = z.output<typeof siteConfigSchema>;

/** The locale's language tag for `<html lang>`: en_NG → en-NG. */
export const languageTag = (config: Pick<SiteConfig, 'locale'>): string => config.locale.replace('_', '-');

export async function loadConfig(pagesDir: string, displayRoot = process.cwd()): Promise<SiteConfig> {
  const file = path.join(pagesDir, CONFIG_FILE);
  const shown = path.relative(displayRoot, file) || file;
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch (cause) {
    throw new SiteError('MissingConfig', `No site config at ${shown}`, { file: shown, cause });
  }
  await loadYaml();
  const yaml = parseYaml(source, shown);
  const result = validate(siteConfigSchema, yaml.data, { kind: 'InvalidConfig', file: shown, yaml });
  throwIfAny(result.errors);
  return result.value as SiteConfig;
}
