/**
 * Code is tokenized once for both palettes (markdown/highlight.ts, pairedColours): GitHub's light and dark themes
 * have the same rules, selector for selector, each light colour standing for one dark colour, so the light theme's
 * tokens with their colours' dark counterparts are what Shiki's codeToTokensWithThemes makes by tokenizing with each
 * theme. Checked on real code of many languages (the engine's own files, and markdown, whose fences embed others).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import light from 'shiki/themes/github-light-default.mjs';
import dark from 'shiki/themes/github-dark-default.mjs';
import { CODE_THEMES, createCodeHighlighter, pairedColours, tokensToHast } from '../../generator/markdown/highlight';
import { REPO } from '../support/fixture';

/** Up to `count` files of `dir` (recursively) ending in `ext`, as [language, text]. */
async function samples(dir: string, ext: string, language: string, count: number): Promise<[string, string][]> {
  const files = (await readdir(path.join(REPO, dir), { recursive: true }))
    .filter((f) => f.endsWith(ext))
    .sort()
    .slice(0, count);
  return Promise.all(
    files.map(async (f): Promise<[string, string]> => [language, await readFile(path.join(REPO, dir, f), 'utf8')]),
  );
}

describe('highlighting in one pass', () => {
  it('pairs the two themes, and pairs no themes whose rules differ', () => {
    const fg = { light: '#1f2328', dark: '#e6edf3' };
    expect(pairedColours(light, dark, fg)?.size).toBeGreaterThan(5);
    const moved = structuredClone(dark);
    moved.tokenColors = [...moved.tokenColors!].reverse();
    expect(pairedColours(light, moved, fg)).toBeUndefined();
    // A light colour that stands for two dark ones.
    const split = structuredClone(dark);
    const [first, second] = light.tokenColors!.flatMap((rule, i) =>
      rule.settings?.foreground &&
      light.tokenColors!.some((r, j) => j !== i && r.settings?.foreground === rule.settings?.foreground)
        ? [i]
        : [],
    );
    (split.tokenColors![first!] as { settings: object }).settings = {
      ...split.tokenColors![first!]!.settings,
      foreground: '#123456',
    };
    expect(second).toBeDefined();
    expect(pairedColours(light, split, fg)).toBeUndefined();
  });

  it('colours real code of many languages as tokenizing with each theme does', async () => {
    const corpus = [
      ...(await samples('generator', '.ts', 'typescript', 25)),
      ...(await samples('themes', '.tsx', 'tsx', 8)),
      ...(await samples('themes', '.css', 'css', 8)),
      ...(await samples('docs', '.md', 'markdown', 8)),
      ...(await samples('scripts', '.js', 'javascript', 3)),
      ...(await samples('.ci', 'run', 'shellscript', 1)),
      ...(await samples('tests/fixtures', '.yml', 'yaml', 5)),
      ['json', await readFile(path.join(REPO, 'package.json'), 'utf8')] as [string, string],
    ];
    expect(corpus.length).toBeGreaterThan(50);
    const ours = await createCodeHighlighter();
    const shiki = await createHighlighterCore({
      themes: [light, dark],
      langs: [],
      engine: createJavaScriptRegexEngine(),
    });
    const languages = [...new Set(corpus.map(([language]) => language))];
    await ours.load(languages);
    await shiki.loadLanguage(
      ...(await Promise.all(languages.map((l) => import(`shiki/langs/${l}.mjs`)))).map((m) => m.default),
    );
    const fg = { light: shiki.getTheme(CODE_THEMES.light).fg, dark: shiki.getTheme(CODE_THEMES.dark).fg };
    for (const [language, text] of corpus) {
      const each = shiki.codeToTokensWithThemes(text, {
        lang: language,
        themes: { ...CODE_THEMES },
        tokenizeTimeLimit: 0,
      });
      expect(ours.highlight(text, language)).toEqual(tokensToHast(each, fg));
    }
  }, 120_000);
});
