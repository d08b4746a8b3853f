/**
 * What the pages of a full build or an update are warned of, never stopped by: titles longer than search results
 * show, keys a loose template cannot tell from a misspelt field, a missing home or not-found page, code in a language
 * no grammar knows, and syntax written for other tools.
 */
import path from 'node:path';
import { SiteWarning } from '../base/errors';
import { LIMITS, readInputSync } from '../base/read-input';
import { closestPath, editDistance } from '../base/closest';
import type { Plan } from '../collections/plan';
import type { SiteConfig } from '../config/config';
import { acceptsOtherKeys, MAX_TITLE, pageSchema } from '../load/validate-frontmatter';
import { otherSyntaxWarnings } from '../markdown/other-syntax';
import { documentTitle, type PageHead, type PageInfo } from '../pages/page';
import { NOT_FOUND_ROUTE } from '../pages/routes';
import type { Theme } from '../pages/theme-types';
import { changedKeysSince } from '../base/changed-map';

/**
 * The pages each per-page warning is about, by file, and the files of the home and not-found pages, as found in
 * `pages` (a state's pages) with `config` and `theme`: the next update starts from them and looks again only at the
 * pages set or deleted since (base/changed-map.ts), when its pages are a copy of these and its config and theme the same.
 */
export interface PageFlags {
  pages: ReadonlyMap<string, PageInfo>;
  config: SiteConfig;
  theme: Theme;
  long: Map<string, PageInfo>;
  loose: Map<string, PageInfo>;
  code: Map<string, PageInfo>;
  other: Map<string, PageInfo>;
  special: Map<string, string>;
}

/**
 * What the pages of a full build or an update are warned of: titles too long, keys that look misspelt. `last`: the
 * flags of the state before, which `pages` may be a copy of.
 */
