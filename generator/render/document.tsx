/**
 * The HTML document around every page: the full SEO head (title, description,
 * keywords, canonical, Open Graph, Twitter card, JSON-LD) and the assets. It
 * renders no inline executable script: JSON-LD is data, scripts are files.
 */
import type { ReactNode } from 'react';
import type { SiteConfig } from '../config/config';
import { languageTag } from '../config/config';
import type { Graph } from 'schema-dts';
import { graphJson } from './json-ld';
import { initialIcon } from './favicon';
import { documentTitle, type PageInfo } from '../pages/page';

export interface DocumentAssets {
  stylesheet: string;
  fontPreload?: string;
  /** A classic script run before the first paint (the theme's `headScript`). */
  headScript?: string;
  scripts: string[];
  modulePreloads: string[];
}

export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

/** A page's own values in its head; `jsonLd` is serialised JSON, placed as it is. */
export interface HeadValues {
  title: string;
  description: string;
  url: string;
  keywords: string;
  jsonLd: string;
}

/** A page's own values in the head (already joined and serialised) and what shapes it. */
export interface HeadOf {
  values: HeadValues;
  noindex: boolean;
  canonical: boolean;
  /** Links to the page's neighbours in a list and to its feeds (rel prev, next, alternate). */
  links?: { rel: string; href: string; type?: string; title?: string }[];
}

/** What the Document shows of a page. */
export function headOf(page: PageInfo, site: SiteConfig, jsonLd: Graph): HeadOf {
  // Every page names its canonical URL, the not-found page its own (/404): where hosts answer unknown paths with it,
  // the status is 404, which search engines never index. It needs no noindex either: audits (Lighthouse's SEO score)
  // count a noindex against it. A draft (built by --drafts or site watch, never in the sitemap) is noindex too: a
  // preview published by mistake is not indexed.
  const noindex = page.data.noindex === true || page.data.draft === true;
  return {
    values: {
      title: documentTitle(page.title, site.name),
      description: page.description,
      url: page.url,
      keywords: (page.data.keywords ?? site.keywords).join(', '),
      jsonLd: graphJson(jsonLd),
    },
    noindex,
    canonical: !noindex,
  };
}

/**
 * Every page's document, rendered for that page alone. `children` is the body: the page is rendered with a slot
 * there (render-pages.tsx), since the body is rendered first, so the head knows which islands the page uses.
 */
export function Document(props: { head: HeadOf; site: SiteConfig; assets: DocumentAssets; children: ReactNode }) {
  const { head, site, assets, children } = props;
  const { values } = head;
  const { title, description, url, keywords } = values;
  const image = `${site.baseUrl}${OG_IMAGE.path}`;
  return (
    <html lang={languageTag(site)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the stylesheet and the title: it runs before anything is painted (not deferred, not a module). */}
        {assets.headScript && <script src={assets.headScript} />}
        <title>{title}</title>
        <meta name="description" content={description} />
        {head.values.keywords !== '' && <meta name="keywords" content={keywords} />}
        {head.noindex && <meta name="robots" content="noindex, follow" />}
        {head.canonical && <link rel="canonical" href={url} />}
        {head.links?.map((link) => (
          <link key={`${link.rel} ${link.href}`} rel={link.rel} href={link.href} type={link.type} title={link.title} />
        ))}
        {site.themeColor && <meta name="theme-color" content={site.themeColor} />}
        {assets.fontPreload && (
          <link rel="preload" href={assets.fontPreload} as="font" type="font/woff2" crossOrigin="anonymous" />
        )}
        <link rel="stylesheet" href={assets.stylesheet} />
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {site.logo ? (
          <link rel="icon" href={site.logo} type="image/svg+xml" />
        ) : (
          <link rel="icon" href={initialIcon(site)} type="image/svg+xml" />
        )}
        {site.logo && <link rel="apple-touch-icon" href="/apple-touch-icon.png" />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:locale" content={site.locale} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content={String(OG_IMAGE.width)} />
        <meta property="og:image:height" content={String(OG_IMAGE.height)} />
        <meta property="og:image:alt" content={site.tagline ? `${site.name}: ${site.tagline}` : site.name} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={image} />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: values.jsonLd }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
