/**
 * `site watch` writes a folder of its own in the build cache, never the build's output folder: dist/ holds what
 * `site build` made and nothing else, drafts never land in it, and the preview goes when the watch stops (or, when
 * the watch was killed, when the next one starts). Before, watch wrote drafts into dist/, the folder the deploy
 * guide uploads, and left them there after Ctrl-C.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { isInside } from '../../generator/base/paths';
import { startWatch } from '../../generator/dev/watch';
import { writeMark } from '../../generator/output/output-folder';
import { snapshotDir } from '../support/fixture';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject;
const DRAFT = '---\ntitle: A draft\ndescription: Written, not published yet.\ndraft: true\n---\n\nNot yet.\n';
const cache = () => project.file('cache');
const options = () => ({ root: project.root, port: 0, logger: silentLogger, cacheDir: cache() });

beforeAll(async () => {
  project = await tempProject();
  await build({ root: project.root, cacheDir: cache(), logger: silentLogger });
  await writeFile(project.file('pages/draft-post.md'), DRAFT);
}, 120_000);

afterAll(() => project?.cleanup());

describe('site watch and the output folder', () => {
  it('serves drafts from a folder of its own in the cache; dist/ stays what site build made', async () => {
    const built = await snapshotDir(project.file('dist'));
    const watching = await startWatch(options());
    const own = watching.site.paths.outDir;
    try {
      expect(isInside(own, path.join(cache(), 'watch'))).toBe(true);
      expect((await fetch(`${watching.server.url}/draft-post`)).status).toBe(200);
      expect(existsSync(path.join(own, 'draft-post.html'))).toBe(true);
      // An edit is written into watch's folder, and only there.
      await project.edit('pages/about.md', (t) => t.replace('We exist to be built in tests.', 'Edited in watch.'));
      await expect
        .poll(async () => (await fetch(`${watching.server.url}/about`)).text(), { timeout: 20_000 })
        .toContain('Edited in watch.');
      expect(await snapshotDir(project.file('dist'))).toEqual(built);
    } finally {
      await watching.close();
    }
    expect(existsSync(own), 'the preview goes when the watch stops').toBe(false);
    expect(await snapshotDir(project.file('dist'))).toEqual(built);
  });

  it('never makes dist/ when there is none', async () => {
    const other = await tempProject();
    try {
      const watching = await startWatch({ ...options(), root: other.root, cacheDir: other.file('cache') });
      await watching.close();
      expect(existsSync(other.file('dist'))).toBe(false);
    } finally {
      await other.cleanup();
    }
  });

  it('removes the folder a killed watch of the project left, and leaves a folder holding a file no build wrote', async () => {
    const first = await startWatch(options());
    const own = first.site.paths.outDir;
    await first.close();
    // As a watch killed while it ran (its process gone) leaves it: marked, with what it wrote.
    const key = path.basename(own).replace(/-\d+$/, '');
    const killed = path.join(path.dirname(own), `${key}-999999999`);
    await mkdir(killed, { recursive: true });
    await writeFile(path.join(killed, 'index.html'), 'old preview');
    writeMark(killed, ['index.html']);
    const foreign = path.join(path.dirname(own), `${key}-999999998`);
    await mkdir(foreign);
    await writeFile(path.join(foreign, 'notes.txt'), 'mine');
    const next = await startWatch(options());
    await next.close();
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(path.join(foreign, 'notes.txt'))).toBe(true);
  });
});
