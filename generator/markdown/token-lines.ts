/**
 * A block's lines as Shiki's codeToTokensBase colours them with one theme, each line tokenized once per highlighter
 * for the state it starts in: a line met again in the same state (a closing brace, an import, a step of a workflow,
 * the same example on many pages) takes the tokens it had, where TextMate would run every pattern of its rules again.
 *
 * What TextMate makes of a line is a function of the grammar, the theme, the line's text and the state the line
 * starts in (vscode-textmate's StateStack: a stack of frames, each a rule id, the end pattern a begin rule made, whether
 * that begin matched the line's end, and the scopes with their token attributes). Each state is given a number by
 * its content, field by field (the same number for two states of the same frames), and a line's tokens and end state
 * are kept under that number and its text: by construction what tokenizing it again would give. The positions a frame
 * keeps are per line (reset before each line). A state holding a field this module does not know (another version of
 * vscode-textmate) is never given a number: its lines are tokenized every time.
 *
 * The loop is Shiki's own (codeToTokensBase, with no time limit, no grammar state given, no line length limit, no
 * explanations): the same lines, an empty line skipped with the state left as it was, empty tokens dropped, each
 * token's colour from the theme's colour map (with the theme's colour replacements) and its font style from its
 * metadata. One per highlighter (each thread has its own); kept to a number of lines, then begun again.
 */
import type { HighlighterCore } from 'shiki/core';

/**
 * The parts of Shiki the loop uses, given by the highlighter (which imports Shiki when a page first names a language:
 * a module of the pipeline importing it would load it with every pipeline).
 */
export type ShikiParts = Pick<
  typeof import('shiki/core'),
  'applyColorReplacements' | 'resolveColorReplacements' | 'splitLines'
> &
  Pick<typeof import('shiki/textmate'), 'EncodedTokenMetadata' | 'INITIAL'>;

/** A line's text in runs of one look: the classes the highlighter gives them (none: plain text). */
export interface Run {
  text: string;
  classes: readonly string[];
}

/** The runs of a token of this colour (undefined: the theme's text colour) and font style; undefined: no pair. */
export type Classify = (color: string | undefined, fontStyle: number) => readonly string[] | undefined;

/** Lines kept per highlighter before the memory begins again: a few megabytes. */
const KEPT_LINES = 50_000;

/** The fields of vscode-textmate's state frames, scope lists and scope paths, each covered by a state's number. */
const STATE_FIELDS = new Set([
  'parent',
  'ruleId',
  'beginRuleCapturedEOL',
  'endRule',
  'nameScopesList',
  'contentNameScopesList',
  '_stackElementBrand',
  'depth',
  '_enterPos',
  '_anchorPos',
]);
const SCOPES_FIELDS = new Set(['parent', 'scopePath', 'tokenAttributes']);
const PATH_FIELDS = new Set(['parent', 'scopeName']);

interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}
interface Scopes {
  parent: Scopes | null;
  scopePath: ScopePath;
  tokenAttributes: number;
}
interface Frame {
  parent: Frame | null;
  ruleId: number;
  beginRuleCapturedEOL: boolean;
  endRule: string | null | undefined;
  nameScopesList: Scopes | null;
  contentNameScopesList: Scopes | null;
}

/** Whether an object has only the fields named (its own, enumerable or not). */
const onlyFields = (value: object, fields: ReadonlySet<string>) =>
  Reflect.ownKeys(value).every((key) => typeof key === 'string' && fields.has(key));

/** Numbers for states by their content: equal numbers, equal frames, scopes and scope paths. */
class StateNumbers {
  constructor(private readonly initial: unknown) {}

  private readonly byContent = new Map<string, number>();
  private readonly byObject = new WeakMap<object, number>();

  /** The number of `content`'s key, given to `object`; undefined (never cached) when a part has none. */
  private number(object: object, key: unknown[]): number {
    const content = JSON.stringify(key);
    let n = this.byContent.get(content);
    if (n === undefined) this.byContent.set(content, (n = this.byContent.size + 1));
    this.byObject.set(object, n);
    return n;
  }

  private path(path: ScopePath | null): number | undefined {
    if (path === null) return 0;
    const known = this.byObject.get(path);
    if (known !== undefined) return known;
    const parent = this.path(path.parent);
    if (parent === undefined || !onlyFields(path, PATH_FIELDS) || typeof path.scopeName !== 'string') return undefined;
    return this.number(path, ['p', parent, path.scopeName]);
  }

  private scopes(scopes: Scopes | null): number | undefined {
    if (scopes === null) return 0;
    const known = this.byObject.get(scopes);
    if (known !== undefined) return known;
    const parent = this.scopes(scopes.parent);
    const path = this.path(scopes.scopePath);
    if (parent === undefined || path === undefined || !onlyFields(scopes, SCOPES_FIELDS)) return undefined;
    return this.number(scopes, ['s', parent, path, scopes.tokenAttributes]);
  }

