/**
 * How `site` starts: the engine compiled into lib/ (`npm run compile`, or `npm run compile:watch`) while every file it
 * was compiled from is as it was; a missing or stale lib/ is a named error that says what to run, never silently
 * replaced by the sources. Neither needs a cache it can write to print its version or help.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../bin/format-error';
import { SiteError } from '../../generator/base/errors';
import { REPO } from '../support/fixture';
import { reportedError } from '../support/cli-project';
import { copyFromRepo, linkedNodeModules, runNode } from '../support/installs';

let temp: string;
/** A copy of the engine and theme, its own node_modules folder linking to the repository's packages. */
let engine: string;
let pagesDir: string;
const site = (args: string[], env?: NodeJS.ProcessEnv) =>
  runNode(path.join(engine, 'bin/site.js'), args, { cwd: engine, env: env && { ...process.env, ...env } });
const compile = () => runNode(path.join(engine, 'scripts/compile-engine.js'), [], { cwd: engine });
const DESCRIPTION = 'Static-site generator with a React templating core';
/** Marks the compiled CLI, to see that it is what runs (lib/ is not a source: the mark leaves it current). */
async function markCompiled(from: string, to: string) {
  const compiledCli = path.join(engine, 'lib/cli.mjs');
  const compiled = await readFile(compiledCli, 'utf8');
  expect(compiled).toContain(from);
  await writeFile(compiledCli, compiled.replace(from, to));
}
/** What the catalogue says for the launcher's error, exactly as the CLI prints a SiteError. */
const catalogued = (error: SiteError) => formatError(error, false);
const libOf = () => `${path.join(engine, 'lib')}/`;

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
  it('names a lib/ that was never compiled, in the words of the catalogue, and exits 1', async () => {
    const run = await site(['--help']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd()).toBe(
      catalogued(new SiteError('EngineNotCompiled', { missing: 'lib/cli.mjs' }, { file: libOf() })),
    );
    expect(reportedError(run.stderr)?.hint).toMatch(/npm run compile/);
  });

  it('runs the compiled engine while it matches its sources, and names the first edit of one', async () => {
    expect(await compile()).toMatchObject({ code: 0 });
    await markCompiled(DESCRIPTION, 'The compiled engine');
    expect((await site(['--help'])).stdout).toContain('The compiled engine');

    // The compiled engine builds the site, islands and all (its theme imports the compiled theme API).
    const fromCompiled = await site(['build', '-q', '--pages', pagesDir, '-o', path.join(temp, 'compiled')]);
    expect(fromCompiled).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(path.join(temp, 'compiled/index.html'), 'utf8')).toMatch(
      /<div class="island" data-island="navigation"/,
    );

    // One edit of any source, and lib/ is named stale: neither it nor the sources run.
    const cliSource = path.join(engine, 'bin/cli.ts');
    await writeFile(cliSource, (await readFile(cliSource, 'utf8')).replace(DESCRIPTION, 'The edited sources'));
    const stale = await site(['--help']);
    expect(stale).toMatchObject({ code: 1, stdout: '' });
    expect(stale.stderr.trimEnd()).toBe(
      catalogued(new SiteError('StaleEngine', { changed: 'bin/cli.ts' }, { file: libOf() })),
    );
    const build = await site(['build', '-q', '--pages', pagesDir, '-o', path.join(temp, 'stale')]);
    expect(reportedError(build.stderr)?.kind).toBe('StaleEngine');
    expect(build.code).toBe(1);

    // Compiled again, it runs compiled again, with the edit; the theme API's types (npm run compile's tsc step) stay.
    const types = path.join(engine, 'lib/types/generator/theme.d.ts');
    await mkdir(path.dirname(types), { recursive: true });
    await writeFile(types, 'export {};\n');
    expect(await compile()).toMatchObject({ code: 0 });
    expect((await site(['--help'])).stdout).toContain('The edited sources');
    expect(await readFile(types, 'utf8')).toBe('export {};\n');
  }, 180_000);

  it('names lib/ stale once a package compiled into it changes (the markdown pipeline is bundled into lib/)', async () => {
    // A real copy of one bundled package, not the link to the repository's, so it can be changed.
    const pkg = path.join(engine, 'node_modules/remark-html');
    await rm(pkg);
    await cp(path.join(REPO, 'node_modules/remark-html'), pkg, { recursive: true });
    expect(await compile()).toMatchObject({ code: 0 });
    expect((await site(['--version'])).code).toBe(0);
    // An upgrade of the package (here: its manifest edited) makes the compiled copy of it stale.
    const manifest = path.join(pkg, 'package.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"version": "[^"]+"/, '"version": "99.0.0"'));
    const stale = await site(['--version']);
    expect(stale.code).toBe(1);
    expect(reportedError(stale.stderr)?.message).toBe(
      'node_modules/remark-html/package.json changed after lib/ was compiled: lib/ would run the engine as it was before',
    );
  }, 180_000);

  it('stays current under npm run compile:watch, which compiles again at every save', async () => {
    expect(await compile()).toMatchObject({ code: 0 });
    const watcher = spawn(process.execPath, [path.join(engine, 'scripts/compile-engine.js'), '--watch'], {
      cwd: engine,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const compiles = () => output.match(/compiled \d+ source files/g)?.length ?? 0;
    const compiled = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (compiles() >= count) resolve();
        };
        watcher.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          check();
        });
        watcher.once('exit', (code) => reject(new Error(`the watch ended (${code}): ${output}`)));
        check();
      });
    try {
      await compiled(1);
      const cliSource = path.join(engine, 'bin/cli.ts');
      const source = await readFile(cliSource, 'utf8');
      await writeFile(cliSource, source.replace(/\.description\('[^']*'\)/, ".description('Saved while watching')"));
      await compiled(2);
      const help = await site(['--help']);
      expect(help).toMatchObject({ code: 0, stderr: '' });
      expect(help.stdout).toContain('Saved while watching');
    } finally {
      watcher.kill();
    }
  }, 180_000);

  it('prints its version and help with no cache it can write', async () => {
    // Files where the caches' folders would be: no folder can be made there, whoever runs this.
    const blocked = path.join(temp, 'blocked');
    await writeFile(blocked, '');
    await rm(path.join(engine, 'node_modules/.cache'), { recursive: true, force: true });
    await writeFile(path.join(engine, 'node_modules/.cache'), '');
    const env = { TMPDIR: path.join(blocked, 'tmp'), TEMP: path.join(blocked, 'tmp'), TMP: path.join(blocked, 'tmp') };
    const version = (await readFile(path.join(engine, 'package.json'), 'utf8')).match(/"version": "([^"]+)"/)![1];

    expect(await compile()).toMatchObject({ code: 0 });
    expect(await site(['--version'], env)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    const help = await site(['--help'], env);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/Usage: site \[options\] \[command\]/);
    expect(await site(['build', '--help'], env)).toMatchObject({ code: 0, stderr: '' });
  }, 180_000);
});
