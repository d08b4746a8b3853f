/**
 * A watch update reads the pages folder as it is, whatever the watcher reported so far: its listing of the page files
 * is compared with the last update's (State.pageFiles, core/site-pages.ts), and only the same files in the same order
 * let it take the last update's folders and find no page gone. A page removed and not yet reported, a rename whose new
 * name alone is reported (chokidar holds a removal back), as many files as before, and a README.md that became its
 * folder's page are in the next update as in a full build of the folder.
 */
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { snapshotDir } from '../support/fixture';
import { blogProject, fullBuildOf, type BlogProject, type Post } from './blog-project';

const NOW = new Date('2026-01-01T00:00:00Z');
const post = (title: string, date: string): Post => ({ title, date, tags: ['Identity'], draft: false });

let project: BlogProject;
let site: Site;
beforeAll(async () => {
  project = await blogProject({ keptPosts: false, pageSize: 2 });
  for (const [n, date] of ['2025-01-05', '2025-02-10', '2025-03-15'].entries())
    await project.writePost(`p${n}`, post(`Post ${n}`, date));
  site = new Site({ root: project.root, incremental: true, now: NOW, logger: silentLogger });
  await site.update('all');
  await site.commit();
}, 60_000);
afterAll(async () => {
  await site?.dispose();
  await project?.cleanup();
});

const fullBuild = () => fullBuildOf(project, NOW);

/** The update `site watch` makes for an edit of p1 and the files `reported`, whatever else changed in the folder. */
let edits = 0;
async function editP1(...reported: string[]): Promise<void> {
  const p1 = await project.writePost('p1', post(`Post 1, edit ${++edits}`, '2025-02-10'));
  await site.update([p1, ...reported.map((relative) => project.file(relative))]);
}

describe('a watch update lists the pages folder', () => {
  it('with the same files, is a full build', async () => {
    await editP1();
    expect(await snapshotDir(project.outDir)).toEqual(await fullBuild());
  });

  it('with a page added, then removed and not reported, is a full build', async () => {
    await project.writePost('p3', post('Post 3', '2025-04-01'));
    await editP1('pages/blog/p3.md');
    expect(await snapshotDir(project.outDir)).toEqual(await fullBuild());
    await unlink(project.file('pages/blog/p3.md'));
    await editP1();
    expect(await snapshotDir(project.outDir)).toEqual(await fullBuild());
  });

  it('with a page renamed (as many files), its new name alone reported, is a full build', async () => {
    await rename(project.file('pages/blog/p2.md'), project.file('pages/blog/p9.md'));
    await editP1('pages/blog/p9.md');
    expect(await snapshotDir(project.outDir)).toEqual(await fullBuild());
  });

  it("with a README.md that is its folder's page, is a full build", async () => {
    await mkdir(project.file('pages/notes'), { recursive: true });
    await writeFile(project.file('pages/notes/README.md'), '---\ntitle: Notes\ndescription: Notes.\n---\n\nNotes.\n');
    await editP1('pages/notes/README.md');
    expect(await snapshotDir(project.outDir)).toEqual(await fullBuild());
  });
});
