/**
 * The engine as another project installs it: `npm pack` of the repository, the tarball installed into an empty folder with `--omit=dev`, and a site built and checked
 * there with the `site` command of that install, from its lib/. A theme there imports the theme API by the
 * package's name, with types; a deep import of the engine is refused.
 *
 * The tarball is made from a copy of the package's files (package.json `files`), lib/ included as the repository's
 * install compiled it (npm ci's prepare: the engine and the theme API's types; the tests' global setup compiles the
 * engine again when a source changed since), so packing runs no script: prepare would compile the same lib/ again.
 * Installing fetches the engine's dependencies from npm's cache or registry.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/fixture';
import { filesOf, runNode } from '../support/installs';

const exec = promisify(execFile);
const npm = (args: string[], cwd: string) =>
  exec('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, maxBuffer: 16 * 1024 * 1024 });

let temp: string;
/** The project the tarball is installed into. */
let project: string;
let site: string;
let tarballPath: string;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-installable-'));
  const engine = path.join(temp, 'engine');
  const manifest = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as { files: string[] };
  await Promise.all(
    [...manifest.files, 'package.json', 'package-lock.json'].map((entry) =>
      cp(path.join(REPO, entry), path.join(engine, entry), { recursive: true }),
    ),
  );
  await npm(['pack', '--ignore-scripts', '--pack-destination', temp], engine);
  const [tarball] = (await readdir(temp)).filter((file) => file.endsWith('.tgz'));

  project = path.join(temp, 'project');
  await mkdir(path.join(project, 'pages'), { recursive: true });
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'project', private: true, type: 'module' }),
  );
  tarballPath = path.join(temp, tarball!);
  await npm(['install', '--omit=dev', '--prefer-offline', tarballPath], project);
  site = path.join(project, 'node_modules/site/bin/site.js');
}, 240_000);
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('the engine installed from its tarball with --omit=dev', () => {
  it('ships its compiled engine, the built-in theme and the types, and no dev dependency is installed', async () => {
    const installed = path.join(project, 'node_modules/site');
    const shipped = [...(await filesOf(installed)).keys()];
    expect(shipped).toEqual(
      expect.arrayContaining([
        'lib/cli.mjs',
        'lib/theme.mjs',
        'lib/types/generator/theme.d.ts',
        'themes/default/index.ts',
        'bin/site.js',
      ]),
    );
    expect(
      shipped.some((file) => file.startsWith('pages/') || file.startsWith('templates/') || file.startsWith('tests/')),
    ).toBe(false);
    // site check's crawler is there; the test tools are not.
    for (const name of ['linkinator', 'esbuild', 'react'])
      expect((await readdir(path.join(project, 'node_modules'))).includes(name), name).toBe(true);
    for (const name of ['vitest', 'typescript'])
      expect((await readdir(path.join(project, 'node_modules'))).includes(name), name).toBe(false);
  });

  it('builds and checks a folder of markdown with the built-in theme, running its lib/', async () => {
    await writeFile(path.join(project, 'pages/site.yml'), 'name: Notes\nbaseUrl: https://example.org\n');
    await writeFile(
      path.join(project, 'pages/index.md'),
      '---\ntitle: Notes\ndescription: Short notes on what I read, one page each.\n---\n\nRead [the first note](/first).\n',
    );
    await writeFile(
      path.join(project, 'pages/first.md'),
      '---\ntitle: First note\ndescription: The first of the notes, on nothing much.\n---\n\n## One\n\nText.\n\n## Two\n\nMore text.\n',
    );
    // With a not-found page (without one, the build warns on stderr), from the built-in theme's template.
    await writeFile(
      path.join(project, 'pages/404.md'),
      '---\ntemplate: not-found\ntitle: Page not found\ndescription: There is no note at this address.\n---\n\nNo note is here.\n',
    );
    // On a worker thread too (lib/render-worker.mjs, as it shipped): --workers asks for one whatever the pages.
    const built = await runNode(site, ['build', '--verbose', '--workers', '1'], { cwd: project });
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).toContain('3 rendered on 2 threads');
    const page = await readFile(path.join(project, 'dist/first.html'), 'utf8');
    expect(page).toContain('<nav class="toc" aria-labelledby="toc-title">');
    // The engine that ran is the installed copy's compiled one, which it runs as it shipped.
    const { stdout } = await exec('node', [
      '--input-type=module',
      '-e',
      `import { CLI, stateOf } from ${JSON.stringify(path.join(project, 'node_modules/site/bin/compiled-engine.js'))}; console.log(JSON.stringify([stateOf(), CLI]));`,
    ]);
    expect(JSON.parse(stdout)).toEqual([{ state: 'current' }, path.join(project, 'node_modules/site/lib/cli.mjs')]);

    const checked = await runNode(site, ['check', '--no-build'], { cwd: project });
    expect(checked.stdout).toContain('no broken links');
    expect(checked.code).toBe(0);
  }, 120_000);

  it('makes new projects with site new that name the tarball it was installed from, build, and type-check their theme', async () => {
    const created = await runNode(site, ['new', 'made'], { cwd: project });
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const manifest = JSON.parse(await readFile(path.join(project, 'made/package.json'), 'utf8')) as unknown;
    const engine = JSON.parse(await readFile(path.join(REPO, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest).toMatchObject({
      dependencies: { site: `file:${tarballPath}`, zod: engine.dependencies.zod },
      devDependencies: {
        typescript: engine.devDependencies.typescript,
        '@types/react': engine.devDependencies['@types/react'],
      },
      scripts: { typecheck: 'tsc' },
    });
    const made = path.join(project, 'made');
    const built = await runNode(site, ['build', '-q'], { cwd: made });
    expect(built).toMatchObject({ code: 0, stderr: '' });
    // npm run typecheck, with React's types beside the installed engine, as npm install puts them: the theme checks
    // clean, and a typo in a template is named.
    await mkdir(path.join(project, 'node_modules/@types'), { recursive: true });
    await symlink(path.join(REPO, 'node_modules/@types/react'), path.join(project, 'node_modules/@types/react'), 'dir');
    const typecheck = () =>
      exec(path.join(REPO, 'node_modules/.bin/tsc'), [], { cwd: made }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
    expect(await typecheck()).toBe('');
    const templates = path.join(made, 'templates/templates.tsx');
    await writeFile(templates, (await readFile(templates, 'utf8')).replace('{page.title}', '{page.titel}'));
    expect(await typecheck()).toContain("Property 'titel' does not exist");
  }, 120_000);

  it('gives a theme the theme API by the package name, typed, and no deep import', async () => {
    const code =
      "import { defineTemplate, type Theme } from 'site';\nexport const stylesheet: Theme['stylesheet'] = 'styles.css';\nexport const define = defineTemplate;\n";
    await writeFile(path.join(project, 'typed.ts'), code);
    await writeFile(
      path.join(project, 'wrong.ts'),
      "import type { Theme } from 'site';\nexport const stylesheet: Theme['stylesheet'] = 42;\n",
    );
    await writeFile(path.join(project, 'deep.ts'), "export { defineTemplate } from 'site/generator/theme';\n");
    const tsc = (file: string) =>
      exec(
        path.join(REPO, 'node_modules/.bin/tsc'),
        [
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--module',
          'esnext',
          '--moduleResolution',
          'bundler',
          '--target',
          'es2022',
          file,
        ],
        { cwd: project },
      ).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
    expect(await tsc('typed.ts')).toBe('');
    expect(await tsc('wrong.ts')).toContain("Type 'number' is not assignable to type 'string'");
    expect(await tsc('deep.ts')).toContain("Cannot find module 'site/generator/theme'");
  }, 120_000);
});
