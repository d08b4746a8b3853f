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

function moveAttributes(attributes: string, base: string): string {
  return attributes.replace(ATTRIBUTE, (whole, space: string, name: string, value: string) => {
    const lower = name.toLowerCase();
    if (lower === 'srcset') return `${space}${name}="${value.replace(/(^|,\s*)(\/(?!\/))/g, `$1${base}$2`)}"`;
    return URL_ATTRIBUTES.has(lower) ? `${space}${name}="${moveUrl(value, base)}"` : whole;
  });
}

/** An HTML document (or part of one) with its root-relative URLs moved under `base`. */
export function htmlUnderBase(html: string, base: string): string {
  if (base === '') return html;
  return html
    .replace(START_TAG, (tag, name: string, attributes: string | undefined) =>
      attributes ? `<${name}${moveAttributes(attributes, base)}>` : tag,
    )
    .replace(
      JSON_SCRIPT,
      (_whole, open: string, json: string, close: string) =>
        `${open}${json.replace(JSON_PATH_VALUE, (_value, url: string) => `"${base}${url}"`)}${close}`,
    );
}

/** A stylesheet with the root-relative URLs of its `url()`s moved under `base`. */
export function cssUnderBase(css: string, base: string): string {
  if (base === '') return css;
  return css.replace(/url\((\s*)(["']?)(\/(?!\/))/g, `url($1$2${base}$3`);
}
