/**
 * A site published under a path (a base URL like https://example.github.io/notes) is built as if it were at the
 * root, then moved under its path in one place, at the boundary between rendering and output: every root-relative
 * URL a page, a stylesheet or a host file names (`/about`, `/assets/site-H.css`) becomes `/notes/about`. Templates,
 * markdown and the theme's islands keep writing root-relative links, and the link check reads them as they wrote
 * them; the built files name the path. A base URL without a path moves nothing: the output is byte for byte what it
 * was without this step.
 *
 * In HTML only markup is read, never text: a URL is moved in the attributes of a tag (href, src, srcset, action,
 * poster, formaction, and the island's data-src and data-styles), and in the string values of an island's JSON props
 * (`<script type="application/json">`), whose links the island renders again in the browser. Text, code samples
 * included, is left as it is: its `<` is escaped, so no tag starts in it.
 */

/** The path of a base URL, without a trailing slash: '' for a site at the root of its host. */
export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl).pathname.replace(/\/+$/, '');
}

/** A root-relative URL (`/x`, `/`, not `//host/x`) with the base path put before it. */
const moveUrl = (url: string, base: string) => (url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url);

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'poster', 'formaction', 'cite', 'data-src', 'data-styles']);

/** A start tag (its name, then its attributes); a `>` inside a quoted value ends the match early, and the rest is left as it is. */
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)(\s[^<>]*)?>/g;
const ATTRIBUTE = /(\s)([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/g;
/** An island's props: JSON data, after the tag that opens it. */
const JSON_SCRIPT = /(<script type="application\/json">)([^<]*)(<\/script>)/g;
/** A JSON string value (followed by `,`, `}` or `]`) that starts with one slash. */
const JSON_PATH_VALUE = /"(\/(?!\/)(?:[^"\\]|\\.)*)"(?=\s*[,}\]])/g;

/** A tag's attributes with each URL of its URL attributes (srcset's candidates one by one) passed through `move`. */
function moveAttributes(attributes: string, move: (url: string) => string): string {
  return attributes.replace(ATTRIBUTE, (whole, space: string, name: string, value: string) => {
    const lower = name.toLowerCase();
    if (lower === 'srcset')
      return `${space}${name}="${value.replace(/(^|,\s*)([^\s,]+)/g, (_c, start: string, url: string) => `${start}${move(url)}`)}"`;
    return URL_ATTRIBUTES.has(lower) ? `${space}${name}="${move(value)}"` : whole;
  });
}

const moveTags = (html: string, move: (url: string) => string) =>
  html.replace(START_TAG, (tag, name: string, attributes: string | undefined) =>
    attributes ? `<${name}${moveAttributes(attributes, move)}>` : tag,
  );

/** An HTML document (or part of one) with its root-relative URLs moved under `base`. */
export function htmlUnderBase(html: string, base: string): string {
  if (base === '') return html;
  return moveTags(html, (url) => moveUrl(url, base)).replace(
    JSON_SCRIPT,
    (_whole, open: string, json: string, close: string) =>
      `${open}${json.replace(JSON_PATH_VALUE, (_value, url: string) => `"${base}${url}"`)}${close}`,
  );
}

/**
 * The URL form, for HTML read away from the site (a feed's full content): every root-relative URL of a tag made
 * absolute under the base URL (`/about` → `https://example.github.io/notes/about`), and every fragment link made a
 * link into `pageUrl`, the page the HTML is from. Markup only, as above; text and code are left as they are.
 */
export function htmlWithAbsoluteUrls(html: string, baseUrl: string, pageUrl: string): string {
  const site = baseUrl.replace(/\/+$/, '');
  return moveTags(html, (url) =>
    url.startsWith('#') ? `${pageUrl}${url}` : url.startsWith('/') && !url.startsWith('//') ? `${site}${url}` : url,
  );
}

/** A stylesheet with the root-relative URLs of its `url()`s moved under `base`. */
export function cssUnderBase(css: string, base: string): string {
  if (base === '') return css;
  return css.replace(/url\((\s*)(["']?)(\/(?!\/))/g, `url($1$2${base}$3`);
}
