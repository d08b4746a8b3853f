/**
 * Code highlighted at build time (markdown/highlight.ts): tokens coloured by classes for the light and the dark
 * palette, never style=""; in remark-html's code handler, with the schema allowing the token classes on spans and
 * raw HTML's spans keeping no class, so a page's own markup cannot pose as a token; an unknown language
 * shown plain and named once per build, with its first page and how many use it; the stylesheet names every class.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { codeColorsCss } from '../../generator/markdown/highlight';
import { page, plain } from '../support/markdown';
import { REPO } from '../support/fixture';

/** WCAG's contrast ratio of two sRGB colours written as six hex digits. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [0, 2, 4].map((i) => {
      const v = parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

const render = async (source: string) => plain.render(source, page);

describe('highlighted code', () => {
  it('colours tokens with classes for both palettes, and writes no style attribute', async () => {
    const body = await render('```rust\nfn main() {\n    // hello\n    let x = "a";\n}\n```\n');
    expect(body.html).toMatch(
      /^<pre tabindex="0"><code class="language-rust"><span class="hl-cf222e hd-ff7b72">fn<\/span>/,
    );
    expect(body.html).toContain('<span class="hl-6e7781 hd-8b949e">// hello</span>');
    expect(body.html).not.toMatch(/style=/);
    // The text is the code as written.
    expect(body.html.replace(/<[^>]+>/g, '')).toBe('fn main() {\n    // hello\n    let x = "a";\n}\n\n');
    expect(body.unknownCode).toBeUndefined();
  });

  it('reads mdBook and rustdoc fences: the language before a comma, and the lines a Rust example hides', async () => {
    const body = await render(
      '```rust,editable,ignore\n# #![allow(unused)]\n#[derive(Debug)]\nstruct A;\n#\n# fn main() {\n## not hidden\nlet a = A;\n# }\n```\n',
    );
    expect(body.unknownCode).toBeUndefined();
    expect(body.html).toMatch(/^<pre tabindex="0"><code class="language-rust">#\[derive\(<span class="h[ld]-/);
    expect(body.html.replace(/<[^>]+>/g, '')).toBe('#[derive(Debug)]\nstruct A;\n# not hidden\nlet a = A;\n\n');
    // Another language keeps its `#` lines: a shell comment is code.
    const shell = await render('```sh,ignore\n# a comment\necho hi\n```\n');
    expect(shell.html).toContain('<code class="language-sh">');
    expect(shell.html.replace(/<[^>]+>/g, '')).toBe('# a comment\necho hi\n\n');
  });

  it("reads VitePress's fences: the language before the lines to highlight or :line-numbers", async () => {
    for (const info of ['ts{4}', 'ts{1,4-6}', 'ts:line-numbers', 'ts:line-numbers=2', 'ts:line-numbers {1}']) {
      const body = await render(`\`\`\`${info}\nconst a = 1;\n\`\`\`\n`);
      expect(body.unknownCode, info).toBeUndefined();
      expect(body.html, info).toMatch(/^<pre tabindex="0"><code class="language-ts"><span class="h[ld]-/);
      expect(body.html.replace(/<[^>]+>/g, ''), info).toBe('const a = 1;\n\n');
    }
  });

  it('gives every class a page can hold a colour in the stylesheet', async () => {
    const body = await render('```ts\nconst a: number = 1; // x\nexport default class A {}\n```\n');
    const css = await codeColorsCss();
    const classes = [...body.html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '));
    const tokens = classes.filter((c) => /^h[ld]-/.test(c));
    expect(tokens.length).toBeGreaterThan(4);
    for (const name of tokens) expect(css, name).toContain(`.${name} {`);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{\n {2}html:not\(\[data-theme='light'\]\) \.hd-/);
  });

  it('colours every token at 4.5:1 or more against the code block, light and dark (WCAG 1.4.3)', async () => {
    const css = await codeColorsCss();
    const theme = await readFile(path.join(REPO, 'themes/default/palette.css'), 'utf8');
    const backgrounds = [...theme.matchAll(/--code-block-background: #([0-9a-f]{6});/g)].map((m) => m[1]!);
    const [light, ...dark] = backgrounds;
    expect(dark.length).toBeGreaterThan(0);
    const colours = (prefix: string) => [
      ...new Set([...css.matchAll(new RegExp(`\\.${prefix}-([0-9a-f]{6})`, 'g'))].map((m) => m[1]!)),
    ];
    // Colours the themes give scopes that also set a background of their own (an invalid token, a diff line's
    // marker), shown on that background in an editor: none of the grammars' common tokens.
    const withBackground = new Set(['f6f8fa', 'eaeef2', '161b22']);
    const low = (prefix: string, background: string) =>
      colours(prefix)
        .filter((colour) => !withBackground.has(colour))
        .filter((colour) => contrast(colour, background) < 4.5)
        .map((colour) => `${colour} on ${background}: ${contrast(colour, background).toFixed(2)}`);
    expect(low('hl', light!)).toEqual([]);
    for (const background of dark) expect(low('hd', background)).toEqual([]);
  });

  it('keeps what the engine adds its own: raw HTML cannot bring token spans, styles or its own tabindex', async () => {
    const body = await render(
      [
        '<pre tabindex="3" title="t"><code class="language-js"><span style="color:red" class="hl-d73a49">x</span></code></pre>',
        '',
        'Prose <span class="hl-cf222e hd-ff7b72 hi">posing</span> as a token[^1].',
        '',
        '```js',
        'const a = 1;',
        '```',
        '',
        '[^1]: A note <span class="hb hd-79c0ff">posing</span> too.',
        '',
      ].join('\n'),
    );
    // The page's own markup: no class on its spans, the keyboard stop every code block gets, in place of its own.
    expect(body.html).toContain('<pre tabindex="0" title="t"><code class="language-js"><span>x</span></code></pre>');
    expect(body.html).toContain('Prose <span>posing</span> as a token');
    expect(body.html).toContain('A note <span>posing</span> too.');
    expect(body.html).not.toMatch(/style=/);
    // The engine's tokens, from the fenced block only.
    expect(body.html).toContain(
      '<pre tabindex="0"><code class="language-js"><span class="hl-cf222e hd-ff7b72">const</span>',
    );
    expect([...body.html.matchAll(/class="h[ld]-/g)]).toHaveLength(4);
  });

  it('colours a line however long it takes: the same page comes out the same on a busy machine', async () => {
    // Shiki stops a line after 500 ms by default and leaves the rest uncoloured: how much got coloured depended on
    // the machine's load. A line this long takes over a second here.
    const statements = 16_000;
    const line = Array.from({ length: statements }, (_, i) => `a${i} = "s${i}" + f(${i});`).join(' ');
    const body = await render(`\`\`\`js\n${line}\n\`\`\`\n`);
    expect(body.html.match(/<span class="h/g)).toHaveLength(5 * statements);
  }, 60_000);

  it('shows a language it does not know plain, and reports it', async () => {
    const body = await render('```nosuchlang\n<a> & b\n```\n\n```text\nplain\n```\n');
    expect(body.html).toBe(
      '<pre tabindex="0"><code class="language-nosuchlang">&lt;a> &amp; b\n</code></pre>\n<pre tabindex="0"><code class="language-text">plain\n</code></pre>\n',
    );
    expect(body.unknownCode).toEqual(['nosuchlang']);
  });

  it('names an unknown language once per build, with its first page and a count', async () => {
    const temp = await mkdtemp(path.join(os.tmpdir(), 'site-highlight-'));
    try {
      await mkdir(path.join(temp, 'pages'));
      await writeFile(path.join(temp, 'pages/site.yml'), 'name: Code\nbaseUrl: https://code.example.org\n');
      await writeFile(path.join(temp, 'pages/index.md'), '# Home\n\n```nosuchlang\na\n```\n\n```nosuchlang\nb\n```\n');
      await writeFile(path.join(temp, 'pages/b.md'), '# B\n\n```nosuchlang\nc\n```\n\n```yaml\nk: v\n```\n');
      await writeFile(path.join(temp, 'pages/404.md'), '---\ntemplate: not-found\n---\n# Not found\n');
      for (const run of ['cold', 'warm']) {
        const result = await build({ root: temp, outDir: 'dist', logger: silentLogger });
        const unknown = result.warnings.filter((w) => w.kind === 'UnknownCodeLanguage').map(String);
        expect(unknown, run).toHaveLength(1);
        expect(unknown[0], run).toContain('"nosuchlang"');
        expect(unknown[0], run).toContain('first in pages/b.md, and 1 other page');
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });
});
