/**
 * What the two contact sections share: the form's schema and island, and the contact details. Company facts
 * (address, phone, emails, hours) come from the site config; the copy and the form's fields come from frontmatter.
 */
import { z } from 'zod';
import type { SiteConfig } from '../config';
import { Island } from '../../generator/theme';
import { ContactForm } from '../../islands/contact-form';
import { Icon, type IconName } from '../components/icons';
import { submittedName } from '../components/FormField';
import { anchorId, label, linkedText } from '../content/schemas';

const formField = z
  .strictObject({
    name: z
      .string()
      .max(60)
      .regex(/^[a-z][a-zA-Z]*$/, 'expected a camelCase field name like firstName'),
    /** A consent checkbox's label is a sentence or two, and may link to a policy. */
    label: linkedText,
    type: z.enum(['text', 'email', 'tel', 'textarea', 'select', 'checkbox']),
    required: z.boolean().optional(),
    autocomplete: label.optional(),
    rows: z.number().int().min(2).max(20).optional(),
    options: z.array(label).min(1).optional(),
    placeholder: label.optional(),
    width: z.enum(['half', 'full']).optional(),
    /**
     * The name the value is sent under, a line of the visitor's email without JavaScript ("Privacy consent=yes"). By
     * default the label; a checkbox, whose label is a sentence, names itself.
     */
    sendAs: label.regex(/^[^=\r\n]+$/, 'is a line of the email, "name=value": no = sign or line break').optional(),
  })
  .refine((field) => field.type !== 'checkbox' || field.sendAs !== undefined, {
    message: 'a checkbox needs sendAs: the short name its "yes" is sent under, as a line of the email ("Newsletter")',
    path: ['sendAs'],
  });

export const form = z
  .strictObject({
    /** Unique on the page: prefixes the control ids. */
    id: anchorId,
    fields: z.array(formField).min(1),
    submit: label,
    /** Show an asterisk on required fields (the spec's home form has no markers). */
    markRequired: z.boolean().default(false),
    /** Subject of the email a visitor is offered when no endpoint is configured. */
    subject: label,
    note: linkedText.optional(),
  })
  .superRefine((value, ctx) => {
    // Two fields sent under one name would arrive as one line of the email, or one key of the form data.
    const seen = new Map<string, number>();
    value.fields.forEach((field, i) => {
      const sent = submittedName(field).toLowerCase();
      if (seen.has(sent))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i, 'sendAs'],
          message: `is sent under "${submittedName(field)}", as field ${seen.get(sent)! + 1} is: give one of them its own sendAs`,
        });
      else seen.set(sent, i);
    });
  });

type FormData = z.output<typeof form>;

/**
 * The form island: validation and toasts when hydrated, a plain POST or mail fallback without JavaScript.
 * It hydrates on the first pointer, focus, touch or key inside the form, not while the page loads: the
 * form works without JavaScript until then, and hydrating it at load ran React on the main thread for
 * almost a second on a mid-range phone (Lighthouse's Total Blocking Time on /contact and /).
 */
export function Form({ form, site }: { form: FormData; site: SiteConfig }) {
  return (
    <Island
      name="contact-form"
      component={ContactForm}
      props={{ form, endpoint: site.forms.endpoint ?? null, email: site.contact.email }}
      trigger="interaction"
    />
  );
}

export function hoursOf(site: SiteConfig, key: string): string[] {
  const hours = site.hours[key];
  if (!hours)
    throw new Error(
      `hours: "${key}" is not a set of hours in the site config (known: ${Object.keys(site.hours).join(', ')})`,
    );
  return hours.map(keepTimesWhole);
}

/** "6:00 PM WAT" never breaks inside a time or before its zone (a phone showed "6:00 / PM WAT"): no-break spaces there. */
export const keepTimesWhole = (line: string) =>
  line.replace(/(\d) (?=[AP]M\b)/g, '$1\u00a0').replace(/([AP]M) (?=[A-Z]{2,4}\b)/g, '$1\u00a0');

export function DetailItem({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <li className="detail">
      <span className="detail-icon">
        <Icon name={icon} size={20} />
      </span>
      <div>
        <h3 className="detail-title">{title}</h3>
        <div className="detail-body">{children}</div>
      </div>
    </li>
  );
}

export const fullAddress = (site: SiteConfig) =>
  `${site.address.street}, ${site.address.locality}, ${site.address.region} ${site.address.postalCode}, ${site.address.countryName}`;
