/**
 * What `site watch` prints of each update's warnings: those it has not printed since, never the whole list again. A
 * blog brought with `brokenLinks: warn` has a warning a broken link (312 in one of Hugo's, Jekyll's and Eleventy's
 * posts); a post added, renamed or deleted printed every one of them again, burying what the update changed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Logger } from '../../generator/base/logger';
import { startWatch, type Watching } from '../../generator/dev/watch';

let root: string;
let watching: Watching;
const warned: string[] = [];
let waiting: { file: string; resolve: () => void }[] = [];
const logger: Logger = { info() {}, debug() {}, error() {}, warn: (message) => warned.push(message) };
const file = (rel: string) => path.join(root, 'pages', rel);
/** Writes a page and waits for the update that takes it. */
const write = (rel: string, text: string) => {
  const done = new Promise<void>((resolve) => waiting.push({ file: file(rel), resolve }));
  return writeFile(file(rel), text).then(() => done);
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-watch-printed-'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(file('site.yml'), 'name: Notes\nbaseUrl: https://notes.example.org\nbrokenLinks: warn\n');
  await writeFile(file('index.md'), '# Notes\n\nSee [the old guide](/old-guide) and [the history](/history).\n');
  await writeFile(file('404.md'), '---\ntemplate: not-found\n---\n# Not found\n');
  watching = await startWatch({
    root,
    port: 0,
    logger,
    onRebuild: (_, changed) => {
      const taken = waiting.filter((w) => changed.includes(w.file));
      waiting = waiting.filter((w) => !changed.includes(w.file));
      for (const w of taken) w.resolve();
    },
  });
}, 60_000);
afterAll(async () => {
  await watching?.close();
  await rm(root, { recursive: true, force: true });
});

const allowed = (lines: string[]) => lines.filter((line) => line.startsWith('BrokenLinkAllowed:'));

it('prints a warning once, and each update only the warnings it brought', async () => {
  expect(allowed(warned)).toHaveLength(2);
  warned.length = 0;
  await write('post.md', '# A post\n\nLinks to [nowhere](/nowhere).\n');
  // The new broken link, and the count that changed with it: not the two the home page has had all along.
  expect(allowed(warned)).toEqual([expect.stringContaining('"/nowhere"')]);
  expect(warned.filter((line) => line.startsWith('BrokenLinksAllowed:'))).toHaveLength(1);
  warned.length = 0;
  await write('post.md', '# A post\n\nLinks to [the home page](/).\n');
  expect(allowed(warned)).toEqual([]);
});
