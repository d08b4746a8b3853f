/**
 * Code blocks highlighted at build time with Shiki (VS Code's grammars and themes), in remark-html's `code` handler
 * (code-blocks.ts): the grammars a page names are loaded before the page is made into HTML, so the handler colours
 * each block synchronously, and the sanitiser's schema allows the token classes on spans (markdown-html.ts).
 *
 * Tokens are coloured by classes, never `style=""` (the Content-Security-Policy forbids inline styles): each token
 * gets `hl-<colour>` for the light palette and `hd-<colour>` for the dark one, named by the colour itself, and the
 * stylesheet that gives each class its colour is made once from the two themes (codeColorsCss), not per page.
 *
 * Shiki's fine-grained core, with the JavaScript regular-expression engine (no WebAssembly to start), and only the
 * grammars a site's pages name, each loaded the first time a page needs it; their regular expressions come from the
 * table the engine's compile made (code-regexes.ts) where it has them. A block whose language Shiki does not
 * know is left as written, and its language reported (markdown.ts keeps it with the page, so a cached page still
 * counts). The versions and themes are in the markdown recipe (markdown-recipe.ts): a cached page is highlighted
 * as a new one would be.
 *
 * The two themes colour alike (pairedColours), so a block is tokenized once, with the light theme, each line once per
 * highlighter for the state it starts in (token-lines.ts): a line met again in the same state (a brace, an import, the
 * same example on many pages) takes the tokens it had.
 */
import type { ElementContent } from 'hast';
import type { HighlighterCore, ThemedTokenWithVariants, ThemeRegistrationRaw } from 'shiki/core';
import { readCodeRegexes } from './code-regexes';
import { tokenLines, type Classify, type Run } from './token-lines';

/** The two themes, by name as Shiki knows them. */
export const CODE_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** Languages written on code blocks that mean "no language": shown plain, not reported. */
export const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', 'none', 'output', 'console-output']);

/** The classes a token may get (classesOf): the schema allows them on spans, and on nothing a page wrote itself. */
export const TOKEN_CLASSES: readonly (string | RegExp)[] = [/^h[ld]-[0-9a-f]+$/, 'hi', 'hb'];

/** A highlighter for one markdown pipeline: the grammars it has loaded stay loaded for the pipeline's life. */
export interface CodeHighlighter {
  /** Whether Shiki has a grammar for the language (loaded or not). */
  knows(language: string): boolean;
  /** Loads the grammars of those of `languages` Shiki knows and has not loaded; undefined when there are none. */
  load(languages: Iterable<string>): Promise<void> | undefined;
  /** A block's text as coloured tokens, the lines joined by newlines; the language's grammar must be loaded. */
  highlight(text: string, language: string): ElementContent[];
  /**
   * A block's lines as runs of one look (token-lines.ts), what highlight makes into hast; undefined when lines are not
   * kept (themes not paired) or a colour has no pair. The arrays are shared with other blocks: not to be changed.
   */
  runs(text: string, language: string): Run[][] | undefined;
  /** Lines TextMate tokenized so far, when lines are kept (token-lines.ts): for tests. */
  readonly tokenizedLines?: number | undefined;
}

type Languages = typeof import('shiki/langs').bundledLanguages;

