/**
 * How `site` starts: the engine compiled by `npm run compile` while it matches
 * its sources, the sources themselves (with tsx) from the first edit on, and
 * neither needs a cache it can write to print its version or help.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../support/fixture';
import { copyFromRepo, filesOf, linkedNodeModules, runNode } from '../support/installs';

let temp: string;
/** A copy of the engine and theme, its own node_modules folder linking to the repository's packages. */
let engine: string;
let pagesDir: string;
const site = (args: string[], env?: NodeJS.ProcessEnv) =>
  runNode(path.join(engine, 'bin/site.js'), args, { cwd: engine, env: env && { ...process.env, ...env } });
const compile = () => runNode(path.join(engine, 'scripts/compile-engine.js'), [], { cwd: engine });
const DESCRIPTION = 'Static-site generator with a React templating core';

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-launcher-'));
  engine = path.join(temp, 'engine');
  await copyFromRepo(engine, [
    'bin',
    'generator',
    'scripts/compile-engine.js',
    'package.json',
    'tsconfig.json',
    'templates',
    'islands',
  ]);
  await rm(path.join(engine, 'lib'), { recursive: true, force: true });
  await linkedNodeModules(engine);
  pagesDir = path.join(temp, 'pages');
  await cp(path.join(REPO, 'tests/fixtures/basic'), pagesDir, { recursive: true });
}, 120_000);
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('site', () => {
  it('runs the compiled engine while it matches its sources, and the sources from the first edit on', async () => {
    expect(await compile()).toMatchObject({ code: 0 });
    // Mark the compiled CLI, to see which one runs (the mark is not a source: the compiled engine stays current).
    const compiledCli = path.join(engine, 'lib/cli.mjs');
    const compiled = await readFile(compiledCli, 'utf8');
    expect(compiled).toContain(DESCRIPTION);
    await writeFile(compiledCli, compiled.replace(DESCRIPTION, 'The compiled engine'));
    expect((await site(['--help'])).stdout).toContain('The compiled engine');

    // The compiled engine builds the site, islands and all (its theme imports the compiled theme API).
    const fromCompiled = await site(['build', '-q', '--pages', pagesDir, '-o', path.join(temp, 'compiled')]);
    expect(fromCompiled).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(path.join(temp, 'compiled/index.html'), 'utf8')).toMatch(
      /<div class="island" data-island="navigation"/,
    );

    // One edit of any source, and the sources run.
    const cliSource = path.join(engine, 'bin/cli.ts');
    await writeFile(cliSource, (await readFile(cliSource, 'utf8')).replace(DESCRIPTION, 'The edited sources'));
    const help = await site(['--help']);
    expect(help.stdout).toContain('The edited sources');
    expect(help.stdout).not.toContain('The compiled engine');
    const fromSources = await site(['build', '-q', '--pages', pagesDir, '-o', path.join(temp, 'sources')]);
    expect(fromSources).toMatchObject({ code: 0, stderr: '' });
    expect(await filesOf(path.join(temp, 'sources'))).toEqual(await filesOf(path.join(temp, 'compiled')));

    // Compiled again, it runs compiled again.
    expect(await compile()).toMatchObject({ code: 0 });
    await writeFile(
      compiledCli,
      (await readFile(compiledCli, 'utf8')).replace('The edited sources', 'Compiled after the edit'),
    );
    expect((await site(['--help'])).stdout).toContain('Compiled after the edit');
  }, 180_000);

  it('runs the sources once a package compiled into it changes (the markdown pipeline is bundled into lib/)', async () => {
    // A real copy of one bundled package, not the link to the repository's, so it can be changed.
    const pkg = path.join(engine, 'node_modules/remark-html');
    await rm(pkg);
    await cp(path.join(REPO, 'node_modules/remark-html'), pkg, { recursive: true });
    expect(await compile()).toMatchObject({ code: 0 });
    const { files } = JSON.parse(await readFile(path.join(engine, 'lib/inputs.json'), 'utf8')) as { files: string[] };
    expect(files).toContain('node_modules/remark-html/package.json');
    const compiledCli = path.join(engine, 'lib/cli.mjs');
    await writeFile(
      compiledCli,
      (await readFile(compiledCli, 'utf8')).replace('markdown + frontmatter in', 'The compiled engine'),
    );
    expect((await site(['--help'])).stdout).toContain('The compiled engine');
    // An upgrade of the package (here: its manifest edited) makes the compiled copy of it stale.
    const manifest = path.join(pkg, 'package.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"version": "[^"]+"/, '"version": "99.0.0"'));
    expect((await site(['--help'])).stdout).not.toContain('The compiled engine');
  }, 180_000);

  it('prints its version and help with no cache it can write, compiled or from its sources', async () => {
    // Files where the caches' folders would be: no folder can be made there, whoever runs this.
    const blocked = path.join(temp, 'blocked');
    await writeFile(blocked, '');
    await rm(path.join(engine, 'node_modules/.cache'), { recursive: true, force: true });
    await writeFile(path.join(engine, 'node_modules/.cache'), '');
    const env = { TMPDIR: path.join(blocked, 'tmp'), TEMP: path.join(blocked, 'tmp'), TMP: path.join(blocked, 'tmp') };
    const version = (await readFile(path.join(engine, 'package.json'), 'utf8')).match(/"version": "([^"]+)"/)![1];

    for (const mode of ['compiled', 'sources']) {
      if (mode === 'compiled') expect(await compile()).toMatchObject({ code: 0 });
      else await rm(path.join(engine, 'lib'), { recursive: true, force: true });
      expect(await site(['--version'], env), mode).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
      const help = await site(['--help'], env);
      expect(help, mode).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toMatch(/Usage: site \[options\] \[command\]/);
      expect(await site(['build', '--help'], env), mode).toMatchObject({ code: 0, stderr: '' });
    }
  }, 180_000);
});
