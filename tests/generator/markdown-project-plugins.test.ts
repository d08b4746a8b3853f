/**
 * Markdown plugins a project brings: loaded from its own node_modules or files, in the order listed, with their
 * options; every way one can fail is a named error for the page and the plugin (markdown.test.ts has the rest).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMarkdown, type Markdown, type MarkdownSettings } from '../../generator/markdown/markdown';

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
  /** The errors loading `plugins` fails with, all at once. */
  const errorsOf = async (plugins: MarkdownSettings['plugins']) =>
    ((await load(plugins).catch((e: unknown) => e)) as { errors: unknown[] }).errors;
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
    expect(await errorsOf([{ name: 'throws-on-import' }, { name: 'not-a-plugin' }, { name: 'missing-too' }])).toEqual([
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
    expect(await errorsOf([{ name: 'throws-on-import' }, { name: './plugins/throws.js' }])).toEqual([
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
    expect(await errorsOf([{ name: 'cut-manifest' }, { name: 'exports-outside' }])).toEqual([
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
