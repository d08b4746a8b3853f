/**
 * How the page scripts are bundled: the islands share chunks, and the loader (the one script a page with islands
 * loads up front) is one file, whatever it imports.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleAssets, type Assets } from '../../generator/assets/bundle-assets';

let dir: string;
let assets: Assets;
const text = (url: string) => new TextDecoder().decode(assets.files.get(url.slice(1)));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bundle-assets-'));
  await mkdir(path.join(dir, 'lib'));
  await writeFile(path.join(dir, 'site.css'), 'body { color: #123456; }\n');
  // Imported by the loader and by both islands: without the rule, a chunk the loader would share.
  await writeFile(path.join(dir, 'lib', 'shared.ts'), 'export const mark = (name: string) => `shared:${name}`;\n');
  await writeFile(
    path.join(dir, 'loader.ts'),
    "import { mark } from './lib/shared';\ndocument.body.dataset.loader = mark('loader');\nconst src = document.body.dataset.src;\nif (src) void import(src);\n",
  );
  for (const island of ['one', 'two'])
    await writeFile(
      path.join(dir, `${island}.ts`),
      `import { mark } from './lib/shared';\nexport function hydrate(root: Element) { root.textContent = mark('${island}'); }\n`,
    );
  const scripts = Object.fromEntries(['loader', 'one', 'two'].map((name) => [name, path.join(dir, `${name}.ts`)]));
  assets = await bundleAssets({ stylesheet: path.join(dir, 'site.css'), scripts }, dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the page scripts', () => {
  it('bundle the loader whole: one file that imports nothing, with what it imports inside it', () => {
    expect(assets.imports.loader).toEqual([]);
    const loader = text(assets.scripts.loader!);
    expect(loader).not.toMatch(/\bfrom\s*["']|import\s*["']/);
    expect(loader).toContain('shared:');
    // An island's module is still imported when the island starts, by the URL its marker names.
    expect(loader).toMatch(/import\(\w+\)/);
  });

  it('let the islands share a chunk, preloaded with each', () => {
    expect(assets.imports.one).toHaveLength(1);
    expect(assets.imports.two).toEqual(assets.imports.one);
    expect(text(assets.imports.one![0]!)).toContain('shared:');
    expect(text(assets.scripts.one!)).not.toContain('shared:');
  });
});
