/**
 * The site config: every fact that repeats across pages (name, contact details,
 * address, hours, social links, navigation, footer, base URL) lives once in
 * `site.yml` in the pages folder and is validated here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SiteError, throwIfAny } from '../core/errors';
import { characterError, firstForbidden } from './characters';
import { CONFIG_FILE } from './page-files';
import { decodeText } from './read-text';
import { textField } from './text-field';
import { checkedTexts } from './text-values';
import { fieldName, validate } from './validate';
import { fieldAt, parseYaml } from './yaml';

export { CONFIG_FILE };

/** A site route as the route table writes it: `/`, `/about`, `/a/b`. */
export const routePath = z
  .string()
  .max(200)
  .regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, 'expected a route like /about (lowercase, no trailing slash)');

/** An internal route, optionally with an #anchor, or an external / mailto / tel / placeholder link. */
export const href = z
  .string()
  .max(2000)
  .regex(/^(\/[a-z0-9/-]*(#[A-Za-z][\w-]*)?|#[A-Za-z][\w-]*|#|https:\/\/\S+|mailto:\S+|tel:\+?[\d ]+)$/, 'expected /route, /route#anchor, #anchor, https://…, mailto: or tel:');

const link = z.strictObject({ label: textField(60), href });

const navGroup = z.strictObject({
  label: textField(60),
  path: routePath,
  items: z.array(z.strictObject({ name: textField(60), path: href })).min(1),
});

const phone = z.string().max(30).regex(/^\+\d[\d ]{6,}$/, 'expected an international phone number like +234 201 555 0100');

/** The contact details every site has; a theme may extend them (more addresses, say) through its `config`. */
export const contactSchema = z.strictObject({
  phone,
  emergencyPhone: phone,
  email: z.email().max(254),
  securityEmail: z.email().max(254),
  privacyEmail: z.email().max(254),
});

export const siteConfigSchema = z.strictObject({
  name: textField(60),
  legalName: textField(120),
  tagline: textField(120),
  description: textField(200, 50),
  baseUrl: z
    .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL like https://example.org' })
    .max(2000)
    .transform((url) => url.replace(/\/+$/, '')),
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_NG'),
  keywords: z.array(textField(60)).default([]),
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a hex colour like #0b1220'),
  logo: z.string().max(200).regex(/^\/\S+\.svg$/, 'expected the path of an SVG in the public folder, like /logo.svg'),
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
  /** Routes linked to that have no page yet: allowed to be missing, and reported as a warning. */
  plannedRoutes: z.array(routePath).default([]),
  /** Where forms post. Without an endpoint, forms offer to open the mail client instead. */
  forms: z.strictObject({ endpoint: z.url({ protocol: /^https$/ }).max(2000).optional() }).default({}),
  /** Extra remark plugins, run in this order after GFM and before heading ids and HTML (generator/content/markdown.ts). */
  markdown: z
    .strictObject({
      plugins: z
        .array(
          z.strictObject({
            /** An npm package installed in the project, or a path from the project root starting with ./ */
            name: z
              .string()
              .max(300)
              .regex(/^(?:(?:@[a-zA-Z0-9~-][\w.~-]*\/)?[a-zA-Z0-9~-][\w.~-]*(?:\/[\w.~-]+)*|\.\.?\/\S+)$/, 'expected an npm package name like remark-smartypants or @scope/plugin, or a path like ./plugins/my-plugin.js'),
            /** Given to the plugin as its options. */
            options: z.unknown().optional(),
          }),
        )
        .default([]),
    })
    .default({ plugins: [] }),
  securityTxt: z
    .strictObject({
      expiresInDays: z.number().int().min(1).max(364).default(180),
      languages: z.array(textField(35)).default(['en']),
      /** The route of the security policy, named in security.txt when given. */
      policy: routePath.optional(),
    })
    .default({ expiresInDays: 180, languages: ['en'] }),
});

export type SiteConfig = z.output<typeof siteConfigSchema>;

/** The locale's language tag for `<html lang>`: en_NG → en-NG. */
export const languageTag = (config: Pick<SiteConfig, 'locale'>): string => config.locale.replace('_', '-');

/** Fields a theme adds to the config, or replaces (a `contact` with more addresses): zod schemas by key. */
export type ConfigExtension = z.ZodRawShape;

const extended = new WeakMap<ConfigExtension, z.ZodObject>();
function schemaWith(extension: ConfigExtension | undefined): z.ZodObject {
  if (!extension) return siteConfigSchema;
  let schema = extended.get(extension);
  if (!schema) extended.set(extension, (schema = siteConfigSchema.extend(extension)));
  return schema;
}

/** Reads and validates the site config; `extension`: the theme's fields (its `config`), validated as strictly. */
export async function loadConfig(pagesDir: string, displayRoot = process.cwd(), extension?: ConfigExtension): Promise<SiteConfig> {
  const file = path.join(pagesDir, CONFIG_FILE);
  const shown = path.relative(displayRoot, file) || file;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new SiteError('MissingConfig', { file: shown }, { file: shown, cause });
    throw new SiteError('UnreadableFile', { file: shown, reason: code ?? (cause as Error).message }, { file: shown, cause });
  }
  const fieldOf = (text: string, offset: number) => {
    const field = fieldAt(text, offset);
    return field && fieldName(field);
  };
  const source = decodeText(bytes, shown, fieldOf);
  const bad = firstForbidden(source);
  if (bad) throw characterError(source, shown, bad, fieldOf(source, bad.offset));
  const yaml = parseYaml(source, shown);
  if (yaml.data === null || (typeof yaml.data === 'object' && !Array.isArray(yaml.data) && Object.keys(yaml.data).length === 0)) {
    throw new SiteError('EmptyConfig', { file: shown }, { file: shown });
  }
  const data = checkedTexts(yaml.data, { file: shown, lineOf: yaml.lineOf });
  const result = validate(schemaWith(extension), data, { kind: 'InvalidConfig', file: shown, yaml });
  throwIfAny(result.errors);
  return result.value as SiteConfig;
}
