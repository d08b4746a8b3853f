/**
 * Syntax extensions run only on pages that hold their markers (markdown/syntax-markers.ts): for each extension, pages
 * without its marker and pages with it (written plainly, escaped, or as character references) come out the same
 * from the gated pipeline (no site plugins) as from one where every extension runs on every page (a site plugin that
 * does nothing turns the gates off).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
  });
});
