/** Section types come from one registry: the union pages validate against and the renderer cannot disagree. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../templates/config';
import { section, sectionTypes } from '../../templates/content/sections';
import { defineSection, sectionRegistry, sectionSchema } from '../../templates/sections/define-section';
import { SectionList } from '../../templates/sections/SectionList';

describe('section registry', () => {
  it('registers every type under its own name, and the union accepts exactly those types', () => {
    for (const [type, entry] of Object.entries(sectionTypes)) {
      expect(entry.schema.shape.type.value).toBe(type);
      expect(typeof entry.Component).toBe('function');
    }
    expect(section.safeParse({ type: 'no-such-section', title: 'T' }).success).toBe(false);
  });

  it('renders each section with the component registered for its type, in order', () => {
    const sections = [
      section.parse({ type: 'cta', title: 'Talk to us', actions: [{ label: 'Call', href: 'tel:+2341' }] }),
      section.parse({ type: 'prose', title: 'Notes' }),
      section.parse({ type: 'cards', title: 'Offer', items: [{ title: 'One', description: 'First card' }] }),
    ];
    const html = renderToStaticMarkup(
      <SectionList sections={sections} site={{} as SiteConfig} html="<p>Body text</p>" />,
    );
    expect(html).toContain('cta-band');
    expect(html.indexOf('Talk to us')).toBeLessThan(html.indexOf('Body text'));
    expect(html.indexOf('Body text')).toBeLessThan(html.indexOf('First card'));
  });

  it('refuses, at type-check time, a section without a component or registered under another name', () => {
    const schema = sectionSchema('example', {});
    // @ts-expect-error a section type is its schema and its component together
    expect(() => defineSection(schema)).not.toThrow();
    const example = defineSection(schema, () => null);
    // @ts-expect-error the key must be the schema's type
    expect(Object.keys(sectionRegistry({ other: example }))).toEqual(['other']);
    expect(Object.keys(sectionRegistry({ example }))).toEqual(['example']);
  });
});

// A consent checkbox's label links to a policy; its links are held to the rule every other link is (issue 26).
describe("a form's inline links", () => {
  const formWith = (label: string) => ({
    id: 'f',
    submit: 'Send',
    subject: 'Hello',
    fields: [{ name: 'consent', type: 'checkbox', label, sendAs: 'Consent' }],
  });
  it.each(['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/x'])(
    'refuses a link to %s',
    async (target) => {
      const { form } = await import('../../templates/sections/contact-info');
      const result = form.safeParse(formWith(`I agree to the [privacy policy](${target}).`));
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['fields', 0, 'label']);
    },
  );
  it('accepts links to routes, anchors and https pages', async () => {
    const { form } = await import('../../templates/sections/contact-info');
    expect(
      form.safeParse(
        formWith('I agree to the [privacy policy](/privacy-policy) and [terms](https://example.org/terms).'),
      ).success,
    ).toBe(true);
  });
});

// Without JavaScript a form hands the mail app its fields as `name=value` lines: each name is what the email reads.
describe("a form's sent names", () => {
  const field = (extra: Record<string, unknown>) => ({ name: 'message', label: 'Message', type: 'textarea', ...extra });
  const formOf = (...fields: Record<string, unknown>[]) => ({ id: 'f', submit: 'Send', subject: 'Hello', fields });
  const issues = async (...fields: Record<string, unknown>[]) => {
    const { form } = await import('../../templates/sections/contact-info');
    const result = form.safeParse(formOf(...fields));
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('sends a field under its label, and a checkbox under the name it is given', async () => {
    const { submittedName } = await import('../../templates/components/FormField');
    expect(submittedName({ name: 'firstName', label: 'First Name', type: 'text' })).toBe('First Name');
    expect(submittedName({ name: 'news', label: 'Send me news', type: 'checkbox', sendAs: 'Newsletter' })).toBe(
      'Newsletter',
    );
    expect(
      await issues(field({}), { name: 'news', label: 'Send me news', type: 'checkbox', sendAs: 'Newsletter' }),
    ).toEqual([]);
  });

  it('refuses a checkbox without a sent name, a name with = or a line break, and two fields sent under one name', async () => {
    expect(await issues({ name: 'news', label: 'Send me [news](/privacy-policy)', type: 'checkbox' })).toEqual([
      expect.stringMatching(/^fields\.0\.sendAs: a checkbox needs sendAs/),
    ]);
    expect(await issues(field({ sendAs: 'a=b' }))).toEqual([expect.stringMatching(/^fields\.0\.sendAs: .*no = sign/)]);
    expect(await issues(field({ sendAs: 'two\nlines' }))).toEqual([
      expect.stringMatching(/^fields\.0\.sendAs: .*line break/),
    ]);
    expect(await issues(field({}), field({ name: 'other', label: 'Other', sendAs: 'message' }))).toEqual([
      'fields.1.sendAs: is sent under "message", as field 1 is: give one of them its own sendAs',
    ]);
  });
});

describe('a job opening', () => {
  it('applies by email with the role in the subject, or as the action says where it is no email', async () => {
    const { applyFor } = await import('../../templates/sections/jobs');
    const apply = (href: string) => applyFor({ label: 'Apply Now', href }, 'SOC Analyst (Tier 2)').href;
    expect(apply('mailto:jobs@x.test?subject=Job%20application')).toBe(
      'mailto:jobs@x.test?subject=Job%20application%3A%20SOC%20Analyst%20(Tier%202)',
    );
    expect(apply('mailto:jobs@x.test')).toBe('mailto:jobs@x.test?subject=Application%3A%20SOC%20Analyst%20(Tier%202)');
    expect(apply('/contact#message')).toBe('/contact#message');
  });
});
