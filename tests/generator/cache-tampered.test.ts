/**
 * Caches are checked, never trusted (a CI cache of node_modules/.cache can be
 * restored from a branch that is not): a page's stored HTML with a script
 * added, a theme bundle with code added and re-named by its own digest, and an
 * image edited in the cache are each a miss, made again and never published
 * or run. A path from a cache that leads out of the output folder is never
 * written.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { loadTheme } from '../../generator/render/load-theme';
import { writeSite } from '../../generator/output/write-site';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

const now = new Date('2026-11-22T00:00:00Z');
const buildIn = (p: TempProject) =>
  build({ root: p.root, outDir: p.file('dist'), cacheDir: p.file('cache'), logger: silentLogger, now });

describe('a tampered cache', () => {
  it("a page's stored HTML with a script added is rendered again from its markdown, and the script never published", async () => {
    project = await tempProject();
    await buildIn(project);
    const cache = project.file('cache');
    const [store] = (await readdir(cache)).filter((name) => /^content-.*\.json$/.test(name));
    const text = await readFile(path.join(cache, store!), 'utf8');
    const injected = text.replace(/(\\u003c|<)\/p>/, '$1/p><script>alert(1)<\\/script>');
    expect(injected).not.toBe(text);
    await writeFile(path.join(cache, store!), injected);
    const again = await buildIn(project);
    expect(again.content.stored).toBe(0);
    for (const file of await readdir(project.file('dist'), { recursive: true })) {
      if (file.endsWith('.html')) expect(await project.read(`dist/${file}`), file).not.toContain('alert(1)');
    }
  });

  it('a theme bundle with code added, named by its own digest and pointed at by the manifest, is bundled again, not run', async () => {
    project = await tempProject();
    const cacheDir = project.file('cache');
    const { module } = await loadTheme(project.file('templates'), cacheDir);
    const code = `${await readFile(module, 'utf8')}\nglobalThis.__tampered = true;\n`;
    const forged = `theme-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
    await writeFile(path.join(cacheDir, forged), code);
    const manifestFile = path.join(cacheDir, 'theme-manifest.json');
    const stored = JSON.parse(await readFile(manifestFile, 'utf8')) as { manifest: string; seal: string };
    await writeFile(
      manifestFile,
      JSON.stringify({ ...stored, manifest: stored.manifest.replace(path.basename(module), forged) }),
    );
    const again = await loadTheme(project.file('templates'), cacheDir);
    expect(again.module).toBe(module);
    expect((globalThis as { __tampered?: boolean }).__tampered).toBeUndefined();
  });

  it('an image edited in the cache is rendered again', async () => {
    project = await tempProject();
    await buildIn(project);
    const original = await readFile(project.file('dist/og-image.png'));
    const cache = project.file('cache');
    for (const name of (await readdir(cache)).filter((n) => n.startsWith('img-'))) {
      const bytes = await readFile(path.join(cache, name));
      await writeFile(
        path.join(cache, name),
        Buffer.concat([bytes.subarray(0, 65), Buffer.from('not the image'), bytes.subarray(65 + 13)]),
      );
    }
    await buildIn(project);
    expect(Buffer.compare(await readFile(project.file('dist/og-image.png')), original)).toBe(0);
  });

  it('a path that leads out of the output folder is never written', async () => {
    project = await tempProject();
    for (const file of ['../escaped.txt', 'assets/../../escaped.txt', '/tmp/escaped.txt', 'a//b.txt']) {
      await expect(writeSite(project.file('dist'), new Map([[file, 'x']]))).rejects.toMatchObject({
        kind: 'WriteFailed',
      });
    }
    expect(await readdir(project.root)).not.toContain('escaped.txt');
    await rm(project.file('dist'), { recursive: true, force: true });
  });
});
