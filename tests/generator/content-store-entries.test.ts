/** What the content store keeps of each page in memory (load/content-store.ts), and that it saves the same bytes. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentStore } from '../../generator/load/content-store';
import type { PageSource } from '../../generator/pages/page';
import type { SiteConfig } from '../../generator/config/config';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-store-entries-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const config = { name: 'Store' } as unknown as SiteConfig;

const source = (relativeFile: string, derived: PageSource['derived']): PageSource => ({
  relativeFile,
  file: `pages/${relativeFile}`,
  data: { title: relativeFile },
  matter: `title: ${relativeFile}\n`,
  derived,
});
const body = (text: string) => ({ html: `<p>${text}</p>`, headings: [] });
const entries = {
  'a.md': { key: 'ka', uses: {}, source: source('a.md', {}), body: body('a') },
  'b.md': { key: 'kb', uses: {}, source: source('b.md', {}), body: body('b') },
  'c.md': { key: 'kc', uses: { name: 'Store' }, source: source('c.md', { description: 'Text.' }), body: body('c') },
};

describe("the content store's entries", () => {
  it('share one empty object for the empty parts of every page, read from the file or set, and save the same bytes', async () => {
    const made = await ContentStore.open(dir, 'pages', 'recipe');
    for (const [file, entry] of Object.entries(entries)) made.set(file, structuredClone(entry));
    await made.save();
    const [name] = await readdir(dir);
    const saved = await readFile(path.join(dir, name!), 'utf8');
    const read = await ContentStore.open(dir, 'pages', 'recipe');
    for (const store of [made, read]) {
      const [a, b, c] = (['a.md', 'b.md', 'c.md'] as const).map((file) => store.get(file, entries[file].key, config)!);
      expect([a, b, c]).toEqual(Object.values(entries));
      expect(a!.uses).toBe(b!.uses);
      expect(a!.source.derived).toBe(b!.source.derived);
      expect(c!.uses).not.toBe(a!.uses);
      expect(() => Object.assign(a!.uses, { name: 'x' })).toThrow(TypeError);
    }
    // Saved again whole, the same text.
    read.set('a.md', structuredClone(entries['a.md']));
    await read.save();
    expect(await readFile(path.join(dir, name!), 'utf8')).toBe(saved);
  });
});
