/**
 * Each line tokenized once for the state it starts in (markdown/token-lines.ts): a line met again in the same state
 * takes the tokens it had, and comes out as Shiki colours it; the same text in another state (inside a comment, in a
 * heredoc ended by another word, first in its block or not) is tokenized again.
 */
import { describe, expect, it } from 'vitest';
import {
  applyColorReplacements,
  createHighlighterCore,
  resolveColorReplacements,
  splitLines,
  type HighlighterCore,
} from 'shiki/core';
import { EncodedTokenMetadata, INITIAL } from 'shiki/textmate';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import light from 'shiki/themes/github-light-default.mjs';
import dark from 'shiki/themes/github-dark-default.mjs';
import { CODE_THEMES, createCodeHighlighter, pairedColours, tokensToHast } from '../../generator/markdown/highlight';
import { tokenLines } from '../../generator/markdown/token-lines';

const LANGUAGES = ['typescript', 'shellscript', 'markdown'];

/** Shiki's own colouring of a block, tokenized with each theme, as the highlighter's hast. */
async function shikiAlone(): Promise<(text: string, language: string) => unknown> {
  const shiki = await createHighlighterCore({
    themes: [light, dark],
    langs: [],
    engine: createJavaScriptRegexEngine(),
  });
  await shiki.loadLanguage(
    ...(await Promise.all(LANGUAGES.map((l) => import(`shiki/langs/${l}.mjs`)))).map((m) => m.default),
  );
  const fg = { light: shiki.getTheme(CODE_THEMES.light).fg, dark: shiki.getTheme(CODE_THEMES.dark).fg };
  return (text, language) =>
    tokensToHast(
      shiki.codeToTokensWithThemes(text, { lang: language, themes: { ...CODE_THEMES }, tokenizeTimeLimit: 0 }),
      fg,
    );
}

describe('lines tokenized once for the state they start in', () => {
  it('tokenizes a line met again in the same state once, and colours it as Shiki does', async () => {
    const ours = await createCodeHighlighter();
    await ours.load(['typescript']);
    const expected = await shikiAlone();
    const block = 'import { a } from "./a";\n\nexport function f(): number {\n  return a + 1;\n}';
    expect(ours.highlight(block, 'typescript')).toEqual(expected(block, 'typescript'));
    // Four lines (the empty one is not tokenized, by Shiki either).
    expect(ours.tokenizedLines).toBe(4);
    expect(ours.highlight(block, 'typescript')).toEqual(expected(block, 'typescript'));
    expect(ours.tokenizedLines).toBe(4);
    // Another block with one line changed: only that line is tokenized, the brace after it starting in a state of the
    // same content as before (another object).
    const other = 'import { a } from "./a";\n\nexport function f(): number {\n  return a + 2;\n}';
    expect(ours.highlight(other, 'typescript')).toEqual(expected(other, 'typescript'));
    expect(ours.tokenizedLines).toBe(5);
  });

  it('tokenizes the same text again in another state', async () => {
    const ours = await createCodeHighlighter();
    await ours.load(LANGUAGES);
    const expected = await shikiAlone();
    const blocks: [string, string][] = [
      // Code, then the same line inside a block comment.
      ['typescript', 'let x = "y";\nconst a = 1;'],
      ['typescript', '/*\nconst a = 1;\n*/'],
      // A heredoc's end line is its end only for the word its start named (the state's end rule).
      ['shellscript', 'cat <<EOF\nEOF\necho done'],
      ['shellscript', 'cat <<END\nEOF\necho done\nEND'],
      // A shebang is one only on a block's first line.
      ['shellscript', '#!/bin/sh\necho hi'],
      ['shellscript', 'echo hi\n#!/bin/sh'],
      // Markdown's fence embeds another grammar: its lines are in that grammar's state.
      ['markdown', '```ts\nconst a = 1;\n```\nconst a = 1;'],
      // A fence is closed by as many backticks as opened it: the same rule and scopes, another end pattern.
      ['markdown', '````\n```\n# x'],
      ['markdown', '```\n```\n# x'],
    ];
    for (const [language, text] of blocks) expect(ours.highlight(text, language)).toEqual(expected(text, language));
    // After a fence of three backticks and one of four, the line of three differs: it closes the first fence only.
    expect(ours.highlight('```\n```\n# x', 'markdown')).not.toEqual(ours.highlight('````\n```\n# x', 'markdown'));
  });

  it('begins again once it keeps its number of lines, colouring the same', async () => {
    const shiki: HighlighterCore = await createHighlighterCore({
      themes: [light, dark],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
    await shiki.loadLanguage((await import('shiki/langs/typescript.mjs')).default);
    const fg = { light: shiki.getTheme(CODE_THEMES.light).fg, dark: shiki.getTheme(CODE_THEMES.dark).fg };
    const darkOf = pairedColours(light, dark, fg)!;
    const lines = tokenLines(
      shiki,
      { applyColorReplacements, resolveColorReplacements, splitLines, EncodedTokenMetadata, INITIAL },
      CODE_THEMES.light,
      (color) => (darkOf.has((color ?? fg.light).toLowerCase()) ? [color ?? ''] : undefined),
      3,
    );
    const block = 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;';
    const first = lines.runs(block, 'typescript');
    expect(lines.tokenized).toBe(4);
    // Three lines kept: the fourth began again, keeping only what came after.
    expect(lines.runs(block, 'typescript')).toEqual(first);
    expect(lines.tokenized).toBeGreaterThan(4);
    expect(first!.map((line) => line.map((run) => run.text).join(''))).toEqual(block.split('\n'));
  });
});
