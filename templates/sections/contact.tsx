/** The home page's contact band: promise, short form, hours and contact details from the config. */
import { label } from '../content/schemas';
import { phoneText, telHref } from '../layout/Footer';
import { DetailItem, form, Form, fullAddress, hoursOf } from './contact-info';
import { defineSection, sectionSchema, type SectionProps } from './define-section';
import { SectionFrame } from './SectionFrame';

const schema = sectionSchema('contact', { hours: label, hoursTitle: label, form });

function ContactSection({ section, site }: SectionProps<typeof schema>) {
  return (
    <SectionFrame section={section}>
      <div className="contact-layout">
        <div className="contact-form-card">
          <Form form={section.form} site={site} />
        </div>
        <ul className="details">
          <DetailItem icon="clock" title={section.hoursTitle}>
            {hoursOf(site, section.hours).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </DetailItem>
          <DetailItem icon="map-pin" title="Office">
            <p>{fullAddress(site)}</p>
          </DetailItem>
          <DetailItem icon="phone" title="Phone">
            <p>
              <a href={telHref(site.contact.phone)}>{phoneText(site.contact.phone)}</a>
            </p>
          </DetailItem>
          <DetailItem icon="mail" title="Email">
            <p>
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
            </p>
          </DetailItem>
        </ul>
      </div>
    </SectionFrame>
  );
}

export const contact = defineSection(schema, ContactSection);