/** `tableDir`: where the table of regular expressions is (code-regexes.ts; by default the compiled engine's folder). */
export async function createCodeHighlighter(tableDir?: string): Promise<CodeHighlighter> {
  const [
    core,
    { EncodedTokenMetadata, INITIAL },
    { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor },
    { bundledLanguages },
    light,
    dark,
    made,
  ] = await Promise.all([
    import('shiki/core'),
    import('shiki/textmate'),
    import('shiki/engine/javascript'),
    import('shiki/langs'),
    import('shiki/themes/github-light-default.mjs'),
    import('shiki/themes/github-dark-default.mjs'),
    readCodeRegexes(tableDir),
  ]);
  const shiki = await core.createHighlighterCore({
    themes: [light.default, dark.default],
    langs: [],
    // Each pattern's RegExp from the table made when the engine was compiled (code-regexes.ts), else made as Shiki's
    // engine makes it by default.
    engine: createJavaScriptRegexEngine(
      made
        ? {
            regexConstructor: (pattern) =>
              made(pattern) ?? defaultJavaScriptRegexConstructor(pattern, { target: 'auto' }),
          }
        : {},
    ),
  });
  const knows = (language: string) => Object.hasOwn(bundledLanguages, language);
  const fg = { light: shiki.getTheme(CODE_THEMES.light).fg, dark: shiki.getTheme(CODE_THEMES.dark).fg };
  const darkOf = pairedColours(light.default, dark.default, fg);
  // With paired themes, each line tokenized once with the light theme for the state it starts in (token-lines.ts).
  const parts = { ...pick(core), EncodedTokenMetadata, INITIAL };
  const lines = darkOf && tokenLines(shiki, parts, CODE_THEMES.light, classifier(darkOf, fg));
  return {
    knows,
    load(languages) {
      const loaded = new Set(shiki.getLoadedLanguages());
      const missing = [...new Set(languages)].filter((name) => knows(name) && !loaded.has(name));
      return missing.length === 0 ? undefined : loadLanguages(shiki, bundledLanguages, missing);
    },
    // No time limit: Shiki's default (500 ms a line) stops a slow line part way, so the same page came out coloured
    // differently on a busy machine.
    runs: (text, language) => lines?.runs(text, language),
    highlight(text, language) {
      const runs = lines?.runs(text, language);
      if (runs) return runsToHast(runs);
      return tokensToHast(
        shiki.codeToTokensWithThemes(text, { lang: language, themes: { ...CODE_THEMES }, tokenizeTimeLimit: 0 }),
        fg,
      );
    },
    get tokenizedLines() {
      return lines?.tokenized;
    },
  };
}

/**
 * The classes of a light token's colour and font style, with its colour's dark counterpart, as classesOf gives a
 * token of codeToTokensWithThemes; undefined for a colour with no counterpart. One array per look, made once.
 */
function classifier(darkOf: ReadonlyMap<string, string>, fg: { light: string; dark: string }): Classify {
  const made = new Map<string, readonly string[] | undefined>();
  return (color, fontStyle) => {
    const key = `${color ?? ''} ${fontStyle}`;
    if (made.has(key)) return made.get(key);
    const dark = darkOf.get((color ?? fg.light).toLowerCase());
    const classes =
      dark === undefined
        ? undefined
        : classesOf(
            { content: '', offset: 0, variants: { light: { color, fontStyle }, dark: { color: dark, fontStyle } } },
            fg,
          );
    made.set(key, classes);
    return classes;
  };
}

/** Lines of runs as tokensToHast makes them: a run with classes a span, one without plain text. */
function runsToHast(lines: Run[][]): ElementContent[] {
  const out: ElementContent[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push({ type: 'text', value: '\n' });
    for (const { text, classes } of line)
      out.push(
        classes.length === 0
          ? { type: 'text', value: text }
          : {
              type: 'element',
              tagName: 'span',
              properties: { className: [...classes] },
              children: [{ type: 'text', value: text }],
            },
      );
  });
  return out;
}

const pick = ({ applyColorReplacements, resolveColorReplacements, splitLines }: typeof import('shiki/core')) => ({
  applyColorReplacements,
  resolveColorReplacements,
  splitLines,
});

/** The rules of a theme, in order: each one's selector, font style and foreground. */
const rulesOf = (theme: ThemeRegistrationRaw) =>
  (theme.tokenColors ?? []).map((rule) => ({
    scope: JSON.stringify(rule.scope ?? null),
    fontStyle: rule.settings?.fontStyle ?? '',
    foreground: rule.settings?.foreground?.toLowerCase(),
  }));

/**
 * Each light colour's dark counterpart, when the two themes colour alike: the dark theme's rules are the light one's,
 * selector for selector in the same order, with the same font styles, and each light colour (the text colour too)
 * stands for one dark colour. A token then takes the colour of the same rule in both themes (TextMate picks the rule
 * by selector), so one tokenization with the light theme gives both colours, where Shiki's codeToTokensWithThemes
 * tokenizes with each theme. (Backgrounds, which some rules set, are not shown.) Undefined when the themes are not so
 * paired.
 */
export function pairedColours(
  light: ThemeRegistrationRaw,
  dark: ThemeRegistrationRaw,
  fg: { light: string; dark: string },
): Map<string, string> | undefined {
  const [lightRules, darkRules] = [rulesOf(light), rulesOf(dark)];
  if (lightRules.length !== darkRules.length) return undefined;
  const darkOf = new Map([[fg.light.toLowerCase(), fg.dark.toLowerCase()]]);
  for (const [i, rule] of lightRules.entries()) {
    const other = darkRules[i]!;
    if (rule.scope !== other.scope || rule.fontStyle !== other.fontStyle) return undefined;
    if ((rule.foreground === undefined) !== (other.foreground === undefined)) return undefined;
    if (rule.foreground === undefined) continue;
    const known = darkOf.get(rule.foreground);
    if (known !== undefined && known !== other.foreground) return undefined;
    darkOf.set(rule.foreground, other.foreground!);
  }
  return darkOf;
}