  /** A state's number (0 for INITIAL, the state before a block's first line); undefined when it cannot have one. */
  of(state: Frame | null): number | undefined {
    if (state === null || state === this.initial) return 0;
    const known = this.byObject.get(state);
    if (known !== undefined) return known;
    const parent = this.of(state.parent);
    const names = this.scopes(state.nameScopesList);
    const content = this.scopes(state.contentNameScopesList);
    if (parent === undefined || names === undefined || content === undefined || !onlyFields(state, STATE_FIELDS))
      return undefined;
    const { ruleId, endRule, beginRuleCapturedEOL } = state;
    return this.number(state, [
      'f',
      parent,
      ruleId,
      endRule ?? null,
      endRule === undefined,
      beginRuleCapturedEOL,
      names,
      content,
    ]);
  }
}

/** What a line made: its runs (undefined: a colour with no pair) and the state the next line starts in. */
interface Line {
  runs: Run[] | undefined;
  end: Frame;
}

/** One grammar's lines, by the number of the state they start in and their text. */
type Lines = Map<number, Map<string, Line>>;

export interface TokenLines {
  /** The block's lines as runs; undefined when a token's colour has no classes (Classify gave none). */
  runs(text: string, language: string): Run[][] | undefined;
  /** Lines tokenized so far (for tests: a line met again in the same state is not). */
  readonly tokenized: number;
}

/**
 * `theme`'s tokens of a block, line by line, each line tokenized once for the state it starts in; `keptLines` lines
 * at most are kept, then the memory begins again.
 */
export function tokenLines(
  shiki: HighlighterCore,
  parts: ShikiParts,
  theme: string,
  classify: Classify,
  keptLines = KEPT_LINES,
): TokenLines {
  const { applyColorReplacements, resolveColorReplacements, splitLines, EncodedTokenMetadata, INITIAL } = parts;
  let numbers = new StateNumbers(INITIAL);
  let grammars = new WeakMap<object, Lines>();
  let kept = 0;
  let tokenized = 0;
  let colours: { colorMap: string[]; replacements: ReturnType<ShikiParts['resolveColorReplacements']> } | undefined;
  let themeSeen: object | undefined;

  const runsOf = (
    line: string,
    tokens: Uint32Array,
    colorMap: string[],
    replacements: ReturnType<ShikiParts['resolveColorReplacements']>,
  ) => {
    const runs: Run[] = [];
    const count = tokens.length / 2;
    let last: Run | undefined;
    for (let j = 0; j < count; j++) {
      const start = tokens[2 * j]!;
      const next = j + 1 < count ? tokens[2 * j + 2]! : line.length;
      if (start === next) continue;
      const metadata = tokens[2 * j + 1]!;
      const color = applyColorReplacements(colorMap[EncodedTokenMetadata.getForeground(metadata)]!, replacements);
      const classes = classify(color, EncodedTokenMetadata.getFontStyle(metadata));
      if (classes === undefined) return undefined;
      const content = line.substring(start, next);
      // Neighbours of one look are one run, as tokensToHast joins them.
      if (last && sameClasses(last.classes, classes)) last.text += content;
      else runs.push((last = { text: content, classes }));
    }
    return runs;
  };

  return {
    get tokenized() {
      return tokenized;
    },
    runs(text, language) {
      const resolved = shiki.setTheme(theme);
      // Another theme object (Shiki resolved the theme again): its token attributes may differ, so begin again.
      if (resolved.theme !== themeSeen) {
        themeSeen = resolved.theme;
        colours = { colorMap: resolved.colorMap, replacements: resolveColorReplacements(resolved.theme, {}) };
        numbers = new StateNumbers(INITIAL);
        grammars = new WeakMap();
        kept = 0;
      }
      const { colorMap, replacements } = colours!;
      const grammar = shiki.getLanguage(language);
      let lines = grammars.get(grammar);
      if (!lines) grammars.set(grammar, (lines = new Map()));
      const out: Run[][] = [];
      let state = INITIAL as unknown as Frame;
      for (const [line] of splitLines(text)) {
        if (line === '') {
          out.push([]);
          continue;
        }
        const number = numbers.of(state);
        let made = number === undefined ? undefined : lines.get(number)?.get(line);
        if (!made) {
          const result = grammar.tokenizeLine2(line, state as never, 0);
          tokenized++;
          made = {
            runs: runsOf(line, result.tokens, colorMap, replacements),
            end: result.ruleStack as unknown as Frame,
          };
          if (number !== undefined) {
            if (kept >= keptLines) {
              numbers = new StateNumbers(INITIAL);
              grammars = new WeakMap([[grammar, (lines = new Map())]]);
              kept = 0;
            } else {
              let byText = lines.get(number);
              if (!byText) lines.set(number, (byText = new Map()));
              byText.set(line, made);
              kept++;
            }
          }
        }
        if (!made.runs) return undefined;
        out.push(made.runs);
        state = made.end;
      }
      return out;
    },
  };
}

const sameClasses = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((name, i) => name === b[i]));
