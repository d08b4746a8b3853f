/**
 * A rename during `site watch` is no error, in whatever order the watcher reports its two halves: README.md renamed
 * readme.md (a case-only rename) is reported by chokidar as the new name first, the old one's removal later. The
 * update reads the folder as it is, so the page moves in one update, and the late removal changes nothing. Before,
 * the first update held both files and failed with DuplicateRoute. Two files that really are there still are one.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf } from '../../generator/base/errors';
import { Site } from '../../generator/core/site';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { snapshotDir } from '../support/fixture';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject;
let site: Site;
const GUIDE = '---\ntitle: Guide\ndescription: A folder page, from its README.\n---\n\nThe guide.\n';

beforeAll(async () => {
  project = await tempProject();
  await mkdir(project.file('pages/guide'));
  await writeFile(project.file('pages/guide/README.md'), GUIDE);
  site = new Site({
    root: project.root,
    cacheDir: project.file('cache'),
    outDir: project.file('live'),
    incremental: true,
  });
  await site.update('all');
  await site.commit();
}, 120_000);

afterAll(async () => {
  await site?.dispose();
  await project?.cleanup();
});

const full = async () => {
  const outDir = project.file('full');
  await rm(outDir, { recursive: true, force: true });
  await build({ root: project.root, cacheDir: project.file('cache'), outDir, drafts: false, logger: silentLogger });
  return snapshotDir(outDir);
};

describe('a rename in watch', () => {
  it('moves README.md to readme.md in the update that reports the new name, and the late removal changes nothing', async () => {
    await rename(project.file('pages/guide/README.md'), project.file('pages/guide/readme.md'));
    const added = await site.update([project.file('pages/guide/readme.md')]);
    expect(added.pages.find((page) => page.route === '/guide')?.file).toMatch(/guide\/readme\.md$/);
    await site.update([project.file('pages/guide/README.md')]);
    expect(await snapshotDir(project.file('live'))).toEqual(await full());
  });

  it('still reports two files that both are there and claim one route', async () => {
    await writeFile(project.file('pages/guide/README.md'), GUIDE);
    const failed = await site.update([project.file('pages/guide/README.md')]).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(siteErrorsOf(failed).map((e) => e.kind)).toEqual(['DuplicateRoute']);
  });
});
