/**
 * Syntax extensions run only on pages that hold their markers (markdown/syntax-markers.ts): for each extension, pages
 * without its marker and pages with it (written plainly, escaped, or as character references) come out the same
 * from the gated pipeline (no site plugins) as from one where every extension runs on every page (a site plugin that
 * does nothing turns the gates off).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMarkdown } from '../../generator/markdown/markdown';
import { syntaxMarkers, type SyntaxMarkers } from '../../generator/markdown/syntax-markers';

const root = await mkdtemp(path.join(os.tmpdir(), 'site-md-gates-'));
afterAll(() => rm(root, { recursive: true, force: true }));
await writeFile(path.join(root, 'package.json'), '{"name":"project","private":true,"type":"module"}');
await writeFile(path.join(root, 'noop.js'), 'export default function noop() {}\n');
const gated = await loadMarkdown(undefined, { root, configFile: 'site.yml' });
const everywhere = await loadMarkdown({ plugins: [{ name: './noop.js' }] }, { root, configFile: 'site.yml' });

const render = async (markdown: ReturnType<typeof loadMarkdown> extends Promise<infer M> ? M : never, text: string) =>
  markdown.render(text, { file: 'pages/page.md', relativeFile: 'page.md', reservedIds: ['main'] });

/** Pages without the extension's marker, and pages with it, for each extension. */
const PAGES: Record<keyof SyntaxMarkers, { without: string[]; with: string[] }> = {
  containers: {
    without: ['# Title\n\n:: not a fence\n\nA: b :: c\n\n!! two bangs ?? two questions\n', '- a\n\n  :: tip\n\n> !!\n'],
    with: [
      '::: tip Title\nInside **bold**\n:::\n',
      ':::warning\nA\n\n::::details More\nB\n::::\n:::\n',
      '!!! note "Hi"\n    body\n\n??? warning\n    folded\n\n???+ tip\n    open\n',
      '```\n:::\n```\n\n`!!!`\n',
    ],
  },
  alerts: {
    without: ['> A quote\n> [NOTE] not one\n', '[!NOTE] outside a quote, and no quote on the page\n'],
    with: [
      '> [!NOTE]\n> An alert\n',
      '> [!tip]\n> Lower case\n\n> [!WARNING]\n',
      '> [\\!NOTE]\n> Escaped bang\n',
      '> &#91;!NOTE]\n> A bracket by reference\n',
      '> \\[!CAUTION]\n> Escaped bracket\n',
    ],
  },
  emoji: {
    without: ['# Time 10:30\n\nA: b, c : d\n\nhttp://example.com/a:b\n', '- :\n- a: b :c\n'],
    with: [
      'A :rocket: and :+1: and :notanemoji:\n\n## :memo: License\n',
      'Escaped \\:smile\\: and :white\\_check\\_mark:\n',
      'By reference &#58;tada&#58; and &colon;fire&colon;\n',
      '`:smile:` in code\n\n```\n:smile:\n```\n',
    ],
  },
  customIds: {
    without: ['# Title\n\n## Options\n\n### More (with parens)\n', '## A\n\n{not braces} text\n'.replace('{', '(')],
    with: [
      '## Options {#options}\n\n## Other {: #other }\n\n## Classes {#wide .x}\n',
      '## Kramdown\n{: #kd}\n\nText {#not-a-heading}\n',
      '## Attribute list only {: #other }\n\n## Next\n{: #kd}\n',
      '## Escaped \\{#no}\n\n## By reference &#123;#no}\n\n`{#code}`\n',
      '## Docsify :id=docsify\n\nText :id=not-a-heading\n',
    ],
  },
  tables: {
    without: [
      'Plain text\nover two lines\n---\n\nA heading\n===\n\n- - -\n\nTime: 10:30 - 11:00\n',
      'a b\n---\n\n> a b\n> ---\n\n1. a b\n   ---\n',
    ],
    with: [
      '| a | b |\n| - | -: |\n| 1 | 2 |\n',
      'a\n:-\n\nb c\n-:\n',
      'a | b\n--|--\n\n`a | b`\n',
      '> | a |\n> | - |\n',
      'Escaped \\| pipe\n\n| x \\| y |\n| --- |\n',
    ],
  },
  autolinks: {
    without: [
      'See [the guide](/guide) and <ftp:x> and `www example.com` in code.\n\nQ&A && more\n',
      '# HTTP and WWW\n\nhttp: no slashes, www without a dot, https:/one slash\n',
    ],
    with: [
      'Visit www.example.com or https://example.com/a_b?c=d.\n',
      'Mail contact@example.org, or mailto:a@b.co and xmpp:a@b.co/c\n',
      'WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM\n',
      'Escaped http\\://example.com and www\\.example.com and a\\@b.co\n',
      'By reference www&#46;example.com and a&#64;b.co and a&commat;b.co\n',
      '[www.example.com](/x) in a link, and ![https://x.y](/i.png)\n',
    ],
  },
};

