/**
 * A home page written for VitePress, VuePress or Starlight keeps its content in the frontmatter, not the markdown: a
 * hero (a line under the title, a tagline, an image, links to start reading) and a list of features. VitePress writes
 * `hero: { name, text, tagline, image, actions }` and `features: [{ title, details, link }]` (with `layout: home`),
 * Starlight `hero: { title, tagline, image: { file }, actions }`, VuePress `home: true` with `heroText`, `tagline`,
 * `heroImage`, `actions` and `features`; features are read beside a hero, or with `layout: home`. The prose template shows them above the page's markdown, as text and links,
 * so such a home page is not an empty title. What is not text (an icon written as HTML, a Vue component) is left out.
 */
import { z } from 'zod';

/** A link to start reading: VitePress's and Starlight's `{ text, link }`, VuePress's the same. */
const action = z.looseObject({
  text: z.string().transform((value) => value.replace(/<[^>]*>/g, '')),
  link: z.string(),
});

/** An image: a path, or VitePress's `{ src, alt }` (or `{ light, dark, alt }`), Starlight's `{ file, alt }`. */
const image = z.union([
  z.string(),
  z.looseObject({
    src: z.string().optional(),
    file: z.string().optional(),
    light: z.string().optional(),
    alt: z.string().optional(),
  }),
]);

/**
 * Text the tool shows as HTML (VitePress's and Starlight's taglines hold `<strong>` and `<br>`): its words, without the
 * tags, which would otherwise show as written.
 */
const asText = (value: string) =>
  value
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const text = z.string().transform(asText).optional().catch(undefined);

const heroFields = z.looseObject({
  name: text,
  title: text,
  text,
  tagline: text,
  image: image.optional().catch(undefined),
  actions: z.array(action.nullable().catch(null)).optional().catch(undefined),
});

const feature = z.looseObject({
  title: z.string().transform(asText),
  details: text,
  link: z.string().optional().catch(undefined),
});

const homeFields = z.looseObject({
  hero: heroFields.optional().catch(undefined),
  home: z.unknown().optional(),
  layout: z.unknown().optional(),
  heroText: text,
  tagline: text,
  heroImage: text,
  actions: z.array(action.nullable().catch(null)).optional().catch(undefined),
  features: z.array(feature.nullable().catch(null)).optional().catch(undefined),
});

interface Link {
  text: string;
  href: string;
}

interface Home {
  /** The line under the page's title (VitePress's `hero.text`, VuePress's `heroText`). */
  text?: string;
  tagline?: string;
  image?: { src: string; alt: string };
  actions: Link[];
  features: { title: string; details?: string; href?: string }[];
}

/** A URL with a scheme or a host: left as written. */
const ELSEWHERE = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * A link as the tool that wrote it reads it: `/guide` from the site's root, `./guide/start` from the page's URL, which
 * is its folder for an index or README page (VitePress serves `guide/index.md` at `/guide/`), else the page's parent.
 */
function resolved(link: string, route: string, file: string | undefined): string {
  if (ELSEWHERE.test(link) || link.startsWith('/') || link.startsWith('#')) return link;
  const folderPage = file === undefined || /(?:^|\/)(?:index|readme|_index)\.(?:md|markdown)$/i.test(file);
  const base = folderPage && !route.endsWith('/') ? `${route}/` : route;
  const url = new URL(link, `https://site.invalid${base}`);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The hero and features a page's frontmatter gives, as these tools write them; undefined when it gives neither. */
export function homeOf(data: unknown, route: string, file: string | undefined): Home | undefined {
  const parsed = homeFields.safeParse(data);
  if (!parsed.success) return undefined;
  const fields = parsed.data;
  const hero = fields.hero;
  const vuepress = fields.home === true;
  const link = (found: { text: string; link: string } | null): Link[] =>
    found ? [{ text: found.text, href: resolved(found.link, route, file) }] : [];
  const written = hero?.image ?? (vuepress ? fields.heroImage : undefined);
  const src = typeof written === 'string' ? written : (written?.src ?? written?.file ?? written?.light);
  const home: Home = {
    text: hero?.text ?? (vuepress ? fields.heroText : undefined),
    tagline: hero?.tagline ?? (vuepress ? fields.tagline : undefined),
    image:
      src === undefined
        ? undefined
        : { src: resolved(src, route, file), alt: (typeof written === 'object' && written.alt) || '' },
    actions: (hero?.actions ?? (vuepress ? fields.actions : undefined) ?? []).flatMap(link),
    features: (hero || vuepress || fields.layout === 'home' ? (fields.features ?? []) : []).flatMap((found) =>
      found
        ? [
            {
              title: found.title,
              ...(found.details ? { details: found.details } : {}),
              ...(found.link ? { href: resolved(found.link, route, file) } : {}),
            },
          ]
        : [],
    ),
  };
  const empty = !home.text && !home.tagline && !home.image && home.actions.length === 0 && home.features.length === 0;
  return empty ? undefined : home;
}

/** The hero: the line under the title, the tagline, the links to start reading, the image. */
export function Hero({ home }: { home: Home }) {
  return (
    <>
      {(home.text || home.tagline || home.image || home.actions.length > 0) && (
        <div className="hero">
          <div className="hero-words">
            {home.text && <p className="hero-text">{home.text}</p>}
            {home.tagline && <p className="hero-tagline">{home.tagline}</p>}
            {home.actions.length > 0 && (
              <ul className="hero-actions">
                {home.actions.map((found, i) => (
                  <li key={i}>
                    <a className={i === 0 ? 'hero-action hero-action-first' : 'hero-action'} href={found.href}>
                      {found.text}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {home.image && <img className="hero-image" src={home.image.src} alt={home.image.alt} />}
        </div>
      )}
      {home.features.length > 0 && (
        <ul className="features">
          {home.features.map((found, i) => (
            <li key={i} className="feature">
              <h2 className="feature-title">{found.href ? <a href={found.href}>{found.title}</a> : found.title}</h2>
              {found.details && <p>{found.details}</p>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
