/**
 * Templates decide how strict they are: a strict schema rejects unknown keys (with "did you mean" for a near miss),
 * a loose one takes them as data; each schema failure gets the hint that fits it.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describePage } from '../../generator/load/validate-frontmatter';
import type { SiteConfig } from '../../generator/config/config';
import { siteErrorsOf } from '../../generator/base/errors';
import { defineTemplate, textField, type Theme } from '../../generator/theme';

const config = {
  name: 'Notes',
  baseUrl: 'https://notes.example.org',
  locale: 'en_US',
  keywords: [],
  plannedRoutes: [],
  markdown: { plugins: [] },
  securityTxt: { expiresInDays: 180, languages: ['en'] },
} as SiteConfig;
const strict = defineTemplate({
  schema: z.strictObject({ title: textField(70), description: textField(200, 20) }),
  component: () => null,
});
const loose = defineTemplate({ schema: z.looseObject({}), component: () => null });
const theme = {
  Layout: () => null,
  stylesheet: 'x.css',
  templates: { prose: loose, article: strict },
} as unknown as Theme;

/** Describes a page whose frontmatter is `matter` (YAML), returning the page or its errors. */
function describe_(matter: string, data: Record<string, unknown>) {
  try {
    return describePage(
      { relativeFile: 'guide/p.md', file: 'pages/guide/p.md', data, matter, derived: {} },
      { config, theme, readmes: new Set() },
    );
  } catch (error) {
    return siteErrorsOf(error).map(({ kind, field, line, message, hint }) => ({ kind, field, line, message, hint }));
  }
}

describe('the template a page names', () => {
  it("is one of the theme's own: a name of the object prototype is UnknownTemplate (issue 40)", () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const errors = describe_(`template: ${name}\n`, { template: name });
      expect(Array.isArray(errors) && errors.map((e) => [e.kind, e.field, e.line]), name).toEqual([
        ['UnknownTemplate', 'template', 1],
      ]);
    }
  });
});

describe('a strict template', () => {
  it('names a misspelt key once, with the field it was meant to be, not also "required" for that field', () => {
    const errors = describe_('template: article\ntitle: Hello\ndescripton: A description long enough\n', {
      template: 'article',
      title: 'Hello',
      descripton: 'A description long enough',
    });
    expect(errors).toEqual([
      {
        kind: 'UnknownFrontmatterKey',
        field: 'descripton',
        line: 3,
        message:
          "descripton: unknown key (not in the template's schema); did you mean `description` (required, and missing)?",
        hint: 'Rename it to description: the template "article" has that field and no other like it.',
      },
    ]);
  });

  it('gives each failure its own hint: missing, type, length, and an unknown key with nothing near', () => {
    const errors = describe_('template: article\nnoindex: yes please\ntitle: x\nsidebar: left\n', {
      template: 'article',
      noindex: 'yes please',
      title: 'x'.repeat(80),
      sidebar: 'left',
    });
    expect(Array.isArray(errors) && errors.map((e) => [e.field, e.hint])).toEqual([
      ['title', 'Shorten title to at most 70 characters.'],
      ['description', 'Add description: to the frontmatter; the template "article" requires it.'],
      ['noindex', 'Write noindex as a boolean.'],
      [
        'sidebar',
        expect.stringMatching(
          /^Remove it, or check its spelling: the template "article" knows title, description, keywords, template, slug, noindex, breadcrumb.*z\.looseObject/,
        ),
      ],
    ]);
  });
});

describe('a loose template', () => {
  it('takes keys it does not name as data, and takes title and description from the markdown when absent', () => {
    const page = describe_('date: 2025-03-01\ntags: [a, b]\nsidebar: { order: 2 }\n', {
      date: '2025-03-01',
      tags: ['a', 'b'],
      sidebar: { order: 2 },
    });
    expect(page).toMatchObject({
      route: '/guide/p',
      title: 'P',
      description: 'P',
      data: { sidebar: { order: 2 }, tags: ['a', 'b'] },
    });
  });

  it('still checks the base fields it shares with every template', () => {
    const errors = describe_('noindex: 3\n', { noindex: 3 });
    expect(errors).toEqual([
      expect.objectContaining({ field: 'noindex', line: 1, hint: 'Write noindex as a boolean.' }),
    ]);
  });
});

describe('a date from the file name', () => {
  const numbered = defineTemplate({ schema: z.object({ date: z.number().optional() }), component: () => null });
  const dated = { ...theme, templates: { ...theme.templates, numbered } } as unknown as Theme;
  const at = (relativeFile: string, data: Record<string, unknown>) =>
    describePage(
      { relativeFile, file: `pages/${relativeFile}`, data, matter: '', derived: {} },
      { config, theme: dated, readmes: new Set() },
    ).data.date;

  it('is the date of a page whose frontmatter has none, not of one whose template takes no such date', () => {
    expect(at('blog/2024-05-06-moving-house.md', {})).toBe('2024-05-06');
    expect(at('blog/2024-05-06-moving-house/index.md', {})).toBe('2024-05-06');
    expect(at('blog/2024-05-06-moving-house.md', { date: '2024-06-01' })).toBe('2024-06-01');
    expect(at('blog/2024-02-30-no-such-day.md', {})).toBeUndefined();
    // A template whose date is a number: the name's date would be an error on a line the page does not have.
    expect(at('blog/2024-05-06-moving-house.md', { template: 'numbered' })).toBeUndefined();
  });
});
