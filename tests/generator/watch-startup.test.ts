/**
 * `site watch` loses no change made while it starts: a file saved while its watchers read the folders, one saved
 * after its first build read every page, and one saved the moment it says "Serving at" are all built and served.
 * The saves are made at those states (startWatch's onStart), never after a guessed delay. Before, the watchers
 * started after the first build: a page saved while it ran kept its old text until its next save.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../generator/base/logger';
import { startWatch, type Watching } from '../../generator/dev/watch';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject;
let watching: Watching;
const infos: string[] = [];
const states: string[] = [];
const logger: Logger = { ...silentLogger, info: (m) => infos.push(m) };

/** The page of each state, and the text saved into it at that state. */
const SAVES = {
  scanning: { file: 'pages/about.md', was: 'We exist to be built in tests.', now: 'Saved while scanning.' },
  built: { file: 'pages/services/audits.md', was: 'Audit details.', now: 'Saved after the first build.' },
  serving: { file: 'pages/index.md', was: 'Welcome', now: 'Saved at serving time' },
} as const;

beforeAll(async () => {
  project = await tempProject();
  watching = await startWatch({
    root: project.root,
    port: 0,
    logger,
    onStart: async (state) => {
      states.push(state);
      // "Serving at" is said before this state: a save now is one a user makes as soon as they read it.
      if (state === 'serving') expect(infos.some((line) => line.startsWith('Serving at'))).toBe(true);
      const { file, was, now } = SAVES[state];
      await writeFile(project.file(file), (await readFile(project.file(file), 'utf8')).replace(was, now));
    },
  });
}, 120_000);

afterAll(async () => {
  await watching?.close();
  await project?.cleanup();
});

const body = async (route: string) => (await fetch(`${watching.server.url}${route}`)).text();

describe('site watch as it starts', () => {
  it('builds and serves every change saved while it started', async () => {
    const poll = { timeout: 30_000, interval: 100 };
    await expect.poll(() => body('/about'), poll).toContain(SAVES.scanning.now);
    await expect.poll(() => body('/services/audits'), poll).toContain(SAVES.built.now);
    await expect.poll(() => body('/'), poll).toContain(SAVES.serving.now);
    // The watchers read the folders before the first build starts.
    expect(states).toEqual(['scanning', 'built', 'serving']);
  });
});
