/**
 * Other tools' template syntax (issue 42): `{{ }}` is a token only when its first name is a key of site.yml; Liquid
 * (`{{ site.repository }}`, `{% raw %}`), Hugo's shortcodes, kramdown's attribute lists and MDX import lines are shown
 * as written and named once per kind, with how many places and the first few; never inside code. Components in raw
 * HTML (Vue's, MDX's) are named the same way: their tags are left out. A token under a key of ours that names nothing
 * stays UnknownToken.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError, siteErrorsOf } from '../../generator/base/errors';
import { Site } from '../../generator/core/site';
import { buildOnce } from '../support/full-build';

const FENCE = '```';
const SITE: Record<string, string> = {
  'site.yml':
    'name: Borrowed\nbaseUrl: https://borrowed.example.org\nsecurityTxt:\n  contact: hello@borrowed.example.org\n',
  'index.md': [
    '# Borrowed',
    '',
    'Fork {{ site.repository }} and read {{ page.title | escape }}; write to {{ securityTxt.contact }}.',
    '',
    '{% raw %}',
    '',
    '{{< figure src="chart.png" >}}',
    '',
    '{{% note %}}',
    '',
    'A paragraph.',
    '{: .note}',
    '',
    '## Options',
    '{: #options}',
    '',
    'Shown as code: `{{ site.name }}`, `{% if %}` and `{{< x >}}`.',
    '',
    `${FENCE}liquid`,
    '{% for post in site.posts %}{{ post.title }}{% endfor %}',
    FENCE,
    '',
  ].join('\n'),
  'components.md': [
    '<script setup>',
    "import { VPTeamMembers } from 'vitepress/theme'",
    '</script>',
    '',
    '# Components',
    '',
    '## `useData` <Badge type="info" text="composable" />',
    '',
    '<VPTeamMembers size="small" :members />',
    '',
    '<Tabs>',
    '<TabItem value="npm">',
    '',
    'Run npm install.',
    '',
    '</TabItem>',
    '</Tabs>',
    '',
    '<details><summary>HTML in any case</summary>Kept: <KBD>Ctrl</KBD> <Details>inner</Details></details>',
    '',
    '<!-- <Badge text="in a comment" /> -->',
    '',
    '`<Badge />` in code, and in a block:',
    '',
    `${FENCE}html`,
    '<Badge text="code" />',
    FENCE,
    '',
  ].join('\n'),
  'included.md': [
    '# Included',
    '',
    '<!--@include: ./parts/basics.md-->',
    '',
    '<<< @/snippets/snippet.js{2}',
    '',
    '[[toc]]',
    '',
    `${FENCE}md`,
    '<<< @/snippets/in-code.js',
    FENCE,
    '',
    '<!-- an ordinary comment -->',
    '',
  ].join('\n'),
  'myst.md': [
    '# MyST',
    '',
    `${FENCE}{toctree}`,
    'intro',
    FENCE,
    '',
    ':::{note}',
    'Read this.',
    ':::',
    '',
    '::::{tab-set}',
    ':::{tab-item} One',
    'x',
    ':::',
    '::::',
    '',
    'See {ref}`targets`, {py:func}`len` and {doc}`/guide`; not `{ref}` in code, nor {braces} before `code`.',
    '',
  ].join('\n'),
  'docs.md': [
    '---',
    'title: "{{ site.title }} docs"',
    '---',
    "import Tabs from '@theme/Tabs';",
    '',
    'Tabs here. Also {{ site.repository }}.',
    '',
  ].join('\n'),
};

let root: string;
let result: Awaited<ReturnType<Site['update']>>;
let home: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-other-tools-syntax-'));
  for (const [file, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
  result = await buildOnce({ root, outDir: path.join(root, 'dist') });
  home = await readFile(path.join(root, 'dist/index.html'), 'utf8');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const warning = (what: string) =>
  result.warnings.filter((w) => w.kind === 'OtherToolSyntax' && w.message.startsWith(what)).map((w) => w.message);

describe("other tools' syntax", () => {
  it('shows {{ }} that names no key of site.yml as written, and fills the tokens that do', () => {
    expect(home).toContain('Fork {{ site.repository }} and read {{ page.title | escape }}; write to');
    expect(home).toContain('hello@borrowed.example.org');
    expect(result.pages.find((page) => page.route === '/docs')?.title).toBe('{{ site.title }} docs');
    const liquid = warning('Template output');
    expect(liquid).toHaveLength(1);
    expect(liquid[0]).toMatch(/: 4 places in 2 pages show it as written \(pages\/docs\.md:2 \{\{ site\.title \}\}, /);
    expect(liquid[0]).toMatch(/pages\/index\.md:3 \{\{ site\.repository \}\}, and 1 more\)$/);
  });

  it('names Liquid tags, shortcodes, attribute lists and MDX lines once per kind, never those in code', () => {
    expect(warning('Liquid tags')).toEqual([
      expect.stringMatching(/: 1 place in 1 page show it as written \(pages\/index\.md:5 \{% raw %\}\)$/),
    ]);
    expect(warning('Hugo shortcodes')).toEqual([
      expect.stringMatching(
        /: 2 places in 1 page .*\(pages\/index\.md:7 \{\{< figure src="chart\.png" >\}\}, pages\/index\.md:9 \{\{% note %\}\}\)$/,
      ),
    ]);
    // The attribute list under a heading is its id (other-tools-anchors.test.ts), not another tool's syntax left over.
    expect(warning('kramdown attribute lists')).toEqual([
      expect.stringMatching(/: 1 place in 1 page .*\(pages\/index\.md:12 \{: \.note\}\)$/),
    ]);
    expect(warning('MDX import')).toEqual([
      expect.stringMatching(/\(pages\/docs\.md:4 import Tabs from '@theme\/Tabs';\)$/),
    ]);
    expect(home).toContain('{% raw %}');
    expect(home).toContain('<h2 id="options">Options</h2>');
  });

  it("names the components raw HTML writes (Vue's, MDX's, custom elements), whose tags it leaves out, never HTML's", async () => {
    expect(warning('Components')).toEqual([
      expect.stringMatching(
        /: 4 places in 1 page leave out their tags and attributes, keeping the text inside them \(pages\/components\.md:7 <Badge type="info" text="composable" \/>, pages\/components\.md:9 <VPTeamMembers size="small" :members \/>, pages\/components\.md:11 <Tabs>, and 1 more\)$/,
      ),
    ]);
    const page = await readFile(path.join(root, 'dist/components.html'), 'utf8');
    expect(page).toContain('<p>Run npm install.</p>');
    expect(page).toContain('<kbd>Ctrl</kbd> <details>inner</details>');
    expect(page).not.toMatch(/<badge|<tabs|<vpteammembers/i);
  });

  it("names MyST's directives it does not make, never as a language no grammar knows; its admonitions are alerts", async () => {
    expect(warning("MyST's and Sphinx's directives")).toEqual([
      expect.stringMatching(
        /: 3 places in 1 page show their content as written, in a code block or a plain block \(pages\/myst\.md:3 `{3}\{toctree\}, pages\/myst\.md:11 ::::\{tab-set\}, pages\/myst\.md:12 :::\{tab-item\} One\)$/,
      ),
    ]);
    expect(result.warnings.filter((w) => w.kind === 'UnknownCodeLanguage')).toEqual([]);
    const page = await readFile(path.join(root, 'dist/myst.html'), 'utf8');
    expect(page).toContain('<div class="markdown-alert markdown-alert-note"><p class="markdown-alert-title">Note</p>');
  });

  it("names MyST's roles, not one written in code nor braces apart from a code span", () => {
    expect(warning("MyST's and Sphinx's roles")).toEqual([
      expect.stringMatching(
        /: 3 places in 1 page show the role as written and its target as code, not as a link \(pages\/myst\.md:17 \{ref\}, pages\/myst\.md:17 \{py:func\}, pages\/myst\.md:17 \{doc\}\)$/,
      ),
    ]);
  });

  it("names VitePress's inclusions: a comment naming a file, a line importing one as code, [[toc]]; never in code", () => {
    expect(warning("VitePress's inclusions")).toEqual([
      expect.stringMatching(
        /: 3 places in 1 page show the line as written, or leave out the comment, without the file \(pages\/included\.md:3 <!--@include: \.\/parts\/basics\.md-->, pages\/included\.md:5 <<< @\/snippets\/snippet\.js\{2\}, pages\/included\.md:7 \[\[toc\]\]\)$/,
      ),
    ]);
  });

  it('keeps a token under a key of ours that names nothing an error', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'site-other-tools-token-'));
    try {
      await mkdir(path.join(other, 'pages'));
      await writeFile(path.join(other, 'pages/site.yml'), SITE['site.yml']!);
      await writeFile(path.join(other, 'pages/index.md'), '# Home\n\nWrite to {{ securityTxt.contcat }}.\n');
      const site = new Site({ root: other, outDir: path.join(other, 'dist') });
      const failed = await site.update('all').then(
        () => undefined,
        (error: unknown) => error,
      );
      await site.dispose();
      const errors: SiteError[] = siteErrorsOf(failed);
      expect(errors.map((error) => [error.kind, error.line])).toEqual([['UnknownToken', 3]]);
      expect(errors[0]!.message).toContain('{{ securityTxt.contact }}');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
