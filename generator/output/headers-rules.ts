/**
 * Reads a `_headers` file (the Netlify / Cloudflare Pages format) and answers
 * which headers apply to a path, so the preview server behaves like the host.
 *
 * Paths match by glob (`*` is any run of characters), compared without a
 * regular expression: a rule with many `*` cannot make a long request path
 * take exponential time. A header line a host would reject (a name that is
 * not an HTTP token, a value with control characters) is left out, so a typo
 * in `_headers` cannot break the responses of the preview server.
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';

export interface HeaderRule {
  /** The path pattern, as written: `/assets/*`. */
  glob: string;
  headers: [string, string][];
}

const isValidHeader = (name: string, value: string) => {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
};

export function parseHeaders(source: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of source.split(/\r?\n/)) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = { glob: raw.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const index = raw.indexOf(':');
      if (index <= 0) continue;
      const name = raw.slice(0, index).trim();
      const value = raw.slice(index + 1).trim();
      if (isValidHeader(name, value)) current.headers.push([name, value]);
    }
  }
  return rules;
}

/**
 * True when `text` matches `glob`, `*` standing for any run of characters.
 * On a mismatch only the last `*` takes one more character, so a match costs at most
 * (path length × glob length) steps, whatever the number of `*`.
 */
export function globMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (g < glob.length && glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (g < glob.length && glob[g] === text[t]) {
      g++;
      t++;
    } else if (star >= 0) {
      g = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (g < glob.length && glob[g] === '*') g++;
  return g === glob.length;
}

export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((rule) => globMatches(rule.glob, pathname)).flatMap((rule) => rule.headers);
}
