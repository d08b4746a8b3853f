/**
 * Contact sections. Company facts (address, phone, emails, hours) come from
 * the site config; the copy and the form's fields come from frontmatter.
 */
import type { SiteConfig } from '../config';
import { Island } from '../../generator/theme';
import { ContactForm } from '../../islands/contact-form';
import { ActionButton } from '../components/ActionButton';
import { Icon, type IconName } from '../components/icons';
import type { SectionOf } from '../content/sections';
import { phoneText, telHref } from '../layout/Footer';
import { SectionFrame } from './SectionFrame';

type FormData = SectionOf<'contact'>['form'];

/**
 * The form island: validation and toasts when hydrated, a plain POST or mail fallback without JavaScript.
 * It hydrates on the first pointer, focus, touch or key inside the form, not while the page loads: the
 * form works without JavaScript until then, and hydrating it at load ran React on the main thread for
 * almost a second on a mid-range phone (Lighthouse's Total Blocking Time on /contact and /).
 */
function Form({ form, site }: { form: FormData; site: SiteConfig }) {
  return <Island name="contact-form" component={ContactForm} props={{ form, endpoint: site.forms.endpoint ?? null, email: site.contact.email }} trigger="interaction" />;
}

function hoursOf(site: SiteConfig, key: string): string[] {
  const hours = site.hours[key];
  if (!hours) throw new Error(`hours: "${key}" is not a set of hours in the site config (known: ${Object.keys(site.hours).join(', ')})`);
  return hours;
}

function DetailItem({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
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

const fullAddress = (site: SiteConfig) => `${site.address.street}, ${site.address.locality}, ${site.address.region} ${site.address.postalCode}, ${site.address.countryName}`;

export function ContactSection({ section, site }: { section: SectionOf<'contact'>; site: SiteConfig }) {
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

export function ContactDetailsSection({ section, site }: { section: SectionOf<'contact-details'>; site: SiteConfig }) {
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
        <div className="contact-form-card">
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
