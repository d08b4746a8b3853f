/** The shared header and footer and the home page, checked against the spec (sections 2, 4 and 9). */
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, text, texts, type BuiltSite } from '../support/built-site';
import type { SiteConfig as WebsiteConfig } from '../../templates/config';

let site: BuiltSite;
let home: Document;
beforeAll(async () => {
  site = await builtRealSite();
  home = await site.doc('/');
});

const GROUPS: [string, string, string[]][] = [
  [
    'Core Security',
    '/core-security',
    [
      '/cyber-security',
      '/infrastructure-security',
      '/network-assurance',
      '/cloud-security',
      '/container-security',
      '/workload-security',
    ],
  ],
  [
    'Development',
    '/development',
    ['/development#application', '/development#software', '/development#development', '/development#attack-surface'],
  ],
  ['Identity & Access', '/identity', ['/identity-management', '/iot-security', '/cloud-identity-assurance']],
  ['Digital Solutions', '/digital-solutions', ['/ui-ux-design', '/voice-video-collaboration', '/archiving-solutions']],
  ['Academy', '/academy', ['/academy#training', '/academy#certification', '/academy#workshops']],
];

describe('shared header', () => {
  it('is fixed at the top with a brand link to /', () => {
    expect(home.querySelector('header.site-header a.brand')?.getAttribute('href')).toBe('/');
  });

  it('has the five desktop dropdown groups, each opening with "View All {group}" then its sub-links', () => {
    const groups = [...home.querySelectorAll('.nav-desktop .nav-group')];
    expect(groups.map((g) => text(g.querySelector('.nav-trigger')))).toEqual(GROUPS.map(([label]) => label));
    groups.forEach((group, i) => {
      const [label, path, items] = GROUPS[i]!;
      const links = [...group.querySelectorAll('.nav-panel a')];
      expect(text(links[0])).toBe(`View All ${label}`);
      expect(links.map((a) => a.getAttribute('href'))).toEqual([path, ...items]);
    });
  });

  it('follows the groups with About, Contact and Get Started', () => {
    const plain = [...home.querySelectorAll('.nav-desktop .nav-link')].map((a) => [text(a), a.getAttribute('href')]);
    expect(plain).toEqual([
      ['About', '/about'],
      ['Contact', '/contact'],
    ]);
    expect(text(home.querySelector('.header-cta'))).toBe('Get Started');
  });

  it('has a small-screen menu toggle with an accordion of the same groups (one open at a time), About, Contact and Get Started', () => {
    const menu = home.querySelector('details.nav-mobile')!;
    expect(menu.querySelector('summary')?.getAttribute('aria-label')).toBe('Menu');
    const accordions = [...menu.querySelectorAll('details.accordion')];
    expect(accordions.map((d) => text(d.querySelector('summary')))).toEqual(GROUPS.map(([label]) => label));
    expect(new Set(accordions.map((d) => d.getAttribute('name'))).size).toBe(1);
    accordions.forEach((d, i) =>
      expect([...d.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
        GROUPS[i]![1],
        ...GROUPS[i]![2],
      ]),
    );
    expect(texts(menu, '.nav-mobile-links a')).toEqual(['About', 'Contact']);
    expect(text(menu.querySelector('.nav-mobile-cta'))).toBe('Get Started');
  });
});

describe('shared footer', () => {
  const footer = () => home.querySelector('footer.site-footer')!;
  const column = (title: string) => {
    const col = [...footer().querySelectorAll('.footer-columns > div')].find(
      (c) => text(c.querySelector('h2')) === title,
    );
    return [...(col?.querySelectorAll('a') ?? [])].map((a) => [text(a), a.getAttribute('href')]);
  };

  it('has services, company, resources and legal columns with the spec routes', () => {
    expect(column('Services').map(([, href]) => href)).toEqual([
      '/core-security',
      '/development',
      '/identity',
      '/digital-solutions',
      '/academy',
    ]);
    expect(column('Services').find(([, href]) => href === '/development')?.[0]).toBe('Application Assurance');
    expect(column('Company').map(([, href]) => href)).toEqual(
      expect.arrayContaining(['/about', '/careers', '/partners', '/press', '/team']),
    );
    expect(column('Resources').map(([, href]) => href)).toEqual(
      expect.arrayContaining(['/blog', '/threat-intelligence', '/whitepapers', '/case-studies', '/documentation']),
    );
    expect(column('Legal').map(([, href]) => href)).toEqual([
      '/privacy-policy',
      '/terms-of-service',
      '/security-policy',
      '/compliance',
      '/cookie-policy',
    ]);
  });

  it('has three social links with placeholder targets and accessible names', () => {
    const social = [...footer().querySelectorAll('.social a')];
    expect(social).toHaveLength(3);
    for (const a of social) {
      expect(a.getAttribute('href')).toBe('#');
      expect(a.getAttribute('aria-label')).toMatch(/\S/);
    }
  });

  it('states the claims, the copyright year and the contact details', () => {
    const t = text(footer());
    expect(t).toContain('SOC 2 Type II certified');
    expect(t).toContain('ISO 27001 compliant');
    expect(t).toContain('© 2024');
    expect(t).toMatch(/Ikeja, Lagos/);
    const { contact } = site.result.config as WebsiteConfig;
    expect(t).toContain(contact.phone);
    expect(t).toContain(contact.email);
    expect(t).toContain(contact.emergencyPhone);
    expect(t).toMatch(/emergency hotline/i);
  });
});

