/**
 * YAML parsing that remembers where each value came from, so a validation error
 * can name the line of the offending field, not just the file.
 */
import { createRequire } from 'node:module';
import type { Document } from 'yaml';
import { SiteError } from '../core/errors';

/**
 * The yaml package is loaded only when needed: the site config needs it (loadYaml, before parsing it),
 * pages only when one has an error (their data comes from js-yaml), so a build's worker threads never load it.
 * An error on a worker loads it there with require.
 */
let yamlPackage: typeof import('yaml') | undefined;
export async function loadYaml(): Promise<void> {
  const loaded = await import('yaml');
  // A CommonJS package: bundled, its exports arrive as the default export.
  yamlPackage ??= 'parseDocument' in loaded ? loaded : (loaded as { default: typeof import('yaml') }).default;
}
const yaml = () => (yamlPackage ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

export interface ParsedYaml {
  data: unknown;
  /** 1-based line of the value at `path`, or of its closest existing parent. */
  lineOf(path: ReadonlyArray<PropertyKey>): number | undefined;
}

/**
 * @param firstLine line of `source`'s first line in the file (2 for frontmatter after `---`).
 */
/** Parsed documents by file, text and offset: unchanged frontmatter is not parsed again in watch mode. */
const cache = new Map<string, ParsedYaml>();

export function parseYaml(source: string, file: string, firstLine = 1): ParsedYaml {
  const key = `${file}\0${firstLine}\0${source}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const parsed = parseUncached(source, file, firstLine);
  if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
  cache.set(key, parsed);
  return parsed;
}

function parseUncached(source: string, file: string, firstLine: number): ParsedYaml {
  const { LineCounter, parseDocument, isNode } = yaml();
  const counter = new LineCounter();
  const doc: Document = parseDocument(source, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const [first] = doc.errors;
  if (first) {
    const line = first.linePos?.[0].line ?? counter.linePos(first.pos[0]).line;
    throw new SiteError('MalformedYaml', first.message.split('\n')[0] ?? 'YAML syntax error', {
      file,
      line: line === undefined ? undefined : line + firstLine - 1,
      cause: first,
    });
  }
  return {
    data: doc.toJS() ?? {},
    lineOf(path) {
      for (let depth = path.length; depth >= 0; depth--) {
        const node = doc.getIn(path.slice(0, depth).map((p) => (typeof p === 'symbol' ? String(p) : p)), true);
        if (isNode(node) && node.range) return counter.linePos(node.range[0]).line + firstLine - 1;
      }
      return undefined;
    },
  };
}
