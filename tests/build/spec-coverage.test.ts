/**
 * Spec coverage: a table transcribed from section 2 (and the figures of
 * section 9) of the website specification, checked against the built HTML.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { builtRealSite, text, texts, type BuiltSite } from '../support/built-site';

let site: BuiltSite;
beforeAll(async () => {
  site = await builtRealSite();
});

interface Expectation {
  h1?: string;
  /** Strings that must appear in the page's main content. */
  texts?: string[];
  /** Element ids that must exist. */
  ids?: string[];
  /** Card titles (h3) that must appear. */
  cards?: string[];
  /** A section (by its h2) must have exactly these step titles, in order. */
  steps?: [heading: RegExp, titles: string[] | number];
}

const CORE = [
  'Cyber Security',
  'Infrastructure Security',
  'Network Assurance',
  'Cloud Security',
  'Container Security',
  'Workload Security',
];

const SPEC: Record<string, Expectation> = {
  '/core-security': { cards: CORE, texts: ['90%'] },
  '/cyber-security': { texts: ['90%'] },
  '/infrastructure-security': {},
  '/network-assurance': {},
  '/workload-security': {},
  '/cloud-security': { texts: ['AWS', 'Azure', 'Google Cloud'] },
  '/container-security': { texts: ['Kubernetes', 'Docker'] },
  '/development': { ids: ['application', 'software', 'development', 'attack-surface'] },
  '/identity': { ids: ['management', 'iot', 'cloud-assurance'] },
  '/identity-management': { texts: ['SSO', 'MFA', 'RBAC'], steps: [/./, 4] },
  '/iot-security': {},
  '/cloud-identity-assurance': {},
  '/digital-solutions': { ids: ['ui-ux', 'collaboration', 'archiving'], steps: [/./, 4] },
  '/ui-ux-design': { steps: [/./, 5] },
  '/voice-video-collaboration': {
    h1: 'Secure Enterprise Communication',
    texts: [
      'Request Demo',
      'Learn More',
      'Collaboration Solutions',
      'Enterprise Security Features',
      'Security Assessment',
      'Industry Use Cases',
      'Implementation Process',
    ],
    cards: ['Healthcare', 'Financial Services', 'Legal', 'Government', 'Security Assessment'],
    steps: [/Implementation Process/, ['Assessment', 'Design', 'Deploy', 'Monitor']],
  },
  '/archiving-solutions': {
    h1: 'Intelligent Data Archiving & Compliance',
    cards: [
      'Automated Data Archiving',
      'Compliance Management',
      'Secure Storage Solutions',
      'Compliance Assessment',
      'Cost Reduction',
      'Improved Performance',
      'Risk Mitigation',
      'Easy Retrieval',
    ],
    texts: [
      'Compliance Standards',
      'GDPR',
      'HIPAA',
      'SOX',
      'PCI DSS',
      'FINRA',
      'ISO 27001',
      '2-3 weeks',
      '3-4 weeks',
      '4-8 weeks',
    ],
    steps: [/./, ['Discovery', 'Planning', 'Pilot', 'Deployment', 'Optimization']],
  },
  '/academy': {
    ids: ['training', 'certification', 'workshops'],
    texts: [
      '8-12 weeks',
      '4-16 weeks',
      '1-5 days',
      'All Levels',
      'Intermediate to Advanced',
      'Customizable',
      '40 hours',
      '80 hours',
      '60 hours',
      '70 hours',
      '2,500+',
      '1,200+',
      '900+',
      '800+',
      '4.9/5',
      '4.8/5',
      '4.7/5',
      '30-day money-back guarantee',
    ],
  },
  '/about': {
    texts: ['Mission', 'Vision', '500+', '150+', '10+', '99.9%'],
    cards: [
      'Security First',
      'Innovation',
      'Excellence',
      'Partnership',
      'Chief Executive Officer',
      'Chief Technology Officer',
    ],
  },
  '/contact': { texts: ['Mon-Fri 8:00 AM-6:00 PM WAT', 'Sat 9:00 AM-2:00 PM WAT', 'Report Security Incident', '24/7'] },
  '/privacy-policy': { texts: ['Last updated January 2024'] },
  '/terms-of-service': { texts: ['Last updated January 2024'] },
  '/security-policy': { texts: ['within 24 hours'] },
  '/compliance': {},
  '/cookie-policy': {},
  '/careers': {
    cards: [
      'Senior Cybersecurity Analyst',
      'Cloud Security Engineer',
      'Software Developer (Security Focus)',
      'Cybersecurity Trainer',
    ],
    texts: ['Apply Now'],
  },
  '/partners': {
    cards: ['Technology Partners', 'Channel Partners', 'Strategic Alliances'],
    texts: ['Apply for Partnership'],
  },
};

