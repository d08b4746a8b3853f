/**
 * The engine's site config: what the engine itself needs of `site.yml` in the
 * pages folder (the site's name and base URL, and optional fields for what the
 * engine writes: the logo, the theme colour, security.txt...). Everything a
 * particular site shows (an organisation's address, contacts, navigation) is
 * declared by the theme that shows it, through its `config`, and validated
 * here as strictly.
 */
import path from 'node:path';
import { z } from 'zod';
import { SiteError, throwIfAny } from '../base/errors';
import { characterError, firstForbidden } from './characters';
import { checkInsidePages, LIMITS, readInput } from '../base/read-input';
import { decodeText } from '../base/read-text';
import { publicPath, singleLine, urlField } from './field-types';
import { textField } from './text-field';
import { checkedTexts } from './text-values';
import { validate } from './validate';
import { fieldAt, fieldName, parseYaml } from './yaml';

import { CONFIG_FILE } from './config-file';

export { CONFIG_FILE };

/** The locale of a config that names none. */
export const DEFAULT_LOCALE = 'en_US';

/** A site route as the route table writes it: `/`, `/about`, `/a/b`. */
export const routePath = z
  .string()
  .max(200)
  .regex(
    /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/,
    'expected a route like /about (lowercase, no trailing slash)',
  );