async function loadLanguages(shiki: HighlighterCore, languages: Languages, names: string[]): Promise<void> {
  const grammars = await Promise.all(names.map((name) => languages[name as keyof Languages]()));
  await shiki.loadLanguage(...grammars.map((grammar) => grammar.default));
}

/** A colour as a class name's part: lower-case hex without the #. */
const colourName = (colour: string) => colour.replace(/^#/, '').toLowerCase();

/** The classes of a token: its colour in each palette (when either differs from its theme's text), its style. */
function classesOf(token: ThemedTokenWithVariants, fg: { light: string; dark: string }): string[] {
  const light = token.variants.light;
  const dark = token.variants.dark;
  const classes: string[] = [];
  const lightColour = light?.color ?? fg.light;
  const darkColour = dark?.color ?? fg.dark;
  if (lightColour.toLowerCase() !== fg.light.toLowerCase() || darkColour.toLowerCase() !== fg.dark.toLowerCase())
    classes.push(`hl-${colourName(lightColour)}`, `hd-${colourName(darkColour)}`);
  const style = light?.fontStyle ?? 0;
  if (style > 0 && style & 1) classes.push('hi');
  if (style > 0 && style & 2) classes.push('hb');
  return classes;
}

export function tokensToHast(
  lines: ThemedTokenWithVariants[][],
  fg: { light: string; dark: string },
): ElementContent[] {
  const out: ElementContent[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push({ type: 'text', value: '\n' });
    let last: { classes: string; node: ElementContent } | undefined;
    for (const token of line) {
      const classes = classesOf(token, fg);
      const key = classes.join(' ');
      // Neighbours of one colour are one span: fewer bytes for the same page.
      if (last && last.classes === key) {
        const text = last.node.type === 'element' ? last.node.children[0] : last.node;
        if (text?.type === 'text') text.value += token.content;
        continue;
      }
      const textNode: ElementContent = { type: 'text', value: token.content };
      const node: ElementContent =
        classes.length === 0
          ? textNode
          : { type: 'element', tagName: 'span', properties: { className: classes }, children: [textNode] };
      out.push(node);
      last = { classes: key, node };
    }
  });
  return out;
}

/** Every colour a theme may give a token: its text colour and its rules' foregrounds. */
function coloursOf(theme: ThemeRegistrationRaw): string[] {
  const colours = new Set<string>();
  const fg = (theme.colors as Record<string, string> | undefined)?.['editor.foreground'];
  if (fg) colours.add(colourName(fg));
  for (const rule of theme.tokenColors ?? []) {
    const foreground = rule.settings?.foreground;
    if (typeof foreground === 'string' && /^#[0-9a-f]{3,8}$/i.test(foreground)) colours.add(colourName(foreground));
  }
  return [...colours].sort();
}

/**
 * The stylesheet of the token classes: each light colour, and each dark one for a visitor who chose dark and for one
 * whose system is dark and who did not choose light (the same rule as the theme's palette, palette.css). Made from
 * the themes, so it names every class a page can hold; `npm run docs` writes it (themes/default/code-colors.css).
 */
export async function codeColorsCss(): Promise<string> {
  const [light, dark] = await Promise.all([
    import('shiki/themes/github-light-default.mjs'),
    import('shiki/themes/github-dark-default.mjs'),
  ]);
  const lightRules = coloursOf(light.default).map((c) => `.hl-${c} {\n  color: #${c};\n}\n`);
  const darkRules = (scope: string, indent: string) =>
    coloursOf(dark.default).map((c) => `${indent}${scope} .hd-${c} {\n${indent}  color: #${c};\n${indent}}\n`);
  return [
    `/* Generated from Shiki's ${CODE_THEMES.light} and ${CODE_THEMES.dark} themes (generator/markdown/highlight.ts, npm run docs): do not edit. */\n`,
    lightRules.join('\n'),
    '\n',
    darkRules("html[data-theme='dark']", '').join('\n'),
    '\n@media (prefers-color-scheme: dark) {\n',
    darkRules("html:not([data-theme='light'])", '  ').join('\n'),
    '}\n',
    '\n.hi {\n  font-style: italic;\n}\n\n.hb {\n  font-weight: 700;\n}\n',
  ].join('');
}