describe('syntax extensions only where their markers are', () => {
  for (const [extension, pages] of Object.entries(PAGES) as [keyof SyntaxMarkers, (typeof PAGES)['emoji']][]) {
    it(`${extension}: the gate is off on pages without its marker, and every page comes out as with every extension`, async () => {
      for (const text of pages.without) expect(syntaxMarkers(text)[extension], text).toBe(false);
      for (const text of pages.with) expect(syntaxMarkers(text)[extension], text).toBe(true);
      for (const text of [...pages.without, ...pages.with])
        expect(await render(gated, text), text).toEqual(await render(everywhere, text));
    });
  }

  it('makes what each extension makes where its marker is (the pages above are not all plain)', async () => {
    const html = async (text: string) => (await render(gated, text)).html;
    expect(await html(PAGES.containers.with[0]!)).toContain('markdown-alert-tip');
    expect(await html(PAGES.containers.with[2]!)).toContain('<details');
    expect(await html(PAGES.alerts.with[3]!)).toContain('markdown-alert-note');
    expect(await html(PAGES.emoji.with[0]!)).toContain('🚀');
    expect(await html(PAGES.emoji.with[2]!)).toContain('🎉');
    expect(await html(PAGES.customIds.with[0]!)).toContain('id="options"');
    expect(await html(PAGES.tables.with[0]!)).toContain('<table');
    expect(await html(PAGES.tables.with[1]!)).toContain('<table');
    expect(await html(PAGES.autolinks.with[0]!)).toContain('href="http://www.example.com"');
    expect(await html(PAGES.autolinks.with[3]!)).toContain('href="http://example.com"');
    expect(await html(PAGES.autolinks.with[4]!)).toContain('href="mailto:a@b.co"');
  });
});

/** Pieces of markdown near the markers and far from them, put together at random. */
const PIECES = [
  ...['a', 'b c', ' ', '  ', '\n', '\n\n', '\t', 'x', 'W', 'w', 'h', 'http', 'https', 'www', '.', ':', '/', '//'],
  ...['@', '|', '-', '---', ':-', '-:', '=', '\\', '&', '&#64;', '&#x7c;', '&amp;', '&colon;', '*', '_', '~', '^'],
  ...['[', ']', '(', ')', '<', '>', '> ', '# ', '- ', '1. ', '`', '```\n', '    ', '[x] ', '!', '{', '}', '"', 'é'],
  // Whole links and addresses, written plainly, escaped or by reference.
  ...[' www.a.bc', ' http://a.bc/d', ' a@b.co', ' www\\.a.bc', ' http\\://a.bc', ' a\\@b.co', ' a&#64;b.co'],
  ...[' www&#46;a.bc', '\na\n:-\n', '\n| a |\n| - |\n'],
];
const document = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('the gates, on markdown made at random', () => {
  it('every page comes out as with every extension, markers or not', async () => {
    let gatedOff = 0;
    await fc.assert(
      fc.asyncProperty(document, async (text) => {
        const markers = syntaxMarkers(text);
        if (!markers.tables || !markers.autolinks) gatedOff++;
        expect(await render(gated, text)).toEqual(await render(everywhere, text));
      }),
      { numRuns: 1500, seed: 4343 },
    );
    // The runs above tried the gates, not only the full pipeline.
    expect(gatedOff).toBeGreaterThan(300);
  });
});
