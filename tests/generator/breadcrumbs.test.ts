import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from '../../generator/render/breadcrumbs';

const site = {
  navigation: {
    groups: [{ label: 'Core Security', path: '/core-security', items: [{ name: 'Cloud Security', path: '/cloud-security' }] }],
    links: [{ label: 'About', href: '/about' }],
    cta: { label: 'Go', href: '/about' },
  },
  footer: { columns: [{ title: 'Legal', links: [{ label: 'Privacy Policy', href: '/privacy-policy' }] }], claims: [], copyrightYear: 2024 },
};

describe('breadcrumbTrail', () => {
  it('is Home alone on the home page', () => {
    expect(breadcrumbTrail('/', 'Welcome', site)).toEqual([{ name: 'Home', route: '/' }]);
  });
  it('passes through the navigation group that lists the page, naming it as the navigation does', () => {
    expect(breadcrumbTrail('/cloud-security', 'Cloud Security for AWS, Azure and Google Cloud', site)).toEqual([
      { name: 'Home', route: '/' },
      { name: 'Core Security', route: '/core-security' },
      { name: 'Cloud Security', route: '/cloud-security' },
    ]);
  });
  it('uses footer and link labels, then the title, and an explicit label over all', () => {
    expect(breadcrumbTrail('/privacy-policy', 'Our Privacy Policy', site).at(-1)!.name).toBe('Privacy Policy');
    expect(breadcrumbTrail('/about', 'About Sabi', site).at(-1)!.name).toBe('About');
    expect(breadcrumbTrail('/other', 'Other Page', site).at(-1)!.name).toBe('Other Page');
    expect(breadcrumbTrail('/about', 'About Sabi', site, 'Who we are').at(-1)!.name).toBe('Who we are');
  });
});
