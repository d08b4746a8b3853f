/**
 * The `site` command of one install building a project that has its own
 * node_modules: React, zod and every other package exist twice, and the theme
 * must still run on the engine's (a second React fails every page with
 * "Cannot read properties of null (reading 'useContext')").
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/fixture';
import { copiedNodeModules, copyFromRepo, filesOf, runNode } from '../support/installs';

const SITE = path.join(REPO, 'bin/site.js');
const PROJECT = ['pages', 'templates', 'islands', 'generator', 'package.json', 'tsconfig.json'];

/**
 * esbuild names a browser asset after its contents and the paths of its inputs, and the engine's browser modules
 * lie elsewhere relative to each project: outputs are compared with those names' hashes left out (the contents of
 * every asset are still compared), and without the output folder's list of its own files.
 */
const HASHED_NAME = /([\w-]+)-[A-Z0-9]{8}\.(js|css|woff2)\b/g;
const unhashed = (text: string) => text.replace(HASHED_NAME, '$1-#.$2');
const comparable = (files: Map<string, Buffer>) =>
  [...files]
    .filter(([file]) => file !== '.site-output.json')
    .map(
      ([file, contents]) =>
        `${unhashed(file)}\n${/\.(png|woff2)$/.test(file) ? contents.toString('base64') : unhashed(contents.toString())}`,
    )
    .sort();

let temp: string;
/** A copy of the project with node_modules of its own. */
let own: string;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-other-install-'));
  own = path.join(temp, 'own');
  await copyFromRepo(own, PROJECT);
  await copiedNodeModules(own);
}, 180_000);
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('the CLI of one install, in a project with its own node_modules', () => {
  it('is another install: the project has its own React and zod', async () => {
    for (const name of ['react', 'react-dom', 'zod']) {
      expect(await realpath(path.join(own, 'node_modules', name))).not.toBe(
        await realpath(path.join(REPO, 'node_modules', name)),
      );
    }
  });

  it("builds every page, exactly as the build in the repository's own folder", async () => {
    const built = await runNode(SITE, ['build', '-q', '-o', 'dist'], { cwd: own });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    // The same pages with the repository's theme and packages (esbuild names assets by the paths of their inputs too).
    const reference = await runNode(
      SITE,
      ['build', '-q', '--pages', path.join(own, 'pages'), '-o', path.join(temp, 'reference')],
      { cwd: REPO },
    );
    expect(reference).toMatchObject({ code: 0, stderr: '' });
    for (const folder of ['templates', 'islands']) {
      expect(await filesOf(path.join(REPO, folder)), `the repository's ${folder}/ changed while the test ran`).toEqual(
        await filesOf(path.join(own, folder)),
      );
    }

    const files = await filesOf(path.join(own, 'dist'));
    expect(comparable(files)).toEqual(comparable(await filesOf(path.join(temp, 'reference'))));

    // Every page has its islands (the header's navigation at least), rendered on the server.
    const pages = [...files.keys()].filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages)
      expect(files.get(page)!.toString(), page).toMatch(
        /<div class="island" data-island="[a-z-]+"[^>]*><div data-island-root="">\s*<[a-z]/,
      );
  }, 180_000);
});
