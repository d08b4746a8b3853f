/**
 * A watch update writes its pages first and its search index after them (core/site.ts), so that an edit is served
 * before the index of the whole site is made again; a change that comes meanwhile (Site.interrupt, which site watch
 * calls for every change it sees) leaves that index to the next update. Whatever the order, the index the watch ends
 * with is a full build's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { snapshotDir } from '../support/fixture';
import { fullBuildInto } from '../support/full-build';
import { blogProject, type BlogProject } from '../build/blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');
let project: BlogProject;
beforeAll(async () => {
  project = await blogProject({ posts: 3 });
}, 60_000);
afterAll(() => project?.cleanup());

const pagefindFiles = (snapshot: Record<string, string>) =>
  Object.fromEntries(Object.entries(snapshot).filter(([file]) => file.startsWith('pagefind/')));

describe('the search index of a watch update', () => {
  it('is left to the next update when a change interrupts it, which makes it as a full build does', async () => {
    const site = new Site({ root: project.root, incremental: true, now: NOW, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      const before = pagefindFiles(await snapshotDir(project.outDir));
      const file = await project.writePost('post-2', { title: 'Searched for by a new name', date: '2020-01-03' });
      const updating = site.update([file]);
      site.interrupt();
      const interrupted = await updating;
      // The page is written; the index is the one before the edit, and this update wrote none of it.
      expect(await project.read('dist/blog/post-2.html')).toContain('Searched for by a new name');
      expect([...interrupted.written.keys()].filter((f) => f.startsWith('pagefind/'))).toEqual([]);
      expect(pagefindFiles(await snapshotDir(project.outDir))).toEqual(before);

      // The next update, of no file at all, makes the index left over.
      const next = await site.update([]);
      expect([...next.written.keys()].some((f) => f.startsWith('pagefind/'))).toBe(true);
      await fullBuildInto({ root: project.root, outDir: project.file('dist-full'), now: NOW, logger: silentLogger });
      expect(await snapshotDir(project.outDir)).toEqual(await snapshotDir(project.file('dist-full')));
    } finally {
      await site.dispose();
    }
  }, 120_000);

  it('is made after the pages are written and told (pagesWritten), which site watch tells browsers at once', async () => {
    const site = new Site({ root: project.root, incremental: true, now: NOW, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      const before = pagefindFiles(await snapshotDir(project.outDir));
      const file = await project.writePost('post-1', { title: 'Told before its index', date: '2020-01-02' });
      let told: { routes: string[]; page: string; index: Record<string, string> } | undefined;
      // Read synchronously inside the callback: the update goes on as soon as it returns.
      const { readFileSync } = await import('node:fs');
      const result = await site.update([file], (written) => {
        told = {
          routes: written.routes,
          page: readFileSync(project.file('dist/blog/post-1.html'), 'utf8'),
          index: Object.fromEntries(
            Object.keys(before).map((f) => [f, readFileSync(project.file(`dist/${f}`)).toString('base64')]),
          ),
        };
      });
      expect(told?.routes).toContain('/blog/post-1');
      expect(told?.page).toContain('Told before its index');
      expect(told?.index).toEqual(before);
      expect([...result.written.keys()].some((f) => f.startsWith('pagefind/'))).toBe(true);
    } finally {
      await site.dispose();
    }
  }, 120_000);

  it('waits for what pagesWritten returns (site watch lets the browsers it told fetch the pages first)', async () => {
    const site = new Site({ root: project.root, incremental: true, now: NOW, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      const before = pagefindFiles(await snapshotDir(project.outDir));
      const file = await project.writePost('post-2', {
        title: 'Indexed once the reloads are served',
        date: '2020-01-03',
      });
      const { readFileSync } = await import('node:fs');
      const indexNow = () =>
        Object.fromEntries(
          Object.keys(before).map((f) => [f, readFileSync(project.file(`dist/${f}`)).toString('base64')]),
        );
      // Awaited, what pagesWritten returns has its then() called: by then, the index is still the one before the edit.
      let awaited: { indexBefore: boolean } | undefined;
      const told: PromiseLike<void> = {
        then(fulfilled, rejected) {
          awaited = { indexBefore: JSON.stringify(indexNow()) === JSON.stringify(before) };
          return Promise.resolve().then(fulfilled, rejected);
        },
      };
      const result = await site.update([file], () => told);
      expect(awaited).toEqual({ indexBefore: true });
      expect([...result.written.keys()].some((f) => f.startsWith('pagefind/'))).toBe(true);
    } finally {
      await site.dispose();
    }
  }, 120_000);

  it('is made by the update itself when nothing interrupts it', async () => {
    const site = new Site({ root: project.root, incremental: true, now: NOW, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      const file = await project.writePost('post-3', { title: 'Another name to search', date: '2020-01-04' });
      const result = await site.update([file]);
      expect([...result.written.keys()].some((f) => f.startsWith('pagefind/'))).toBe(true);
      await fullBuildInto({ root: project.root, outDir: project.file('dist-full'), now: NOW, logger: silentLogger });
      expect(await snapshotDir(project.outDir)).toEqual(await snapshotDir(project.file('dist-full')));
    } finally {
      await site.dispose();
    }
  }, 120_000);
});
