/**
 * The engine: one Site builds (update('all'), then commit) and rebuilds what a
 * change affects (update(files)), on a temporary project.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { snapshotDir } from '../support/fixture';
import { tempProject, type TempProject } from '../support/project';

let project: TempProject;
let site: Site;
const out = (relative: string) => readFile(path.join(project.root, 'dist', relative), 'utf8');

beforeAll(async () => {
  project = await tempProject();
  site = new Site({ root: project.root, incremental: true, now: new Date('2026-01-01T00:00:00Z') });
});
afterAll(async () => {
  await site?.dispose();
  await project?.cleanup();
});

/** Every asset a page names (stylesheet, scripts, preloads) must be a file of the output folder. */
async function assetsOf(route: string): Promise<string[]> {
  const html = await out(route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  return [...html.matchAll(/(?:href|src|data-styles)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
}

describe('Site', () => {
  it('builds everything into a staging folder and swaps it in only on commit', async () => {
    const result = await site.update('all');
    expect(result.routes).toEqual(['*']);
    expect(result.pages.map((p) => p.route).sort()).toEqual(['/', '/404', '/about', '/services', '/services/audits']);
    await expect(readdir(path.join(project.root, 'dist'))).rejects.toThrow();
    await site.commit();
    expect(await out('about.html')).toContain('We exist to be built in tests.');
    for (const asset of await assetsOf('/about'))
      await expect(readFile(path.join(project.root, 'dist', asset))).resolves.toBeTruthy();
  });

  it('re-renders only the edited page, and writes no file whose text it did not change (the sitemap)', async () => {
    await project.edit('pages/about.md', (text) =>
      text.replace('We exist to be built in tests.', 'We exist to be rebuilt.'),
    );
    const before = await out('services/audits.html');
    const result = await site.update([project.file('pages/about.md')]);
    expect(result.routes).toEqual(['/about']);
    expect([...result.written.keys()].sort()).toEqual(['about.html']);
    expect(await out('about.html')).toContain('We exist to be rebuilt.');
    expect(await out('services/audits.html')).toBe(before);
  });

  it('after a stylesheet edit, every page names a stylesheet that exists, and the old one is still answered', async () => {
    const [oldCss] = (await assetsOf('/about')).filter((a) => a.endsWith('.css'));
    await project.edit('templates/styles/tokens.css', (text) => `${text}\n:root { --site-test-edit: 1px; }\n`);
    const result = await site.update([project.file('templates/styles/tokens.css')]);
    expect(result.stylesheet).toMatch(/^\/assets\/.*\.css$/);
    expect(result.stylesheet).not.toBe(oldCss);
    // A browser still showing the old page keeps its styles until it reloads.
    await expect(readFile(path.join(project.root, 'dist', oldCss!))).resolves.toBeTruthy();
    for (const route of ['/', '/about', '/services/audits']) {
      const assets = await assetsOf(route);
      expect(assets).toContain(result.stylesheet);
      for (const asset of assets) await expect(readFile(path.join(project.root, 'dist', asset))).resolves.toBeTruthy();
    }
  });

  it("after an edit of an island's stylesheet, the pages name its new file, which exists", async () => {
    await writeFile(project.file('islands/toaster-extra.css'), '[data-sonner-toaster] { outline-offset: 1px; }\n');
    await project.edit('islands/toaster.tsx', (text) => `${text}\nimport './toaster-extra.css';\n`);
    await site.update([project.file('islands/toaster.tsx'), project.file('islands/toaster-extra.css')]);
    const styles = async () => (await out('about.html')).match(/data-styles="(\/assets\/toaster-[^"]+\.css)"/)?.[1];
    const before = await styles();
    expect(await out(before!.slice(1))).toContain('outline-offset:1px');
    await project.edit('islands/toaster-extra.css', (text) => text.replace('1px', '2px'));
    const result = await site.update([project.file('islands/toaster-extra.css')]);
    expect(result.kinds).toEqual(['island']);
    const after = await styles();
    expect(after).not.toBe(before);
    expect(await out(after!.slice(1))).toContain('outline-offset:2px');
    for (const asset of await assetsOf('/about'))
      await expect(readFile(path.join(project.root, 'dist', asset))).resolves.toBeTruthy();
  });

  it('a failed update changes nothing, and the next good one recovers', async () => {
    const snapshot = await snapshotDir(path.join(project.root, 'dist'));
    await project.edit('pages/about.md', (text) => text.replace('title: About Fixture Co', 'title: [unclosed'));
    await expect(site.update([project.file('pages/about.md')])).rejects.toMatchObject({ kind: 'MalformedYaml' });
    expect(await snapshotDir(path.join(project.root, 'dist'))).toEqual(snapshot);
    await project.edit('pages/about.md', (text) => text.replace('title: [unclosed', 'title: About Fixture Co'));
    await expect(site.update([project.file('pages/about.md')])).resolves.toMatchObject({ routes: ['/about'] });
  });

  it('adds and deletes pages, with their output and sitemap entries', async () => {
    await writeFile(
      project.file('pages/careers.md'),
      '---\ntitle: Careers\ndescription: Work with the fixture company, a page added while watching.\n---\n\nJoin us.\n',
    );
    await site.update([project.file('pages/careers.md')]);
    expect(await out('careers.html')).toContain('Join us.');
    expect(await out('sitemap.xml')).toContain('/careers</loc>');
    await rm(project.file('pages/careers.md'));
    const result = await site.update([project.file('pages/careers.md')]);
    expect(result.routes).toEqual([]);
    await expect(out('careers.html')).rejects.toThrow();
    expect(await out('sitemap.xml')).not.toContain('/careers</loc>');
  });

  it('a full update again replaces the output folder, leaving nothing stale', async () => {
    await writeFile(
      project.file('pages/team.md'),
      '---\ntitle: Team\ndescription: The fixture company team, written for the full rebuild test.\n---\n\nPeople.\n',
    );
    await site.update('all');
    await site.commit();
    expect(await out('team.html')).toContain('People.');
    await rm(project.file('pages/team.md'));
    await site.update('all');
    await site.commit();
    await expect(out('team.html')).rejects.toThrow();
  });
});
