/**
 * A theme's edits of packages' sources (Theme.islandSourceEdits), made as the islands are bundled: the edited text is
 * what ships, an edit that finds nothing in a file the bundle reads fails the build with its own error, and one
 * that names no file of a package is refused.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleScripts } from '../../generator/assets/bundle-assets';
import type { SourceEdit } from '../../generator/pages/theme-types';

let dir: string;
const island = () => ({ toast: path.join(dir, 'toast.ts') });
const shipped = async (edits: SourceEdit[]) => {
  const bundle = await bundleScripts(island(), dir, undefined, edits);
  return [...bundle.files.values()].map((bytes) => new TextDecoder().decode(bytes)).join('\n');
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'source-edits-'));
  const pkg = path.join(dir, 'node_modules', 'toasty');
  await mkdir(path.join(pkg, 'dist'), { recursive: true });
  await writeFile(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: 'toasty', type: 'module', exports: { '.': './dist/index.mjs' } }),
  );
  // As sonner does: a function that puts a <style> in the head, called at the module's top level.
  await writeFile(
    path.join(pkg, 'dist', 'index.mjs'),
    [
      'function insertCSS(code) { const s = document.createElement("style"); s.type = "text/css"; s.textContent = code; document.head.appendChild(s); }',
      'insertCSS("[data-toasty]{position:fixed}");',
      'export const toast = (text) => { document.body.dataset.toast = text; };',
      '',
    ].join('\n'),
  );
  await writeFile(
    path.join(dir, 'toast.ts'),
    "import { toast } from 'toasty';\nexport function hydrate() { toast('hello'); }\n",
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('islandSourceEdits', () => {
  it('without an edit, the package injects its <style>', async () => {
    const code = await shipped([]);
    expect(code).toContain('text/css');
    expect(code).toContain('[data-toasty]{position:fixed}');
  });

  it('cuts what a RegExp or a string finds from the package as it is bundled, and keeps the rest', async () => {
    for (const find of [/^insertCSS\("(?:[^"\\]|\\.)*"\);$/m, 'insertCSS("[data-toasty]{position:fixed}");']) {
      const code = await shipped([{ file: 'toasty/dist/index.mjs', find, replace: '' }]);
      expect(code).not.toContain('[data-toasty]');
      // Nothing calls it any more: the minifier leaves the function out too.
      expect(code).not.toContain('text/css');
      expect(code).toContain('hello');
    }
  });

  it('fails the build when an edit finds nothing in the file it names (the package changed)', async () => {
    await expect(
      shipped([{ file: 'toasty/dist/index.mjs', find: 'insertStyles(', replace: '' }]),
    ).rejects.toMatchObject({
      kind: 'IslandSourceEditMissed',
      message: expect.stringContaining('"insertStyles(" is not in toasty/dist/index.mjs'),
    });
  });

  it('asks nothing of a package the bundle does not read', async () => {
    const code = await shipped([{ file: 'other/dist/index.mjs', find: 'anything', replace: '' }]);
    expect(code).toContain('[data-toasty]');
  });

  it('refuses an edit that names no file of a package, or finds the empty string', async () => {
    for (const edit of [
      { file: 'toasty', find: 'x', replace: '' },
      { file: '../toasty/dist/index.mjs', find: 'x', replace: '' },
      { file: 'toasty/dist/index.mjs', find: '', replace: '' },
    ])
      await expect(shipped([edit])).rejects.toMatchObject({ kind: 'IslandSourceEditInvalid' });
  });
});
