/**
 * YAML with positions: parsing that remembers where each value came from, so an error names the line of the
 * offending field, not just the file; the `yaml` package's parser, the one that keeps positions. site.yml is read
 * with it; a page's frontmatter is read for its data alone with js-yaml (load/frontmatter.ts, on every page), and
 * with this where a position is asked for: the line of an error. Both read by these rules, plain data only.
 * Refused, each with a named error and its line:
 * - tags other than the core schema's (`!!js/function`, `!!python/object`,
 *   `!foo`, `!!binary`...): never run, never turned into objects;
 * - nesting deeper than MAX_DEPTH, written out or made by what aliases repeat: the yaml package composes
 *   recursively and relies on catching a stack overflow, which can instead abort the process, and whatever walks
 *   the data next recurses too;
 * - aliases that repeat more than MAX_ALIASED_VALUES values, or that refer to
 *   the collection containing them (a billion-laughs document is a few lines
 *   that expand to billions of values for whatever walks the data next);
 * - an alias with no anchor before it, and a list or mapping used as a key.
 *
 * Nothing is kept between calls: whoever asks for lines more than once keeps the parse (load/frontmatter.ts, linesOf),
 * and data handed on is the caller's own, fresh from its parse, to check and map in place (text-values.ts).
 */
import {
  Composer,
  isAlias,
  isCollection,
  isMap,
  isNode,
  isPair,
  isScalar,
  LineCounter,
  visit,
  Parser,
  YAMLParseError,
  type CST,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { SiteError } from '../base/errors';
import { ownValue } from '../base/own';

/** Deepest nesting of lists and mappings a document may have (the limit js-yaml keeps too). */
export const MAX_DEPTH = 100;
/** Most values that aliases (`*name`) may repeat in one document: generous for real reuse, far below harm. */
export const MAX_ALIASED_VALUES = 10_000;

/** Tags of the YAML 1.2 core schema, and `!` (a plain string): the only ones a document may use. */
const SAFE_TAGS = new Set([
  '!',
  ...['str', 'int', 'float', 'bool', 'null', 'seq', 'map'].map((name) => `tag:yaml.org,2002:${name}`),
]);

export interface ParsedYaml {
  data: unknown;
  /** 1-based line of the value at `path`, or of its closest existing parent. */
  lineOf: (path: ReadonlyArray<PropertyKey>) => number | undefined;
}

/** The document, or the offset of a collection nested deeper than MAX_DEPTH (then nothing is composed). */
function compose(
  source: string,
  counter: LineCounter,
): { doc: Document; tooDeep?: undefined } | { doc?: undefined; tooDeep: number } {
  // The parser is a loop; composing recurses, so the depth is checked on the parser's tokens first.
  const tokens = [...new Parser(counter.addNewLine).parse(source)];
  const tooDeep = deepestOffset(tokens);
  if (tooDeep !== undefined) return { tooDeep };
  let doc: Document | undefined;
  for (const next of new Composer({ prettyErrors: false, uniqueKeys: true }).compose(tokens, true, source.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'A second YAML document starts here (after a --- line)',
        ),
      );
      break;
    }
  }
  return { doc: doc! };
}

