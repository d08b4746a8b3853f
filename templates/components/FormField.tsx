/**
 * A labelled form control: text-like inputs, textarea, select and checkbox.
 * Required fields carry `required` and a visible asterisk explained to
 * assistive technology.
 */
import { InlineText } from './InlineText';

export interface FieldData {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox';
  required?: boolean;
  autocomplete?: string;
  rows?: number;
  options?: string[];
  placeholder?: string;
  width?: 'half' | 'full';
  /**
   * The name the value is sent under. Without JavaScript the form hands the mail app its fields as `name=value`
   * lines, so this is what the visitor's email reads ("First Name=Ada"): by default the label, which a checkbox's
   * sentence cannot be, so a checkbox names itself (else its key).
   */
  sendAs?: string;
}

/** The name a field's value is submitted under: a line of the email, or a key of an endpoint's form data. */
export const submittedName = (field: FieldData): string =>
  field.sendAs ?? (field.type === 'checkbox' ? field.name : field.label);

export function FormField({
  field,
  formId,
  showRequired,
  error,
}: {
  field: FieldData;
  formId: string;
  showRequired: boolean;
  error?: string;
}) {
  const id = `${formId}-${field.name}`;
  // The four required fields carry the asterisk; a required consent box says what it asks in its own words.
  const marker =
    showRequired && field.required && field.type !== 'checkbox' ? (
      <span className="required" aria-hidden="true">
        *
      </span>
    ) : null;
  const common = {
    id,
    name: submittedName(field),
    required: field.required,
    'aria-describedby': `${id}-error`,
    'aria-invalid': error ? true : undefined,
  };
  const message = (
    <p className="field-error" id={`${id}-error`} hidden={!error}>
      {error}
    </p>
  );

  if (field.type === 'checkbox') {
    return (
      <div className="field field-checkbox field-full">
        <input type="checkbox" value="yes" {...common} />
        <label htmlFor={id}>
          <InlineText text={field.label} />
          {marker}
        </label>
        {message}
      </div>
    );
  }

  const label = (
    <label htmlFor={id}>
      {field.label}
      {marker}
    </label>
  );
  let control;
  if (field.type === 'textarea') {
    control = (
      <textarea rows={field.rows ?? 4} placeholder={field.placeholder} autoComplete={field.autocomplete} {...common} />
    );
  } else if (field.type === 'select') {
    control = (
      <select defaultValue="" autoComplete={field.autocomplete} {...common}>
        <option value="">{field.placeholder ?? 'Choose one'}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else {
    control = <input type={field.type} placeholder={field.placeholder} autoComplete={field.autocomplete} {...common} />;
  }
  return (
    <div className={`field field-${field.width ?? 'full'}`}>
      {label}
      {control}
      {message}
    </div>
  );
}
