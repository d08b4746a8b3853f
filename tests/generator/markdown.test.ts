import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMarkdown, type Markdown, type MarkdownSettings } from '../../generator/content/markdown';
import type { RenderedMarkdown as PageBody } from '../../generator/content/markdown';
import { REPO } from '../support/fixture';

const place = { root: REPO, configFile: 'pages/site.yml' };
const plain = await loadMarkdown(undefined, place);
const page = { file: 'pages/about.md' };
/** Renders with the plain pipeline, which has no asynchronous plugin: the body comes back at once. */
const md = (source: string, reservedIds?: readonly (string | RegExp)[]): PageBody => {
  const body = plain.render(source, { ...page, reservedIds });
  if (body instanceof Promise) throw new Error('expected a synchronous render');
  return body;
};
const ids = (html: string) => [...html.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]!);

describe('markdown: CommonMark and GFM', () => {
  it('renders markdown with GFM tables', () => {
    const { html } = md('Some **bold** text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
  });

  it('writes table alignment as align attributes, never style attributes (the CSP forbids them)', () => {
    const { html } = md('| l | c | r |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n');
    expect(html).toContain('<th align="left">l</th>');
    expect(html).toContain('<td align="center">2</td>');
    expect(html).toContain('<td align="right">3</td>');
    expect(html).not.toContain('style=');
  });

  it('renders strikethrough, task lists, autolinks and fenced code with its language', () => {
    const { html } = md(
      '~~gone~~ www.example.org and https://example.com/x\n\n- [x] done\n- [ ] todo\n\n```ts\nconst a = 1 < 2 && "b";\n```\n',
    );
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<a href="http://www.example.org">www.example.org</a>');
    expect(html).toContain('<a href="https://example.com/x">https://example.com/x</a>');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> done</li>');
    expect(html).toContain('<pre><code class="language-ts">const a = 1 &lt; 2 &amp;&amp; "b";\n</code></pre>');
  });

  it('renders footnotes whose links all reach their targets (ids prefixed once, as the links name them)', () => {
    const { html } = md('Claim[^src] and again[^src], then[^2].\n\n[^src]: The source.\n[^2]: Another.\n');
    const targets = new Set(ids(html));
    const anchors = [...html.matchAll(/href="#([^"]*)"/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThanOrEqual(6);
    for (const anchor of anchors) expect(targets, anchor).toContain(anchor);
    expect(html).toContain('id="user-content-fn-src"');
    const described = [...html.matchAll(/aria-describedby="([^"]*)"/g)].map((m) => m[1]!);
    expect(described.length).toBe(3);
    for (const id of described) expect(targets).toContain(id);
  });
});

describe('markdown: safety', () => {
  it('drops raw HTML rather than showing it as escaped text', () => {
    expect(md('Before <span class="x">inline</span> after.\n\n<div>\nblock\n</div>\n').html).toBe(
      '<p>Before inline after.</p>\n',
    );
  });

  it('lets no script through: raw tags, event handlers, script URLs', () => {
    const { html } = md(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[x](javascript:alert(1))\n\n<a href="#" onclick="x()">y</a>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });

  it('removes link and image URLs with unsafe schemes and keeps safe and relative ones', () => {
    const { html } = md(
      '[a](javascript:alert(1)) [b](VBScript:x) [c](data:text/html,x) ![d](data:image/png;base64,AAAA) ![e](file:///etc/passwd)\n\n[f](/about#team) [g](https://example.org/x?y=1&z=2) [h](mailto:hi@example.org)',
    );
    expect(html).toContain('<a>a</a>');
    expect(html).toContain('<a>b</a>');
    expect(html).toContain('<a>c</a>');
    expect(html).toContain('<img alt="d">');
    expect(html).toContain('<img alt="e">');
    expect(html).not.toMatch(/javascript:|vbscript:|data:|file:/i);
    expect(html).toContain('<a href="/about#team">f</a>');
    expect(html).toContain('<a href="https://example.org/x?y=1&amp;z=2">g</a>');
    expect(html).toContain('<a href="mailto:hi@example.org">h</a>');
  });
});

describe('markdown: heading ids', () => {
  it('gives h2–h4 unique ids and lists them', () => {
    const { html, headings } = md('# Title\n\n## Who we are\n\n### Data we hold\n\n## Who we are\n\n##### Deep');
    expect(headings).toEqual([
      { depth: 2, text: 'Who we are', id: 'who-we-are' },
      { depth: 3, text: 'Data we hold', id: 'data-we-hold' },
      { depth: 2, text: 'Who we are', id: 'who-we-are-1' },
    ]);
    expect(html).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(html).toContain('<h2 id="who-we-are-1">');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<h5>Deep</h5>');
  });

  it('keeps non-Latin text and lists the text as shown', () => {
    const { headings } = md('## Безопасность\n\n## 安全\n\n## Ọ̀ṣun & *Co*: `rights`!\n\n## !!!\n\n## ???');
    expect(headings.map((h) => h.id)).toEqual(['безопасность', '安全', 'ọ̀ṣun--co-rights', 'section', 'section-1']);
    expect(headings[2]!.text).toBe('Ọ̀ṣun & Co: rights!');
  });

  it('never gives a heading an id the page uses elsewhere: reserved ids and patterns, and the footnotes', () => {
    const { headings } = md(
      '## Main\n\n## Main\n\n## Nav panel 0\n\n## Footnote label\n\n## User content fn 1\n\n## Page title',
      ['main', 'page-title', /^nav-panel-\d+$/],
    );
    expect(headings.map((h) => h.id)).toEqual([
      'main-1',
      'main-2',
      'nav-panel-0-1',
      'footnote-label-1',
      'section-user-content-fn-1',
      'page-title-1',
    ]);
  });

  it('numbers headings on to stay unique per page, and starts afresh on the next page', () => {
    expect(md('## A\n\n## A-1\n\n## A').headings.map((h) => h.id)).toEqual(['a', 'a-1', 'a-2']);
    expect(md('## A').headings.map((h) => h.id)).toEqual(['a']);
  });

  it('takes the id a heading names for itself, {#id}, with the braces left out of the heading and the outline', () => {
    const { html, headings } = md(
      '## Options {#opts}\n\n## Opts\n\n### *Build* `target` { #build.target }\n\n##### Deep {#deep}\n\n## Fixed{#fixed}',
    );
    expect(headings).toEqual([
      { depth: 2, text: 'Options', id: 'opts' },
      // A slug steps around an id named further down the page, as around one named before it.
      { depth: 2, text: 'Opts', id: 'opts-1' },
      { depth: 3, text: 'Build target', id: 'build.target' },
      { depth: 2, text: 'Fixed', id: 'fixed' },
    ]);
    expect(html).toContain('<h2 id="opts">Options</h2>');
    expect(html).toContain('<h3 id="build.target"><em>Build</em> <code>target</code></h3>');
    // At a depth the outline leaves out, the id is still the heading's: a link to it works.
    expect(html).toContain('<h5 id="deep">Deep</h5>');
    expect(html).not.toContain('{#');
  });

  it('shows braces as written when they are escaped, in code, or name no id', () => {
    const { html, headings } = md(
      '## Literal \\{#not-an-id}\n\n## Code `{#x}`\n\n## Spaced {#two words}\n\n## Class {.wide}',
    );
    expect(headings.map((h) => [h.text, h.id])).toEqual([
      ['Literal {#not-an-id}', 'literal-not-an-id'],
      ['Code {#x}', 'code-x'],
      ['Spaced {#two words}', 'spaced-two-words'],
      ['Class {.wide}', 'class-wide'],
    ]);
    expect(html).toContain('<h2 id="literal-not-an-id">Literal {#not-an-id}</h2>');
  });

  it("makes VitePress's slugs when the config asks for them, GitHub's otherwise", async () => {
    const vitepress = await loadMarkdown({ headingIds: 'vitepress' }, place);
    const source = '## build.target\n\n## build.target\n\n## Ọ̀ṣun & Co: `rights`!\n\n## 2024 plans\n\n## Own {#own}';
    const body = vitepress.render(`# Configuring Vite\n\n${source}\n\n##### Deep`, page) as PageBody;
    expect(body.headings.map((h) => h.id)).toEqual([
      'build-target',
      'build-target-1',
      'osun-co-rights',
      '_2024-plans',
      'own',
    ]);
    // VitePress gives every heading an id, and its links name them: h1 and h5 too (the outline stays h2–h4).
    expect(ids(body.html)).toEqual([
      'configuring-vite',
      'build-target',
      'build-target-1',
      'osun-co-rights',
      '_2024-plans',
      'own',
      'deep',
    ]);
    expect(md(source).headings.map((h) => h.id)).toEqual([
      'buildtarget',
      'buildtarget-1',
      'ọ̀ṣun--co-rights',
      '2024-plans',
      'own',
    ]);
    // The ids are part of what a rendering depends on: a cached body of the other style is never reused.
    expect(vitepress.recipe).not.toBe(plain.recipe);
    expect(await loadMarkdown({ headingIds: 'github' }, place)).not.toBe(vitepress);
  });
});

describe('markdown: one pipeline per plugin list', () => {
  it('reuses the pipeline for equal settings and makes another for other options', async () => {
    const smarty: MarkdownSettings = { plugins: [{ name: 'remark-smartypants' }] };
    const first = await loadMarkdown(smarty, place);
    expect(await loadMarkdown({ plugins: [{ name: 'remark-smartypants' }] }, place)).toBe(first);
    expect(await loadMarkdown(undefined, place)).toBe(plain);
    expect(
      await loadMarkdown({ plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool' } }] }, place),
    ).not.toBe(first);
  });

  it('runs a real plugin from npm with its options', async () => {
    const markdown = await loadMarkdown(
      { plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool' } }] },
      place,
    );
    const body = (await markdown.render('"Quoted" -- and --- it\'s\n\n## "Quoted" heading', page)) as PageBody;
    expect(body.html).toContain('<p>“Quoted” – and — it’s</p>');
    expect(body.headings).toEqual([{ depth: 2, text: '“Quoted” heading', id: 'quoted-heading' }]);
  });
});

/** A temporary project with plugin packages in its node_modules and a plugin file of its own. */
const root = await mkdtemp(path.join(os.tmpdir(), 'site-md-plugins-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const at = { root, configFile: 'pages/site.yml' };
/** A package in the project's node_modules: its package.json and files. */
const pkg = async (name: string, files: Record<string, string>, manifest: Record<string, unknown> = {}) => {
  const dir = path.join(root, 'node_modules', name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', type: 'module', main: 'index.js', ...manifest }),
  );
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
};
/** A plugin that appends `text` (or its option `text`) to every paragraph's text. */
const suffixPlugin = (text: string) => `
  const visit = (node, f) => { f(node); for (const child of node.children ?? []) visit(child, f); };
  export default function (options = {}) {
    return (tree) => visit(tree, (node) => { if (node.type === 'text') node.value += options.text ?? ${JSON.stringify(text)}; });
  }`;
await writeFile(path.join(root, 'package.json'), '{"name":"project","private":true}');
await pkg('suffix-a', { 'index.js': suffixPlugin('[a]') });
await pkg('suffix-b', { 'index.js': suffixPlugin('[b]') });
// ESM only: `exports` offers no entry for require().
await pkg(
  'esm-only',
  { 'plugin.js': suffixPlugin('[esm]') },
  { main: undefined, exports: { '.': { import: './plugin.js' } } },
);
await pkg('slow-plugin', {
  'index.js': `export default function () { return async (tree) => { await new Promise((r) => setTimeout(r, 5)); tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: 'later' }] }); }; }`,
});
await pkg('callback-plugin', {
  'index.js': `export default function () { return (tree, file, next) => { setTimeout(() => next(new Error('callback said no')), 1); }; }`,
});
await pkg('strict-options', {
  'index.js': `export default function (options) { if (!options?.level) throw new Error('options.level is required'); }`,
});
await pkg('throws-on-import', { 'index.js': `throw new Error('broken at import');` });
await pkg('not-a-plugin', { 'index.js': `export default 42;` });
await pkg('picky', {
  'index.js': `export default function () { return (tree, file) => { const bad = tree.children.find((n) => n.type === 'heading' && n.depth === 1); if (bad) file.fail('no h1 in a body, the template has one', bad); }; }`,
});
await pkg('stylist', {
  'index.js': `export default function () { return (tree) => { tree.children.push({ type: 'paragraph', data: { hProperties: { style: 'color: red', id: 'styled' } }, children: [{ type: 'text', value: 'x' }] }); }; }`,
});
await pkg('suffix-preset', { 'index.js': `import suffix from 'suffix-a'; export default { plugins: [suffix] };` });
// Installed, but Node cannot find its entry: a package.json cut short, and exports that point outside the package.
await pkg('cut-manifest', { 'index.js': suffixPlugin('[cut]') });
await writeFile(path.join(root, 'node_modules', 'cut-manifest', 'package.json'), '{"name": "cut-manifest", "main": ');
await pkg('exports-outside', { 'index.js': suffixPlugin('[out]') }, { exports: { '.': '../suffix-a/index.js' } });
await mkdir(path.join(root, 'plugins'));
await writeFile(path.join(root, 'plugins', 'local.js'), suffixPlugin('[local]'));
await writeFile(path.join(root, 'plugins', 'throws.js'), `throw new Error('local file broken');`);

describe('markdown: plugins from the project', () => {
  const load = (plugins: MarkdownSettings['plugins']) => loadMarkdown({ plugins }, at);
  const renderWith = async (markdown: Markdown, source: string) =>
    await markdown.render(source, { file: 'pages/a.md', line: 5 });

  it('loads plugins by package name from the project, in the order listed, with their options', async () => {
    const ab = await load([
      { name: 'suffix-a' },
      { name: 'suffix-b' },
      { name: 'suffix-a', options: { text: '[opt]' } },
    ]);
    expect((await renderWith(ab, 'x')).html).toBe('<p>x[a][b][opt]</p>\n');
    const ba = await load([{ name: 'suffix-b' }, { name: 'suffix-a' }]);
    expect((await renderWith(ba, 'x')).html).toBe('<p>x[b][a]</p>\n');
  });

  it('loads an ESM-only package and a plugin file of the project', async () => {
    const markdown = await load([{ name: 'esm-only' }, { name: './plugins/local.js' }]);
    expect((await renderWith(markdown, 'x')).html).toBe('<p>x[esm][local]</p>\n');
  });

  it('renders with an asynchronous plugin: the body comes as a promise', async () => {
    const markdown = await load([{ name: 'slow-plugin' }]);
    const body = markdown.render('## Now', { file: 'pages/a.md' });
    expect(body).toBeInstanceOf(Promise);
    expect(await body).toEqual({
      html: '<h2 id="now">Now</h2>\n<p>later</p>\n',
      headings: [{ depth: 2, text: 'Now', id: 'now' }],
    });
  });

  it('names the config file, the field and the plugin when a plugin is not installed', async () => {
    const error = await load([{ name: 'suffix-a' }, { name: 'remark-no-such-plugin' }]).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'MarkdownPluginNotFound',
      file: 'pages/site.yml',
      field: 'markdown.plugins[1].name',
      message: expect.stringContaining('"remark-no-such-plugin"'),
    });
    expect((error as { hint: string }).hint).toContain('npm install remark-no-such-plugin');
    const local = await load([{ name: './plugins/missing.js' }]).catch((e: unknown) => e);
    expect(local).toMatchObject({ kind: 'MarkdownPluginNotFound', field: 'markdown.plugins[0].name' });
  });

  it('reports every plugin that cannot be used at once: failing import, no plugin exported, rejected options', async () => {
    const error = (await load([{ name: 'throws-on-import' }, { name: 'not-a-plugin' }, { name: 'missing-too' }]).catch(
      (e: unknown) => e,
    )) as { errors: unknown[] };
    expect(error.errors).toEqual([
      expect.objectContaining({
        kind: 'MarkdownPluginImportFailed',
        field: 'markdown.plugins[0].name',
        message: expect.stringContaining('broken at import'),
      }),
      expect.objectContaining({
        kind: 'NotARemarkPlugin',
        field: 'markdown.plugins[1].name',
        message: expect.stringContaining('default export is a value of type number'),
      }),
      expect.objectContaining({ kind: 'MarkdownPluginNotFound', field: 'markdown.plugins[2].name' }),
    ]);
    await expect(load([{ name: 'strict-options', options: { depth: 1 } }])).rejects.toMatchObject({
      kind: 'MarkdownPluginStartFailed',
      file: 'pages/site.yml',
      field: 'markdown.plugins[0].options',
      message: expect.stringContaining('options.level is required'),
    });
  });

  it('a plugin that throws when imported is MarkdownPluginImportFailed: a package is installed again, a file fixed', async () => {
    const error = (await load([{ name: 'throws-on-import' }, { name: './plugins/throws.js' }]).catch(
      (e: unknown) => e,
    )) as { errors: unknown[] };
    expect(error.errors).toEqual([
      expect.objectContaining({
        kind: 'MarkdownPluginImportFailed',
        field: 'markdown.plugins[0].name',
        hint: expect.stringContaining('npm install throws-on-import'),
      }),
      expect.objectContaining({
        kind: 'MarkdownPluginImportFailed',
        field: 'markdown.plugins[1].name',
        message: expect.stringMatching(/"\.\/plugins\/throws\.js" threw when imported.*local file broken/),
        hint: expect.stringContaining('Fix the error in the plugin file'),
      }),
    ]);
  });

  it('a preset takes no options: OptionsForRemarkPreset names the options field; without them it loads', async () => {
    expect((await renderWith(await load([{ name: 'suffix-preset' }]), 'x')).html).toBe('<p>x[a]</p>\n');
    await expect(load([{ name: 'suffix-preset', options: { text: '[opt]' } }])).rejects.toMatchObject({
      kind: 'OptionsForRemarkPreset',
      file: 'pages/site.yml',
      field: 'markdown.plugins[0].options',
      message: expect.stringContaining('"suffix-preset" is a preset'),
    });
  });

  it('a package installed with a broken package.json is MarkdownPluginUnresolvable, with what Node said', async () => {
    const error = (await load([{ name: 'cut-manifest' }, { name: 'exports-outside' }]).catch((e: unknown) => e)) as {
      errors: unknown[];
    };
    expect(error.errors).toEqual([
      expect.objectContaining({
        kind: 'MarkdownPluginUnresolvable',
        field: 'markdown.plugins[0].name',
        message: expect.stringMatching(/"cut-manifest".*package\.json/),
        hint: expect.stringContaining('npm install cut-manifest'),
      }),
      expect.objectContaining({
        kind: 'MarkdownPluginUnresolvable',
        field: 'markdown.plugins[1].name',
        message: expect.stringMatching(/"exports-outside".*\.\.\/suffix-a\/index\.js/),
      }),
    ]);
  });

  it('names the page, the line and the plugin when a plugin fails on a page, and the pipeline works on', async () => {
    const markdown = await load([{ name: 'suffix-a' }, { name: 'picky' }]);
    expect(() => markdown.render('Fine.\n\n# Not here', { file: 'pages/a.md', line: 5 })).toThrow(
      expect.objectContaining({
        kind: 'MarkdownFailed',
        file: 'pages/a.md',
        line: 7,
        message: expect.stringMatching(/"picky" \(markdown\.plugins\[1\]\).*pages\/a\.md.*no h1 in a body/),
      }),
    );
    expect((await renderWith(markdown, 'Fine.')).html).toBe('<p>Fine.[a]</p>\n');
    const async = await load([{ name: 'callback-plugin' }]);
    await expect(async.render('x', { file: 'pages/b.md' })).rejects.toMatchObject({
      kind: 'MarkdownFailed',
      file: 'pages/b.md',
      message: expect.stringContaining('"callback-plugin"'),
    });
  });

  it('sanitises what plugins add: no style attribute survives', async () => {
    const { html } = await renderWith(await load([{ name: 'stylist' }]), 'x');
    expect(html).toContain('<p id="styled">x</p>');
    expect(html).not.toContain('style=');
  });
});

describe('the recipe', () => {
  it('names the pipeline packages, and each plugin with its version and options', async () => {
    const smarty = await loadMarkdown(
      { plugins: [{ name: 'remark-smartypants', options: { dashes: 'oldschool' } }] },
      place,
    );
    const other = await loadMarkdown(
      { plugins: [{ name: 'remark-smartypants', options: { dashes: 'inverted' } }] },
      place,
    );
    expect(plain.recipe).toMatch(/remark-parse@\d+\.\d+\.\d+/);
    expect(smarty.recipe).toMatch(/remark-smartypants.*3\.0\.3.*oldschool/);
    expect(other.recipe).not.toBe(smarty.recipe);
    expect(plain.recipe).not.toBe(smarty.recipe);
  });
});
