/** The theme the generator loads: layout, stylesheet, preloaded font, templates, reserved ids and config fields. */
import { defineTheme, MAX_TITLE, textField, type TemplateDefinition } from '../generator/theme';
import { breadcrumbTrail } from './breadcrumbs';
import { websiteConfig, type SiteConfig } from './config';
import { Layout, layoutKey } from './layout/Layout';
import { organization } from './organization';
import { templates } from './registry';

/** Every page of this site names its title and description: the engine would take them from the markdown. */
const pageFields = { title: textField(MAX_TITLE), description: textField(200, 20) };
const withPageFields = (all: Record<string, TemplateDefinition>): Record<string, TemplateDefinition> =>
  Object.fromEntries(
    Object.entries(all).map(([name, template]) => [name, { ...template, schema: template.schema.extend(pageFields) }]),
  );

export const theme = defineTheme<string, SiteConfig>({
  Layout,
  layoutKey,
  stylesheet: 'styles/site.css',
  preloadFont: 'inter-latin-wght-normal.woff2',
  // sonner puts its stylesheet in a <style> element it creates, which the CSP (style-src 'self') refuses: the call is
  // cut from its module, and the toaster island imports sonner/dist/styles.css, a file the page links (islands/toaster.tsx).
  islandSourceEdits: [{ file: 'sonner/dist/index.mjs', find: /^__insertCSS\("(?:[^"\\]|\\.)*"\);$/m, replace: '' }],
  templates: withPageFields(templates),
  // The ids the Layout, the page heroes, the legal table of contents and the islands put in pages, so no markdown
  // heading takes one. Section and form ids come from each page's frontmatter: a clash with one fails the build.
  reservedIds: ['main', 'page-title', 'toc-title', 'hero-slides', /^hero-slide-\d+$/, /^nav-panel-\d+$/],
  // What this site's pages need of site.yml beyond the engine's generic config: the company, its navigation and footer.
  config: websiteConfig,
  organization,
  breadcrumbs: breadcrumbTrail,
  socialCard: (site) => ({
    footnote: `${site.baseUrl.replace(/^https?:\/\//, '')} · ${site.address.locality}, ${site.address.region}`,
  }),
  formEndpoint: (site) => site.forms.endpoint,
  // The social links not yet made are placeholders (href="#"), in the footer of every page.
  placeholderLinks: (site) => site.social.filter((s) => s.href === '#').length,
});