describe.each(Object.entries(SPEC))('%s', (route, spec) => {
  it('shows what the spec lists', async () => {
    const doc = await site.doc(route);
    const main = doc.querySelector('main')!;
    if (spec.h1) expect(text(doc.querySelector('h1'))).toBe(spec.h1);
    for (const t of spec.texts ?? []) expect(text(main), `"${t}" on ${route}`).toContain(t);
    for (const id of spec.ids ?? []) expect(doc.getElementById(id), `#${id} on ${route}`).not.toBeNull();
    const cardTitles = texts(main, 'h3');
    for (const c of spec.cards ?? []) expect(cardTitles, `card "${c}" on ${route}`).toContain(c);
    if (spec.steps) {
      const [heading, want] = spec.steps;
      const list = [...main.querySelectorAll('ol.steps')].find((ol) =>
        heading.test(text(ol.closest('section')?.querySelector('h2'))),
      )!;
      expect(list, `steps under ${heading} on ${route}`).toBeDefined();
      const titles = [...list.querySelectorAll('.step-title')].map((el) => text(el).replace(/^(Step|Phase) \d+: /, ''));
      if (typeof want === 'number') expect(titles).toHaveLength(want);
      else expect(titles).toEqual(want);
    }
  });
});

describe('specific records', () => {
  it('core security overview: six cards, each with features and a Learn More link to its page', async () => {
    const doc = await site.doc('/core-security');
    const cards = [...doc.querySelectorAll('article.card')].filter((c) => CORE.includes(text(c.querySelector('h3'))));
    expect(cards).toHaveLength(6);
    for (const card of cards) {
      expect(card.querySelectorAll('.checklist li').length).toBeGreaterThan(1);
      // The visible label; screen readers also hear the card's title after it.
      const link = [...card.querySelectorAll('a')].find((a) => text(a).startsWith('Learn More'));
      expect(link?.getAttribute('href')).toBe(`/${text(card.querySelector('h3')).toLowerCase().replace(/ /g, '-')}`);
    }
  });

  it('cyber security: five capability cards', async () => {
    const doc = await site.doc('/cyber-security');
    const grids = [...doc.querySelectorAll('.grid')].map((g) => g.querySelectorAll(':scope > article.card').length);
    expect(grids).toContain(5);
  });

  it('development: four service cards and three approach cards', async () => {
    const doc = await site.doc('/development');
    const grids = [...doc.querySelectorAll('.grid')].map((g) => g.querySelectorAll(':scope > article.card').length);
    expect(grids.slice(0, 2)).toEqual([4, 3]);
  });

  it('archiving: three service cards with five bullets each', async () => {
    const doc = await site.doc('/archiving-solutions');
    for (const title of ['Automated Data Archiving', 'Compliance Management', 'Secure Storage Solutions']) {
      const card = [...doc.querySelectorAll('article.card')].find((c) => text(c.querySelector('h3')) === title)!;
      expect(card.querySelectorAll('.checklist li')).toHaveLength(5);
    }
  });

  it('voice and video: the security assessment card lists the four checks', async () => {
    const doc = await site.doc('/voice-video-collaboration');
    const card = [...doc.querySelectorAll('article.card')].find(
      (c) => text(c.querySelector('h3')) === 'Security Assessment',
    )!;
    expect(texts(card, '.checklist li').map((t) => t.toLowerCase())).toEqual([
      'communication platform audit',
      'encryption standard review',
      'access control evaluation',
      'compliance gap analysis',
    ]);
  });

  it('about: four leadership roles by title only', async () => {
    const doc = await site.doc('/about');
    const roles = texts(doc, 'h3').filter((t) => /Chief|Head/.test(t));
    expect(roles).toHaveLength(4);
  });

  it('careers: the four positions with type, experience and location only where the spec gives one', async () => {
    const doc = await site.doc('/careers');
    const job = (title: string) => {
      const card = [...doc.querySelectorAll('article.card')].find((c) => text(c.querySelector('h3')) === title)!;
      return Object.fromEntries(
        [...card.querySelectorAll('.card-meta > div')].map((d) => [
          text(d.querySelector('dt')),
          text(d.querySelector('dd')),
        ]),
      );
    };
    expect(job('Senior Cybersecurity Analyst')).toEqual({ Type: 'Full-time', Experience: '3-5 years' });
    expect(job('Cloud Security Engineer')).toEqual({
      Type: 'Full-time',
      Experience: '2-4 years',
      Location: 'Lagos or Remote',
    });
    expect(job('Software Developer (Security Focus)')).toEqual({ Type: 'Full-time', Experience: '1-3 years' });
    expect(job('Cybersecurity Trainer')).toEqual({
      Type: 'Contract',
      Experience: '5+ years',
      Location: 'Lagos or Remote',
    });
    const main = doc.querySelector('main')!;
    expect(main.querySelector('a[href="/contact"]')).not.toBeNull();
    expect(main.querySelector('a[href^="mailto:"]')).not.toBeNull();
    expect(doc.body.innerHTML).not.toContain('JobPosting');
  });

  it('partners: six requirements, Apply for Partnership to /contact, and a partnership-inquiry mail link', async () => {
    const doc = await site.doc('/partners');
    const requirements = [...doc.querySelectorAll('section')].find((s) =>
      /Requirements/.test(text(s.querySelector('h2'))),
    )!;
    expect(requirements.querySelectorAll('.checklist li')).toHaveLength(6);
    const apply = [...doc.querySelectorAll('main a')].find((a) => text(a) === 'Apply for Partnership');
    expect(apply?.getAttribute('href')).toBe('/contact');
    const mail = doc.querySelector('main a[href^="mailto:"]')!.getAttribute('href')!;
    // The spec's "partnership inquiries", in the site's British spelling (enquiry) or the American one.
    expect(decodeURIComponent(mail)).toMatch(/subject=.*partnership [ei]nquir/i);
  });

  it('contact: the message form with required markers, types, the seven services and the consent boxes', async () => {
    const doc = await site.doc('/contact');
    const form = doc.querySelector('main form')!;
    // Controls by their field's key (their id); they are sent under their labels.
    const control = (name: string) => form.querySelector(`[id="${form.id}-${name}"]`)!;
    const label = (name: string) => text(form.querySelector(`label[for="${control(name).id}"]`));
    for (const name of ['firstName', 'lastName', 'email', 'message']) {
      expect(control(name).hasAttribute('required'), name).toBe(true);
      expect(label(name)).toMatch(/\*$/);
    }
    for (const name of ['phone', 'company', 'service', 'newsletter'])
      expect(control(name).hasAttribute('required'), name).toBe(false);
    expect(control('email').getAttribute('type')).toBe('email');
    expect(control('phone').getAttribute('type')).toBe('tel');
    expect(texts(control('service'), 'option').slice(1)).toEqual([
      'Core Security Assessment',
      'Identity & Access Management',
      'Digital Solutions Consultation',
      'Cybersecurity Training',
      'Incident Response',
      'Compliance Audit',
      'Other (Please specify)',
    ]);
    expect(control('privacy').getAttribute('type')).toBe('checkbox');
    expect(label('privacy')).toMatch(/Privacy Policy/);
    expect(label('privacy')).toMatch(/contacted/);
    expect(control('newsletter').getAttribute('type')).toBe('checkbox');
    expect(control('message').tagName).toBe('TEXTAREA');
  });

  it('every anchor the header links to exists on its page', async () => {
    const home = await site.doc('/');
    for (const a of home.querySelectorAll('.nav-desktop a[href*="#"]')) {
      const [route, id] = a.getAttribute('href')!.split('#');
      expect((await site.doc(route!)).getElementById(id!), a.getAttribute('href')!).not.toBeNull();
    }
  });

  it('legal pages have a table of contents linking to their sections', async () => {
    for (const route of ['/privacy-policy', '/terms-of-service', '/security-policy', '/compliance', '/cookie-policy']) {
      const doc = await site.doc(route);
      const links = [...doc.querySelectorAll('nav.toc a')];
      expect(links.length, route).toBeGreaterThan(4);
      for (const a of links) expect(doc.getElementById(a.getAttribute('href')!.slice(1))).not.toBeNull();
    }
  });

  it('structured data: Service on service pages, Course on the academy', async () => {
    const graph = async (route: string) =>
      [...(await site.doc(route)).querySelectorAll('script[type="application/ld+json"]')].flatMap(
        (s) => JSON.parse(s.textContent!)['@graph'] as Record<string, any>[],
      );
    for (const route of ['/cyber-security', '/cloud-security', '/identity-management', '/archiving-solutions']) {
      const service = (await graph(route)).find((n) => n['@type'] === 'Service');
      expect(service, route).toMatchObject({
        name: expect.any(String),
        serviceType: expect.any(String),
        provider: expect.any(Object),
        areaServed: expect.any(Array),
      });
    }
    const courses = (await graph('/academy')).filter((n) => n['@type'] === 'Course');
    expect(courses).toHaveLength(4);
    for (const c of courses)
      expect(c).toMatchObject({
        name: expect.any(String),
        description: expect.any(String),
        provider: { name: 'Sabi Cyber' },
      });
  });
});
