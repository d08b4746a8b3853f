/** The contact page: info cards from the config, the message form, the office and the emergency line. */
import { z } from 'zod';
import { ActionButton } from '../components/ActionButton';
import { Icon } from '../components/icons';
import { action, anchorId, label, text } from '../content/schemas';
import { phoneText, telHref } from '../layout/Footer';
import { DetailItem, form, Form, fullAddress, hoursOf } from './contact-info';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('contact-details', {
  hours: label,
  form,
  formTitle: label,
  formIntro: text.optional(),
  /** The id of the form's card (its title, introduction and form), for calls to action that lead to it. */
  formAnchor: anchorId.optional(),
  office: z.strictObject({ title: label, description: text, directions: z.array(text).optional() }),
  emergency: z.strictObject({ title: label, description: text, action }),
});

function ContactDetailsSection({ section, site }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <ul className="info-cards">
        <DetailItem icon="map-pin" title="Office Address">
          <p>{fullAddress(site)}</p>
        </DetailItem>
        <DetailItem icon="mail" title="Email">
          <p>
            <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
          </p>
        </DetailItem>
        <DetailItem icon="phone" title="Phone">
          <p>
            <a href={telHref(site.contact.phone)}>{phoneText(site.contact.phone)}</a>
          </p>
        </DetailItem>
        <DetailItem icon="clock" title="Business Hours">
          {hoursOf(site, section.hours).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </DetailItem>
      </ul>
      <div className="contact-layout contact-layout-page">
        <div className="contact-form-card" id={section.formAnchor}>
          <h3 className="form-title">{section.formTitle}</h3>
          {section.formIntro && <p className="form-intro">{section.formIntro}</p>}
          <Form form={section.form} site={site} />
        </div>
        <div className="contact-aside">
          <div className="office-card">
            <div className="office-map" aria-hidden="true">
              <Icon name="map-pin" size={32} />
            </div>
            <h3>{section.office.title}</h3>
            <p>{section.office.description}</p>
            <p className="office-address">
              <Icon name="building" size={18} />
              {fullAddress(site)}
            </p>
            {section.office.directions && (
              <ul className="office-directions">
                {section.office.directions.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </div>
          <div className="emergency-card">
            <h3 className="emergency-label">
              <Icon name="siren" size={20} />
              {section.emergency.title}
            </h3>
            <p>{section.emergency.description}</p>
            <p className="emergency-phone">
              <a href={telHref(site.contact.emergencyPhone)}>{phoneText(site.contact.emergencyPhone)}</a>
            </p>
            <ActionButton action={section.emergency.action} fallback="destructive" />
          </div>
        </div>
      </div>
    </SectionFrame>
  );
}

export const contactDetails = defineSection(schema, ContactDetailsSection);
