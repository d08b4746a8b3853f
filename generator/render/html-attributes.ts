/**
 * Attributes as the rendered pages write them (React and remark-html: values
 * in double quotes, a quote inside one written as an entity), read only from
 * start tags. Text is never read: a code sample showing `<a href="/x">` has
 * its `<` escaped, but not its quotes, so ` href="/x"` appears in the page as
 * characters, not as a link.
 */

/** A start tag, with quoted values read whole (a `>` inside one does not end the tag). */
const START_TAG = /<[a-zA-Z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;

/**
 * Calls `each` with the name and value (entities still encoded) of every attribute `pattern` matches in a start tag.
 * `pattern`: a global regex whose groups are the name and the value, such as / (href|src)="([^"]*)"/g.
 */
export function forEachAttribute(html: string, pattern: RegExp, each: (name: string, value: string) => void): void {
  // Two regexes of this call's own, read with exec: matchAll copies its regex at every call, here once for each tag
  // of every page; and a call made from `each` has its own positions.
  const tags = new RegExp(START_TAG);
  const attributes = new RegExp(pattern);
  for (let tag = tags.exec(html); tag !== null; tag = tags.exec(html)) {
    const text = tag[0];
    if (!text.includes('="')) continue;
    attributes.lastIndex = 0;
    for (let match = attributes.exec(text); match !== null; match = attributes.exec(text)) each(match[1]!, match[2]!);
  }
}

const ENTITY = /&(?:(amp|quot|apos|lt|gt)|#x([0-9a-fA-F]+)|#(\d+));/g;
const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** An attribute value as the browser reads it: the entities React and remark-html write, decoded. */
export function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    ENTITY,
    (entity, name: string | undefined, hex: string | undefined, decimal: string | undefined) => {
      if (name) return NAMED[name]!;
      const code = hex ? parseInt(hex, 16) : Number(decimal);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    },
  );
}

const ID = / (id)="([^"]*)"/g;

/** The ids the start tags of some HTML give, in order (repeats included). */
export function idsIn(html: string): string[] {
  const ids: string[] = [];
  forEachAttribute(html, ID, (_, value) => ids.push(decodeAttribute(value)));
  return ids;
}
