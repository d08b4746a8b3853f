/** The shared footer: link columns, social links, claims and contact details, all from the site config. */
import type { SiteConfig } from '../config';
import { Island } from '../../generator/theme';
import { SocialLinks } from '../../islands/social-links';
import { Icon } from '../components/icons';

const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;
/** A phone number as text that never breaks across lines. */
export const phoneText = (phone: string) => phone.replace(/ /g, '\u00a0');

export function Footer({ site }: { site: SiteConfig }) {
  const { contact, address } = site;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-top">
          <div className="footer-brand">
            <a className="brand brand-inverse" href="/">
              <img src={site.logo} alt="" width={32} height={32} loading="lazy" />
              <span>{site.name}</span>
              <span className="sr-only">, home</span>
            </a>
            <p>{site.description}</p>
            <ul className="footer-claims">
              {site.footer.claims.map((claim) => (
                <li key={claim}>
                  <Icon name="badge-check" size={16} />
                  {claim}
                </li>
              ))}
            </ul>
            <Island
              name="social-links"
              component={SocialLinks}
              props={{ siteName: site.name, links: site.social }}
              trigger="interaction"
            />
          </div>
          <nav className="footer-columns" aria-label="Footer">
            {site.footer.columns.map((column) => (
              <div key={column.title}>
                <h2 className="footer-heading">{column.title}</h2>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.href + link.label}>
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <address className="footer-contact">
          <p>
            <Icon name="map-pin" size={16} />
            {address.street}, {address.locality}, {address.region} {address.postalCode}, {address.countryName}
          </p>
          <p>
            <Icon name="phone" size={16} />
            <a href={telHref(contact.phone)}>{phoneText(contact.phone)}</a>
          </p>
          <p>
            <Icon name="mail" size={16} />
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </p>
          <p className="footer-hotline">
            <Icon name="siren" size={16} />
            Emergency hotline (24/7): <a href={telHref(contact.emergencyPhone)}>{phoneText(contact.emergencyPhone)}</a>
          </p>
        </address>
        <p className="footer-legal">
          © {site.footer.copyrightYear} {site.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export { telHref };
