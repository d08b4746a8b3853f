import { describe, expect, it } from 'vitest';
import { breadcrumbTrail as engineTrail } from '../../generator/pages/breadcrumbs';
import { breadcrumbTrail } from '../../templates/breadcrumbs';

const site = {
  navigation: {
    groups: [
      { label: 'Core Security', path: '/core-security', items: [{ name: 'Cloud Security', path: '/cloud-security' }] },
    ],
    links: [{ label: 'About', href: '/about' }],
    cta: { label: 'Go', href: '/about' },
  },
  footer: {
    columns: [{ title: 'Legal', links: [{ label: 'Privacy Policy', href: '/privacy-policy' }] }],
    claims: [],
    copyrightYear: 2024,
  },
};
const trail = (route: string, title: string, label?: string) => breadcrumbTrail({ route, title, label }, site);

describe("the engine's breadcrumbs", () => {
  it('are Home, then the page named by its label or title', () => {
    expect(engineTrail({ route: '/', title: 'Welcome' })).toEqual([{ name: 'Home', route: '/' }]);
    expect(engineTrail({ route: '/guide/install', title: 'Installing' })).toEqual([
      { name: 'Home', route: '/' },
      { name: 'Installing', route: '/guide/install' },
    ]);
    expect(engineTrail({ route: '/guide/install', title: 'Installing', label: 'Install' }).at(-1)!.name).toBe(
      'Install',
    );
  });
});

describe("the website theme's breadcrumbs", () => {
  it('is Home alone on the home page', () => {
    expect(trail('/', 'Welcome')).toEqual([{ name: 'Home', route: '/' }]);
  });
  it('passes through the navigation group that lists the page, naming it as the navigation does', () => {
    expect(trail('/cloud-security', 'Cloud Security for AWS, Azure and Google Cloud')).toEqual([
      { name: 'Home', route: '/' },
      { name: 'Core Security', route: '/core-security' },
      { name: 'Cloud Security', route: '/cloud-security' },
    ]);
  });
  it('uses footer and link labels, then the title, and an explicit label over all', () => {
    expect(trail('/privacy-policy', 'Our Privacy Policy').at(-1)!.name).toBe('Privacy Policy');
    expect(trail('/about', 'About Sabi').at(-1)!.name).toBe('About');
    expect(trail('/other', 'Other Page').at(-1)!.name).toBe('Other Page');
    expect(trail('/about', 'About Sabi', 'Who we are').at(-1)!.name).toBe('Who we are');
  });
});