/** The offset of the first list or mapping nested deeper than MAX_DEPTH, walking the parser's tokens without recursion. */
function deepestOffset(tokens: CST.Token[]): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((token) => [token, 0]);
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (token.type === 'document' && token.value) stack.push([token.value, depth]);
    else if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') {
      if (depth >= MAX_DEPTH) return token.offset;
      for (const item of token.items) {
        if ('key' in item && item.key) stack.push([item.key, depth + 1]);
        if (item.value) stack.push([item.value, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Parses `source` into plain data; throws MalformedYaml, UnsafeYaml, YamlTooDeep, YamlAliasLimit, YamlAliasCycle,
 * UnknownYamlAlias or YamlKeyNotText naming `file` and the line.
 * @param firstLine line of `source`'s first line in the file.
 */
export function parseYaml(source: string, file: string, firstLine = 1): ParsedYaml {
  const counter = new LineCounter();
  const lineAt = (offset: number) => counter.linePos(offset).line + firstLine - 1;
  const composed = compose(source, counter);
  if (composed.tooDeep !== undefined) {
    throw new SiteError('YamlTooDeep', { tooDeep: MAX_DEPTH }, { file, line: lineAt(composed.tooDeep) });
  }
  const { doc } = composed;
  const [first] = doc.errors;
  if (first) {
    // A [ or { left open is noticed where the next line starts: name the line that opened it.
    const opened = unclosedAt(doc, first);
    const at = opened ?? first.pos[0];
    const line =
      opened !== undefined ? counter.linePos(opened).line : (first.linePos?.[0].line ?? counter.linePos(at).line);
    const field = fieldAt(source, at);
    throw new SiteError(
      'MalformedYaml',
      { problem: first.message.split('\n')[0] || 'YAML syntax error' },
      {
        file,
        line: line === undefined ? undefined : line + firstLine - 1,
        field: field && fieldName(field),
        hint: opened !== undefined ? UNCLOSED_HINT : ownValue(HINTS, first.code),
        cause: first,
      },
    );
  }
  checkNodes(doc, file, lineAt);
  let data: unknown;
  try {
    // The aliases were measured above, by the same rule as pages' frontmatter; the package's own count is a different rule.
    data = doc.toJS({ maxAliasCount: -1 }) ?? {};
  } catch (cause) {
    throw new SiteError(
      'MalformedYaml',
      { problem: (cause as Error).message.split('\n')[0] || 'YAML error' },
      { file, cause },
    );
  }
  return {
    data,
    lineOf(path) {
      for (let depth = path.length; depth >= 0; depth--) {
        const node = doc.getIn(
          path.slice(0, depth).map((p) => (typeof p === 'symbol' ? String(p) : p)),
          true,
        );
        if (isNode(node) && node.range) return lineAt(node.range[0]);
      }
      return undefined;
    },
  };
}

/** Hints for the YAML mistakes people make most, by the yaml package's error code. */
const HINTS: Partial<Record<string, string>> = {
  TAB_AS_INDENT:
    'Indent YAML with spaces: a tab is not allowed as indentation. Replace the tabs at the start of the line with spaces.',
  DUPLICATE_KEY: 'A key appears twice in one mapping: remove or rename one of them.',
  MULTIPLE_DOCS: 'A --- line ends the frontmatter: remove the extra --- line, or quote the value that holds it.',
  BLOCK_AS_IMPLICIT_KEY: 'A value that contains ": " must be quoted: title: "Security: what we do".',
  MISSING_CHAR:
    'A value that contains ": " or starts with a special character ({ [ * & ! | > \' " % @ `) must be quoted.',
};

const UNCLOSED_HINT =
  'A list written [a, b] must end with ] (and a map written {a: 1} with }) before the next key: close it on the line shown, or write the items as a list of "- " lines.';

/** Where the flow collection ([…] or {…}) that `error` found left open starts: it ends where the error is. */
function unclosedAt(doc: Document, error: YAMLParseError): number | undefined {
  if (!/^Flow (sequence|map)\b.*end with a [\]}]/.test(error.message)) return undefined;
  let start: number | undefined;
  visit(doc, {
    Collection(_key, node) {
      if (node.flow && node.range?.[1] === error.pos[0]) start = node.range[0];
    },
  });
  return start;
}

/**
 * Tags, keys and aliases, in document order. An alias refers to the last anchor of its name before it (the anchored
 * node is entered before its contents, so an alias inside its own anchor refers to a collection that contains it).
 * Each node is measured once, its size (values, once aliases are expanded) and its height (levels of lists and
 * mappings below it), so a document that aliases expand to billions of values costs no more than its text.
 */
function checkNodes(doc: Document, file: string, lineAt: (offset: number) => number): void {
  const anchors = new Map<string, YamlNode>();
  const measured = new Map<YamlNode, { size: number; height: number }>();
  let aliased = 0;
  const where = (node: { range?: unknown }, path: (string | number)[]) => {
    const range = (node as YamlNode).range;
    return { file, line: range ? lineAt(range[0]) : undefined, field: path.length > 0 ? fieldName(path) : undefined };
  };
  const nothing = { size: 0, height: 0 };
  const measure = (node: unknown, path: (string | number)[]): { size: number; height: number } => {
    if (isAlias(node)) {
      const source = anchors.get(node.source);
      if (!source) {
        throw new SiteError(
          'UnknownYamlAlias',
          { alias: node.source },
          {
            ...where(node, path),
            hint: `Mark the value to repeat with &${node.source} before this alias, or write the value out. In plain text, quote a value that starts with *.`,
          },
        );
      }
      const found = measured.get(source);
      if (found === undefined) throw new SiteError('YamlAliasCycle', { alias: node.source }, where(node, path));
      aliased += found.size;
      if (aliased > MAX_ALIASED_VALUES) {
        throw new SiteError('YamlAliasLimit', { limit: MAX_ALIASED_VALUES, alias: node.source }, where(node, path));
      }
      // Written nesting is held to MAX_DEPTH before composing (deepestOffset); an alias nests what it repeats deeper.
      if (path.length + found.height > MAX_DEPTH) {
        throw new SiteError('YamlTooDeep', { tooDeep: MAX_DEPTH, aliases: true }, where(node, path));
      }
      return found;
    }
    if (!isScalar(node) && !isCollection(node)) return nothing; // an empty value
    if (node.tag && !SAFE_TAGS.has(node.tag))
      throw new SiteError('UnsafeYaml', { tag: shownTag(node.tag) }, where(node, path));
    if (node.anchor) anchors.set(node.anchor, node);
    let size = 1;
    let height = 0;
    if (isCollection(node)) {
      const inside = (item: unknown, at: (string | number)[]) => {
        const inner = measure(item, at);
        size += inner.size;
        if (item !== null && item !== undefined) height = Math.max(height, inner.height + 1);
      };
      node.items.forEach((item: unknown, index: number) => {
        if (isPair(item)) {
          const key = isScalar(item.key) ? String(item.key.value) : index;
          if (isMap(node) && (isCollection(item.key) || isAlias(item.key))) {
            throw new SiteError('YamlKeyNotText', undefined, {
              ...where(item.key as YamlNode, path),
              hint: HINTS.MISSING_CHAR,
            });
          }
          inside(item.key, [...path, key]);
          inside(item.value, [...path, key]);
        } else inside(item, [...path, index]);
      });
    }
    const result = { size, height };
    measured.set(node, result);
    return result;
  };
  measure(doc.contents, []);
}

/** `tag:yaml.org,2002:js/function` as written: `!!js/function`. */
const shownTag = (tag: string) =>
  tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag;

/**
 * The path of the field whose key or value holds `offset` in `source`, if the text can be read as YAML at all:
 * names the field of an error found in the raw text (a control character, an unknown token). Never throws.
 */
export function fieldAt(source: string, offset: number): (string | number)[] | undefined {
  try {
    const composed = compose(source, new LineCounter());
    if (!composed.doc) return undefined;
    const inside = (node: unknown) => {
      const range = (node as YamlNode | null)?.range;
      return range !== undefined && range !== null && offset >= range[0] && offset < range[2];
    };
    const path: (string | number)[] = [];
    let node: unknown = composed.doc.contents;
    while (isCollection(node)) {
      const items: unknown[] = node.items;
      const index = items.findIndex((item) => (isPair(item) ? inside(item.key) || inside(item.value) : inside(item)));
      if (index === -1) break;
      const item = items[index];
      if (isMap(node) && isPair(item)) {
        path.push(isScalar(item.key) ? String(item.key.value) : String(index));
        if (inside(item.key)) break;
        node = item.value;
      } else {
        path.push(index);
        node = isPair(item) ? item.value : item;
      }
    }
    return path.length > 0 ? path : undefined;
  } catch {
    return undefined;
  }
}

/** `["stats", 0, "label"]` → `stats[0].label` */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}
