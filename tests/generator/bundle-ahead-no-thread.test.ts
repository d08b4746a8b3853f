/**
 * A machine that gives a build no thread to bundle ahead on (a limit on
 * threads) still builds: the bundles made ahead are simply none, and the Site
 * makes them itself.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundleAhead } from '../../generator/assets/bundle-ahead';
import { Site } from '../../generator/core/site';
import { tempProject, type TempProject } from '../support/project';

vi.mock('node:worker_threads', async (original) => ({
  ...(await original<typeof import('node:worker_threads')>()),
  Worker: class {
    constructor() {
      throw Object.assign(new Error('Resource temporarily unavailable'), { code: 'ERR_WORKER_INIT_FAILED' });
    }
  },
}));

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

describe('bundles made ahead, without a thread to make them on', () => {
  it('are none, and the Site bundles the theme and the islands itself', async () => {
    project = await tempProject();
    const cacheDir = project.file('cache');
    const ahead = await bundleAhead({ root: project.root, cacheDir });
    await Promise.all([ahead.theme, ahead.scripts]);
    const site = new Site({ root: project.root, cacheDir, outDir: project.file('dist'), ahead, now: new Date('2026-01-01T00:00:00Z') });
    try {
      await site.update('all');
      await site.commit();
    } finally {
      await site.dispose();
    }
    expect(await project.read('dist/index.html')).toMatch(/<script type="module" src="\/assets\/loader-\w+\.js">/);
  });
});