describe('home page', () => {
  it('has hero, services, about and contact in that order', () => {
    const sections = home.querySelectorAll('main > section, main > .island > [data-island-root] > section');
    const order = [...sections].map((s) => (s.classList.contains('hero') ? 'hero' : s.id));
    expect(order).toEqual(['hero', 'services', 'about', 'contact']);
  });

  const SLIDES = [
    ['Secure Your Digital Future', 'Start Security Assessment', '/contact'],
    ['Core Security Services', 'Explore Core Security', '/core-security'],
    ['Development Services', 'View Development Services', '/development'],
    ['Identity & Access Management', 'Learn About Identity Solutions', '/identity'],
    ['Digital Solutions', 'Discover Digital Services', '/digital-solutions'],
    ['Cybersecurity Academy', 'Join Our Academy', '/academy'],
  ];

  it('has six slides with subtitle, title, description, background and call to action', () => {
    const slides = [...home.querySelectorAll('.hero-slide')];
    expect(slides).toHaveLength(6);
    slides.forEach((slide, i) => {
      const [title, cta, link] = SLIDES[i]!;
      expect(text(slide.querySelector('.hero-title'))).toBe(title);
      expect(text(slide.querySelector('.hero-subtitle'))).not.toBe('');
      expect(text(slide.querySelector('.hero-description'))).not.toBe('');
      const first = slide.querySelector('.hero-actions a')!;
      expect([text(first), first.getAttribute('href')]).toEqual([cta, link]);
      expect(slide.getAttribute('aria-label')).toBe(`${i + 1} of 6`);
    });
    // Slide 1's image is in the markup; the carousel island's props carry all six, to add as slides come up.
    const props = JSON.parse(
      home.querySelector('[data-island="carousel"] > script[type="application/json"]')!.textContent!,
    );
    const images = props.slides.map((slide: { image: string }) => slide.image);
    expect(new Set(images).size).toBe(6);
    expect([...home.querySelectorAll('.hero-image')].map((img) => img.getAttribute('src'))).toEqual([images[0]]);
    expect(home.querySelector('.hero-image')?.getAttribute('fetchpriority')).toBe('high');
  });

  it('shows the three highlights and "View All Services" on slide 1 only', () => {
    const [first, ...rest] = [...home.querySelectorAll('.hero-slide')];
    // The highlights follow the controls, outside the stacked slides, shown while slide 1 is.
    const features = home.querySelector('.hero-features.is-shown')!;
    expect(features.closest('.hero-slide')).toBeNull();
    expect(texts(features, 'strong')).toEqual(['24/7 Protection', 'Rapid Response', 'Expert Team']);
    expect(texts(features, 'li > span:last-child > span')).toEqual([
      'Round-the-clock monitoring',
      'Instant threat mitigation',
      'Certified professionals',
    ]);
    expect(texts(first!, '.hero-actions a')).toContain('View All Services');
    for (const slide of rest) {
      expect(slide.querySelector('.hero-features')).toBeNull();
      expect(texts(slide, '.hero-actions a')).not.toContain('View All Services');
    }
  });

  it('renders slide 1 active with arrows, one dot per slide, the counter "1 / 6" and a link to #services', () => {
    expect(home.querySelector('.hero-slide.is-active')?.id).toBe('hero-slide-1');
    expect(home.querySelector('.hero-image.is-active')?.getAttribute('src')).toBe(
      home.querySelector('.hero-image')?.getAttribute('src'),
    );
    expect(home.querySelector('.hero-prev')?.getAttribute('aria-label')).toBe('Previous slide');
    expect(home.querySelector('.hero-next')?.getAttribute('aria-label')).toBe('Next slide');
    expect([...home.querySelectorAll('.hero-dot')].map((a) => a.getAttribute('href'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `#hero-slide-${n}`),
    );
    expect(text(home.querySelector('.hero-counter'))).toBe('Slide 1 / 6');
    expect(home.querySelector('.hero a[href="#services"]')).not.toBeNull();
  });

  it('has the five service cards with their item lists and Learn More buttons', () => {
    const cards = [...home.querySelectorAll('#services .card-service')];
    expect(cards.map((c) => text(c.querySelector('h3')))).toEqual([
      'Core Security Services',
      'Development & Assurance',
      'Identity & Access',
      'Digital Solutions',
      'Academy',
    ]);
    expect(cards.map((c) => c.querySelectorAll('.service-list li').length)).toEqual([6, 4, 3, 3, 3]);
    expect(texts(cards[2]!, '.service-list strong')).toEqual([
      'Identity Management',
      'IOT Security',
      'Cloud Assurance',
    ]);
    expect(texts(cards[4]!, '.service-list strong')).toEqual([
      'Security Training',
      'Awareness Programs',
      'Custom Workshops',
    ]);
    // Named for screen readers and search engines with the card's title after the visible label.
    for (const card of cards)
      expect(text(card.querySelector('.card-actions .btn'))).toBe(`Learn More: ${text(card.querySelector('h3'))}`);
  });

  it('ends the services with "Ready to Secure Your Business?" and a Schedule Consultation button to the form below', () => {
    const panel = home.querySelector('#services .closing-panel')!;
    expect(text(panel.querySelector('h3'))).toBe('Ready to Secure Your Business?');
    const button = panel.querySelector('.btn')!;
    expect(text(button)).toBe('Schedule Consultation');
    // Every call to action goes somewhere (issue 30): this one to the page's own contact form.
    expect(button.getAttribute('href')).toBe('#contact');
  });

  it('has the about section: heading, statistics, values, button and certifications', () => {
    const about = home.querySelector('#about')!;
    expect(text(about.querySelector('h2'))).toMatch(/^Why Choose/);
    const stats = [...about.querySelectorAll('.stat')].map(
      (s) => `${text(s.querySelector('.stat-number'))} ${text(s.querySelector('.stat-label'))}`,
    );
    expect(stats).toEqual([
      '15+ Years Experience',
      '200+ Security Experts',
      '1000+ Clients Protected',
      '10M+ Threats Blocked',
    ]);
    expect(texts(about, '.values .card-title')).toEqual([
      'Expert Excellence',
      '24/7 Vigilance',
      'Innovation First',
      'Global Reach',
    ]);
    expect(texts(about, '.btn')).toContain('Learn About Our Approach');
    expect(texts(about, '.cert-list li')).toEqual(['ISO 27001', 'SOC 2 Type II', 'NIST Framework', 'GDPR Compliant']);
  });

  it('has the contact section: 24-hour promise, the short form, hours and details', () => {
    const contact = home.querySelector('#contact')!;
    expect(text(contact)).toMatch(/within 24 hours/);
    // The spec's "customized security roadmap", in the site's British spelling.
    expect(text(contact)).toMatch(/customi[sz]ed security roadmap/);
    const fields = [...contact.querySelectorAll('input, textarea')].map((el) => {
      const label = contact.querySelector(`label[for="${el.id}"]`);
      return [text(label), el.tagName === 'TEXTAREA' ? `textarea:${el.getAttribute('rows')}` : el.getAttribute('type')];
    });
    expect(fields).toEqual([
      ['First Name', 'text'],
      ['Last Name', 'text'],
      ['Email Address', 'email'],
      ['Company', 'text'],
      ['Phone Number', 'tel'],
      ['How can we help you', 'textarea:4'],
    ]);
    expect(contact.querySelectorAll('[required], .required')).toHaveLength(0);
    const submit = contact.querySelector('button[type="submit"]');
    expect(text(submit)).toBe('Get Free Assessment');
    expect(contact.querySelector('form')?.getAttribute('method')).toBe('post');
    expect(text(contact)).toContain('Mon-Fri 8AM-8PM PST');
    expect(text(contact)).toContain('24/7 emergency response');
    const { contact: c } = site.result.config as WebsiteConfig;
    expect(text(contact)).toContain(c.phone);
    expect(text(contact)).toContain(c.email);
    expect(text(contact)).toContain('Ikeja');
  });
});
