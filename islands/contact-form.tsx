/**
 * The contact forms. Without JavaScript the form posts to the configured
 * endpoint, or opens the mail client (never GET: nothing typed lands in a
 * URL of this site) with the fields as plain `name=value` lines, each named
 * as its label reads ("First Name=Ada"), so the email reads as a letter. Hydrated: fields are validated with messages beside
 * them; with an endpoint the form is sent with a loading toast, then a success
 * or error toast (a failed send is not retried, nothing typed is lost);
 * without one (as the privacy policy says: the forms prepare an email in the
 * visitor's own email app), a toast says the email is ready and opens it in
 * the visitor's email app, addressed and with the message laid out as lines.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Button } from '../templates/components/Button';
import { svgProps } from '../templates/components/svg';
import { FormField, submittedName, type FieldData } from '../templates/components/FormField';
import { hydrator } from 'site/theme/islands/lib/runtime';
import { withToaster } from './lib/toaster-ready';

export interface ContactFormProps {
  form: { id: string; fields: FieldData[]; submit: string; markRequired: boolean; subject: string; note?: string };
  /** Where the form posts; null sends visitors to their mail client. */
  endpoint: string | null;
  email: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The message shown beside a field, or undefined when it is fine. */
export function fieldError(field: FieldData, value: string | boolean): string | undefined {
  if (field.type === 'checkbox')
    return field.required && value !== true ? 'Please tick this box to continue.' : undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (field.required && !text) return `Please enter your ${field.label.replace(/\s*\(.*\)$/, '').toLowerCase()}.`;
  if (field.type === 'email' && text && !EMAIL.test(text))
    return 'Please enter a valid email address, like name@company.com.';
  return undefined;
}

/** Reads the form's values by field name. */
export function formValues(form: HTMLFormElement, fields: FieldData[]): Record<string, string | boolean> {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(
    fields.map((f) => [f.name, f.type === 'checkbox' ? data.get(submittedName(f)) !== null : text(submittedName(f))]),
  );
}

/** A mailto: link addressed to the company with the visitor's message prefilled. */
export function mailtoHref(
  email: string,
  subject: string,
  fields: FieldData[],
  values: Record<string, string | boolean>,
): string {
  const lines = fields
    .filter((f) => f.type !== 'checkbox' && String(values[f.name] ?? '').trim())
    .map((f) =>
      f.type === 'textarea' ? `\n${String(values[f.name]).trim()}\n` : `${f.label}: ${String(values[f.name]).trim()}`,
    );
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join('\n'))}`;
}

export function ContactForm({ form, endpoint, email }: ContactFormProps) {
  const [enhanced, setEnhanced] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => setEnhanced(true), []);

  const validate = (values: Record<string, string | boolean>) => {
    const found: Record<string, string> = {};
    for (const field of form.fields) {
      const error = fieldError(field, values[field.name] ?? '');
      if (error) found[field.name] = error;
    }
    return found;
  };

  /** Clears a field's message as soon as it is fixed. */
  const clearFixed = (event: FormEvent<HTMLFormElement>) => {
    const field = form.fields.find((f) => `${form.id}-${f.name}` === (event.target as HTMLElement).id);
    const name = field?.name;
    if (
      field &&
      name &&
      errors[name] &&
      ref.current &&
      !fieldError(field, formValues(ref.current, [field])[name] ?? '')
    ) {
      setErrors(({ [name]: _fixed, ...rest }) => rest);
    }
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const values = formValues(element, form.fields);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = form.fields.find((f) => found[f.name]);
    if (firstInvalid) {
      element.ownerDocument.getElementById(`${form.id}-${firstInvalid.name}`)?.focus();
      return;
    }
    const toast = await withToaster();
    if (!endpoint) {
      toast.info('Your email is ready', {
        description: `Open it in your email app, addressed to ${email} with your message, and press Send there. We reply within 24 hours.`,
        duration: 12000,
        action: {
          label: 'Open email',
          onClick: () => window.location.assign(mailtoHref(email, form.subject, form.fields, values)),
        },
      });
      return;
    }
    setSending(true);
    const id = toast.loading('Sending your message…');
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        body: new FormData(element),
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`The server answered ${response.status}`);
      toast.success('Message sent', { id, description: 'Thank you. We will reply within 24 hours.' });
      element.reset();
    } catch (error) {
      toast.error('Your message could not be sent', {
        id,
        description: `${error instanceof Error ? error.message : 'Network error'}. Nothing you typed was lost: try again, or email ${email}.`,
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      ref={ref}
      className="form"
      id={form.id}
      method="post"
      action={endpoint ?? `mailto:${email}?subject=${encodeURIComponent(form.subject)}`}
      encType={endpoint ? undefined : 'text/plain'}
      noValidate={enhanced}
      aria-busy={sending || undefined}
      onSubmit={(event) => void onSubmit(event)}
      // Typing fires input, ticking a box or choosing an option fires change: a fixed error clears on either.
      onInput={clearFixed}
      onChange={clearFixed}
    >
      {form.markRequired && (
        <p className="form-required-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      )}
      <div className="form-grid">
        {form.fields.map((field) => (
          <FormField
            key={field.name}
            field={field}
            formId={form.id}
            showRequired={form.markRequired}
            error={errors[field.name]}
          />
        ))}
      </div>
      <Button type="submit" size="lg" icon={<ShieldCheck {...svgProps(18)} />} className="form-submit">
        {form.submit}
      </Button>
      {!endpoint && (
        <p className="form-note">
          Your message opens as an email to {email} in your own email app: nothing reaches us until you press Send
          there.
        </p>
      )}
      {form.note && <p className="form-note">{form.note}</p>}
    </form>
  );
}

export const hydrate = hydrator(ContactForm);