/** An internal route, optionally with an #anchor, or an external / mailto / tel / placeholder link. */
export const href = z
  .string()
  .max(2000)
  .regex(
    /^(\/[a-z0-9/-]*(#[A-Za-z][\w-]*)?|#[A-Za-z][\w-]*|#|https:\/\/\S+|mailto:\S+|tel:\+?[\d ]+)$/,
    'expected /route, /route#anchor, #anchor, https://…, mailto: or tel:',
  );

/** An email address, as the engine's fields and a theme's take it. */
export const email = z.email().max(254);

export const siteConfigSchema = z.strictObject({
  name: singleLine(60),
  baseUrl: z
    .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL like https://example.org' })
    .max(2000)
    // Every canonical URL, the sitemap and robots.txt start with it: a space, query or fragment would be in each.
    .refine(
      (url) => !/[\s\u0000-\u001f\u007f?#]/.test(url),
      'expected an absolute URL with no space, ? or #, like https://example.org/notes',
    )
    .transform((url) => url.replace(/\/+$/, '')),
  /** The language and region of the content: `<html lang>` and og:locale. */
  locale: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale like en_US')
    .default(DEFAULT_LOCALE),
  /** What the site is, in a sentence or two: the publisher's description in the JSON-LD. */
  description: textField(200).optional(),
  /** A short line under the site's name: on the social card and in its alt text. */
  tagline: textField(120).optional(),
  /** The keywords meta of pages that name none. */
  keywords: z.array(singleLine(60)).max(100).default([]),
  /** The browser's colour for the site (the theme-color meta), and the background of the icons made from the logo. */
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'expected a hex colour like #0b1220')
    .optional(),
  /** An SVG in the public folder: the favicon, and the PNG logo, touch icon and social card made from it. */
  logo: publicPath(['svg'], '/logo.svg').optional(),
  /**
   * Where a page's source can be edited: the built-in theme links each page to this URL with the page's path inside
   * the pages folder appended, each name URL-encoded (`guide/setup.md`), e.g.
   * `https://github.com/owner/repo/edit/main/pages/`.
   */
  editUrl: urlField(['https']).optional(),
  /**
   * `git`: each page shows when its file was last committed, read from the history of the pages folder in one
   * `git log`. A page with changes not yet committed, or not in git, shows no date. Off when absent.
   */
  lastUpdated: z.enum(['git']).optional(),
  /** Routes linked to that have no page yet: allowed to be missing, and reported as a warning. */
  plannedRoutes: z.array(routePath).default([]),
  /**
   * `warn`: a broken link or anchor is a warning, each with its file and line and the count at the end (with the links
   * broken most often), and the build goes on: for a site brought from another tool while its links are mended. `site
   * check` still fails on them. Absent or `error`: a broken link fails the build.
   */
  brokenLinks: z.enum(['error', 'warn']).optional(),
  /**
   * Route patterns by folder, for content written for Jekyll or Docusaurus (`blog: /blog/:year/:month/:day/:slug`):
   * each page inside the folder (but its own index page) takes the pattern, `:year`, `:month` and `:day` from its date
   * (frontmatter's, else its file name's: `2023-11-13-title.md`), `:slug` or `:title` from its slug or file name
   * without the date (pages/routes.ts, routeFromPattern).
   */
  permalinks: z
    .record(
      z
        .string()
        .max(200)
        .regex(/^[^/\\].*[^/\\]$|^[^/\\]$/, 'expected a folder inside the pages folder, as blog or docs/posts'),
      z.string().max(200).regex(/^\//, 'expected a route pattern starting with /, as /blog/:year/:month/:day/:slug'),
    )
    .optional(),
  /** Extra remark plugins, run in this order after GFM and before heading ids and HTML (generator/markdown/markdown.ts). */
  markdown: z
    .strictObject({
      plugins: z
        .array(
          z.strictObject({
            /** An npm package installed in the project, or a path from the project root starting with ./ */
            name: z
              .string()
              .max(300)
              .regex(
                /^(?:(?:@[a-zA-Z0-9~-][\w.~-]*\/)?[a-zA-Z0-9~-][\w.~-]*(?:\/[\w.~-]+)*|\.\.?\/\S+)$/,
                'expected an npm package name like remark-smartypants or @scope/plugin, or a path like ./plugins/my-plugin.js',
              ),
            /** Given to the plugin as its options. */
            options: z.unknown().optional(),
          }),
        )
        .default([]),
      /**
       * How headings' ids are made from their text: `github` (github-slugger: `## build.target` is `#buildtarget`, as on
       * GitHub and Docusaurus), `vitepress` (`#build-target`, for content whose links were written for VitePress) or
       * `mkdocs` (Python-Markdown's: `## Caret & Tilde` is `#caret-tilde`, accents dropped, a second one `_1`, for
       * content written for MkDocs). A heading can always name its own: `## Title {#my-id}`. Default: `github`.
       */
      headingIds: z.enum(['github', 'vitepress', 'mkdocs']).optional(),
    })
    .default({ plugins: [] }),
  /** `.well-known/security.txt` (RFC 9116): written when a contact is given. */
  securityTxt: z
    .strictObject({
      /** Where to report a vulnerability: an email address, or an https:// page. */
      contact: z
        .union([email, urlField(['https'])], { error: 'expected an email address or an https:// URL' })
        .optional(),
      expiresInDays: z.number().int().min(1).max(364).default(180),
      /** Language tags (RFC 5646), each on the Preferred-Languages line. */
      languages: z
        .array(
          z
            .string()
            .max(35)
            .regex(/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/, 'expected a language tag like en or pt-BR'),
        )
        .max(20)
        .default(['en']),
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
export async function loadConfig(
  pagesDir: string,
  displayRoot = process.cwd(),
  extension?: ConfigExtension,
): Promise<SiteConfig> {
  const file = path.join(pagesDir, CONFIG_FILE);
  const shown = path.relative(displayRoot, file) || file;
  let bytes: Uint8Array;
  try {
    await checkInsidePages(file, pagesDir, shown);
    bytes = await readInput(file, shown, LIMITS.config);
  } catch (cause) {
    if (cause instanceof SiteError) throw cause; // outside the pages folder, not a regular file, or too large
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new SiteError('MissingConfig', { file: shown }, { file: shown, cause });
    throw new SiteError(
      'UnreadableFile',
      { file: shown, reason: code ?? (cause as Error).message },
      { file: shown, cause },
    );
  }
  const fieldOf = (text: string, offset: number) => {
    const field = fieldAt(text, offset);
    return field && fieldName(field);
  };
  const source = decodeText(bytes, shown, fieldOf);
  const bad = firstForbidden(source);
  if (bad) throw characterError(source, shown, bad, fieldOf(source, bad.offset));
  const yaml = parseYaml(source, shown);
  if (
    yaml.data === null ||
    (typeof yaml.data === 'object' && !Array.isArray(yaml.data) && Object.keys(yaml.data).length === 0)
  ) {
    throw new SiteError('EmptyConfig', { file: shown }, { file: shown });
  }
  const data = checkedTexts(yaml.data, { file: shown, lineOf: yaml.lineOf });
  const result = validate(schemaWith(extension), data, { kind: 'InvalidConfig', file: shown, yaml });
  throwIfAny(result.errors);
  return result.value as SiteConfig;
}