export function pageWarnings(
  pages: Map<string, PageInfo>,
  plan: Plan,
  config: SiteConfig,
  theme: Theme,
  configFile: string,
  root: string,
  last?: PageFlags,
): { warnings: SiteWarning[]; flags: PageFlags } {
  const flags = pageFlags(pages, config, theme, last);
  // Each warning is made of the pages it is about alone, by file (the order of a full build's pages), whatever
  // order an update's copy holds them in: the others add nothing to it (a site of thousands has few or none of them).
  const byFile = (found: Map<string, PageInfo>) =>
    [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return {
    warnings: [
      ...longTitles(byFile(flags.long), config, configFile),
      ...nearMissKeys(byFile(flags.loose), theme, root),
      ...missingPages(new Set(flags.special.values()), plan, config, theme, configFile),
      ...unknownCode(byFile(flags.code)),
      ...otherSyntaxWarnings(byFile(flags.other)),
    ],
    flags,
  };
}

/** The flags of `pages`: those of `last` with the pages set or deleted since looked at again, or each page looked at. */
function pageFlags(pages: Map<string, PageInfo>, config: SiteConfig, theme: Theme, last?: PageFlags): PageFlags {
  const changed = last && last.config === config && last.theme === theme ? changedKeysSince(pages, last.pages) : 'any';
  // The last flags, copied, when only the pages changed since are looked at; else none.
  const from = changed === 'any' ? undefined : last;
  const flags: PageFlags = {
    pages,
    config,
    theme,
    long: new Map(from?.long),
    loose: new Map(from?.loose),
    code: new Map(from?.code),
    other: new Map(from?.other),
    special: new Map(from?.special),
  };
  const otherKeys = otherKeysOf(theme);
  const look = (file: string, page: PageInfo) => {
    if (page.route === '/' || page.route === NOT_FOUND_ROUTE) flags.special.set(file, page.route);
    if (isLong(page, config)) flags.long.set(file, page);
    if (otherKeys(page)) flags.loose.set(file, page);
    if (page.unknownCode) flags.code.set(file, page);
    if (page.otherSyntax) flags.other.set(file, page);
  };
  if (changed === 'any') for (const [file, page] of pages) look(file, page);
  else
    for (const file of changed) {
      for (const found of [flags.long, flags.loose, flags.code, flags.other, flags.special]) found.delete(file);
      const page = pages.get(file);
      if (page) look(file, page);
    }
  return flags;
}

/** Whether a page's title and the site's name are longer than search results show (longTitles). */
const isLong = (page: { title: string }, config: Pick<SiteConfig, 'name'>) =>
  documentTitle(page.title, config.name).length > MAX_TITLE;

/**
 * Whether a page has a key its template's schema does not name, where that template takes other keys (nearMissKeys
 * reads no other page), each template's fields read once.
 */
function otherKeysOf(theme: Pick<Theme, 'templates'>): (page: Pick<PageHead, 'template' | 'data'>) => boolean {
  const known = new Map<string, ReadonlySet<string> | undefined>();
  return (page) => {
    if (!known.has(page.template)) {
      const template = theme.templates[page.template];
      known.set(
        page.template,
        template && acceptsOtherKeys(template.schema)
          ? new Set(Object.keys(pageSchema(template.schema).shape))
          : undefined,
      );
    }
    const fields = known.get(page.template);
    if (!fields) return false;
    for (const key in page.data) if (Object.hasOwn(page.data, key) && !fields.has(key)) return true;
    return false;
  };
}

/** Each language no grammar knows, once: the first page (by file) that uses it, and how many do. */
function unknownCode(pages: PageInfo[]): SiteWarning[] {
  const uses = new Map<string, string[]>();
  for (const page of pages)
    for (const language of page.unknownCode ?? []) {
      const files = uses.get(language) ?? [];
      files.push(page.file);
      uses.set(language, files);
    }
  return [...uses].map(([language, files]) => {
    return new SiteWarning('UnknownCodeLanguage', { language, file: files.sort()[0]!, pages: files.length });
  });
}

/**
 * The two pages every site should have and a folder of markdown brought from elsewhere often lacks: the home page
 * and the not-found page. A build without them works, so each is a warning, naming the file that would be it.
 */
function missingPages(
  routes: ReadonlySet<string>,
  plan: Plan,
  config: SiteConfig,
  theme: Theme,
  configFile: string,
): SiteWarning[] {
  const file = (name: string) => path.join(path.dirname(configFile), name);
  const home = { url: `${config.baseUrl}/`, file: file('index.md') };
  return [
    // The plan makes one for a theme with section pages (collections/navigation.ts): still the site's own is missing.
    ...(routes.has('/') ? [] : [new SiteWarning(plan.pages.has('/') ? 'GeneratedHomePage' : 'NoHomePage', home)]),
    ...(routes.has(NOT_FOUND_ROUTE)
      ? []
      : [
          new SiteWarning(
            'NoNotFoundPage',
            { file: file('404.md') },
            // The built-in theme (and a theme copied from it) has a template for it, with the link home.
            theme.templates['not-found']
              ? {
                  hint: 'Add 404.md to the pages folder, with `template: not-found`, a title and a line or two in it (as site new makes it).',
                }
              : {},
          ),
        ]),
  ];
}

/**
 * Search results cut titles at about 70 characters: a page's title plus " | {site name}" should fit. One warning for
 * every page that does not, naming the config field that made it so when the title alone would fit.
 */
export function longTitles(
  pages: readonly { file: string; title: string }[],
  config: Pick<SiteConfig, 'name'>,
  configFile: string,
): SiteWarning[] {
  const suffix = ` | ${config.name}`;
  const long = pages.filter((page) => isLong(page, config));
  if (long.length === 0) return [];
  const bySuffix = long.filter((page) => page.title.length <= MAX_TITLE);
  const files = long.map((page) => `${page.file} (${documentTitle(page.title, config.name).length})`);
  return [
    new SiteWarning('LongTitles', {
      count: long.length,
      max: MAX_TITLE,
      suffix,
      files,
      configField: bySuffix.length > 0 ? `name in ${configFile}` : undefined,
    }),
  ];
}

/**
 * A template that takes other keys as data (z.looseObject) cannot tell `descripton:` from data of its own: the page
 * builds with no description. One warning for each key within a slip of a field the page's schema knows, naming the
 * file, the line and the field. The line is read again from the file, only for such a key.
 */
export function nearMissKeys(
  pages: readonly Pick<PageHead, 'file' | 'template' | 'data'>[],
  theme: Pick<Theme, 'templates'>,
  root: string,
): SiteWarning[] {
  const warnings: SiteWarning[] = [];
  for (const page of pages) {
    const template = theme.templates[page.template];
    if (!template || !acceptsOtherKeys(template.schema)) continue;
    const known = Object.keys(pageSchema(template.schema).shape);
    for (const key of Object.keys(page.data)) {
      if (known.includes(key)) continue;
      const suggestion = nearKey(key, known);
      if (!suggestion) continue;
      const line = lineOfKey(path.resolve(root, page.file), page.file, key);
      warnings.push(
        new SiteWarning(
          'NearMissKey',
          { file: page.file, line, key, suggestion, template: page.template },
          { file: page.file },
        ),
      );
    }
  }
  return warnings;
}

/** The known key `key` is a slip for: one edit away for a short key (`name` is data, not `date`), closestPath's reach for longer ones. */
function nearKey(key: string, known: readonly string[]): string | undefined {
  const near = closestPath(key, known);
  if (near === undefined) return undefined;
  return key.length > 5 || editDistance(key.toLowerCase(), near.toLowerCase(), 2) <= 1 ? near : undefined;
}

/** The line of a top-level frontmatter key, in the file as it is now (undefined when it cannot be read or found). */
function lineOfKey(absolute: string, file: string, key: string): number | undefined {
  try {
    const text = new TextDecoder().decode(readInputSync(absolute, file, LIMITS.page));
    const end = text.indexOf('\n---', 3);
    const matter = text.startsWith('---') && end !== -1 ? text.slice(0, end) : '';
    const written = new RegExp(`^(["']?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1[ \\t]*:`, 'm').exec(matter);
    return written ? matter.slice(0, written.index).split('\n').length : undefined;
  } catch {
    return undefined; // gone or changed since it was read: the warning names the file and field without a line
  }
}
