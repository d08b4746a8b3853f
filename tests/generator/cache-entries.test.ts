/**
 * Every cache entry is written whole or not at all, and an entry found torn
 * (by a killed build, or a full disk, before entries were renamed into place)
 * is made again, never used: the images and the theme bundle, as the content
 * store (tests/build/content-cache.test.ts) and the assets do.
 */
import { mkdtemp, readdir, readFile, rm, truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteImages } from '../../generator/assets/images';
import { entryKey, writeEntry } from '../../generator/cache/cache-files';
import { loadConfig } from '../../generator/config/config';
import { loadTheme } from '../../generator/render/load-theme';
import { theme as realTheme } from '../../templates/index';
import { REPO } from '../support/fixture';
import { tempProject } from '../support/project';

const dir = await mkdtemp(path.join(os.tmpdir(), 'cache-entries-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('cache entries', () => {
  it('are written whole under their final name, with nothing left beside them', async () => {
    const file = path.join(dir, 'entry.bin');
    expect(await writeEntry(file, 'x'.repeat(100_000))).toBe(true);
    expect((await readFile(file, 'utf8')).length).toBe(100_000);
    expect((await readdir(dir)).filter((name) => name.startsWith('entry.bin'))).toEqual(['entry.bin']);
    expect(await writeEntry(path.join(dir, 'no-such-folder', 'entry.bin'), 'x')).toBe(false);
  });

  it('are named by their recipe and every input', () => {
    expect(entryKey('r1', 'a', 'b')).not.toBe(entryKey('r2', 'a', 'b'));
    expect(entryKey('r1', 'a', 'b')).not.toBe(entryKey('r1', 'ab'));
    expect(entryKey('r1', 'a')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a torn image is rendered again, to the same bytes', async () => {
    const cacheDir = path.join(dir, 'images');
    const site = await loadConfig(path.join(REPO, 'tests/fixtures/basic'), REPO, realTheme.config);
    const publicDir = path.join(REPO, 'tests/fixtures/basic/public');
    const first = await siteImages(site, publicDir, cacheDir);
    const entries = (await readdir(cacheDir)).filter((name) => name.startsWith('img-'));
    expect(entries).toHaveLength(3);
    for (const entry of entries) await truncate(path.join(cacheDir, entry), 100);
    const again = await siteImages(site, publicDir, cacheDir);
    for (const [name, bytes] of first)
      expect(Buffer.from(again.get(name)!).equals(Buffer.from(bytes)), name).toBe(true);
    for (const entry of entries) expect((await readFile(path.join(cacheDir, entry))).length).toBeGreaterThan(100);
  });

  it('a torn theme bundle is bundled again, not imported', async () => {
    const project = await tempProject();
    try {
      const cacheDir = path.join(project.root, 'cache');
      const { module } = await loadTheme(project.file('templates'), cacheDir);
      await truncate(module, 1000);
      const again = await loadTheme(project.file('templates'), cacheDir);
      expect(again.module).toBe(module);
      expect(Object.keys(again.theme.templates)).toEqual(Object.keys(realTheme.templates));
      expect((await readFile(module)).length).toBeGreaterThan(1000);
    } finally {
      await project.cleanup();
    }
  });
});
