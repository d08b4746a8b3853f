/**
 * Reads a `_headers` file (the Netlify / Cloudflare Pages format) and answers
 * which headers apply to a path, so the preview server behaves like the host.
 */
export interface HeaderRule {
  pattern: RegExp;
  headers: [string, string][];
}

export function parseHeaders(source: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of source.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const glob = raw.trim();
      const pattern = new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
      current = { pattern, headers: [] };
      rules.push(current);
    } else if (current) {
      const index = raw.indexOf(':');
      if (index > 0) current.headers.push([raw.slice(0, index).trim(), raw.slice(index + 1).trim()]);
    }
  }
  return rules;
}

export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((rule) => rule.pattern.test(pathname)).flatMap((rule) => rule.headers);
}
