/**
 * How `site` starts: the engine compiled into lib/ (`npm run compile`, or `npm run compile:watch`) while every file it
 * was compiled from holds the bytes it held; in a checkout, a lib/ that is missing or stale is compiled again before
 * the command runs, saying so, and one whose sources do not compile is a named error that says what failed, never
 * silently replaced by the sources. A changed time with the same bytes (a checkout, `touch`, a copy) is current.
 * `--version` answers without an engine; neither it nor the help needs a cache it can write.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
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
    'themes',
  ]);
  await rm(path.join(engine, 'lib'), { recursive: true, force: true });
  await linkedNodeModules(engine);
  pagesDir = path.join(temp, 'pages');
  await cp(path.join(REPO, 'tests/fixtures/basic'), pagesDir, { recursive: true });
}, 120_000);
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('site', () => {
  it('compiles a lib/ that was never compiled before it runs, and says so', async () => {
    const run = await site(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Usage: site \[options\] \[command\]/);
    expect(run.stderr).toMatch(/^site: compiled the engine into lib\/ \(lib\/cli\.mjs missing\) in \d+\.\d s\n$/);
  });

  it('runs the compiled engine while its sources hold the same bytes, whatever their times, and compiles an edit', async () => {
    expect(await compile()).toMatchObject({ code: 0 });
    await markCompiled(DESCRIPTION, 'The compiled engine');
    expect((await site(['--help'])).stdout).toContain('The compiled engine');

    // The compiled engine builds the site, islands and all (its theme imports the compiled theme API).
    const fromCompiled = await site(['build', '-q', '--pages', pagesDir, '-o', path.join(temp, 'compiled')]);
    expect(fromCompiled).toMatchObject({ code: 0, stderr: '' });
    expect(await readFile(path.join(temp, 'compiled/index.html'), 'utf8')).toMatch(
      /<div class="island" data-island="navigation"/,
    );

    // Every source given another time, bytes kept (a checkout, a touch, a copy): lib/ is current, not compiled again.
    const cliSource = path.join(engine, 'bin/cli.ts');
    const later = new Date(Date.now() + 60_000);
    for (const file of ['bin/cli.ts', 'generator/core/site.ts', 'tsconfig.json'])
      await utimes(path.join(engine, file), later, later);
    expect(await site(['--help'])).toMatchObject({ code: 0, stderr: '' });
    expect((await site(['--help'])).stdout).toContain('The compiled engine');

    // One edit of any source, even one that keeps its size, and lib/ is compiled again before the command runs.
    const source = await readFile(cliSource, 'utf8');
    const sameSize = source.replace(DESCRIPTION, DESCRIPTION.toUpperCase());
    expect(sameSize.length).toBe(source.length);
    await writeFile(cliSource, sameSize);
    const edited = await site(['--help']);
    expect(edited).toMatchObject({ code: 0 });
    expect(edited.stderr).toMatch(/^site: compiled the engine into lib\/ \(bin\/cli\.ts changed\) in \d+\.\d s\n$/);
    expect(edited.stdout).toContain(DESCRIPTION.toUpperCase());

    // A source that does not compile: the compile's error and StaleEngine in the words of the catalogue, exit 1;
    // --version still answers.
    await writeFile(cliSource, `${sameSize}\nexport const = ;\n`);
    const broken = await site(['build', '-q', '--pages', pagesDir, '-o', path.join(temp, 'stale')]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toContain('bin/cli.ts');
    expect(
      broken.stderr
        .trimEnd()
        .endsWith(catalogued(new SiteError('StaleEngine', { changed: 'bin/cli.ts' }, { file: libOf() }))),
    ).toBe(true);
    expect(reportedError(broken.stderr)?.kind).toBe('StaleEngine');
    const version = (await readFile(path.join(engine, 'package.json'), 'utf8')).match(/"version": "([^"]+)"/)![1];
    expect(await site(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });

    // Mended and compiled with the types kept (npm run compile's tsc step writes them; a compile keeps them).
    await writeFile(cliSource, source.replace(DESCRIPTION, 'The edited sources'));
    const types = path.join(engine, 'lib/types/generator/theme.d.ts');
    await mkdir(path.dirname(types), { recursive: true });
    await writeFile(types, 'export {};\n');
    expect(await compile()).toMatchObject({ code: 0 });
    expect(await site(['--help'])).toMatchObject({ code: 0, stderr: '' });
    expect((await site(['--help'])).stdout).toContain('The edited sources');
    expect(await readFile(types, 'utf8')).toBe('export {};\n');
  }, 180_000);

  it('compiles lib/ again once a package compiled into it changes (the markdown pipeline is bundled into lib/)', async () => {
    // A real copy of one bundled package, not the link to the repository's, so it can be changed.
    const pkg = path.join(engine, 'node_modules/remark-html');
    await rm(pkg);
    await cp(path.join(REPO, 'node_modules/remark-html'), pkg, { recursive: true });
    expect(await compile()).toMatchObject({ code: 0 });
    expect(await site(['--help'])).toMatchObject({ code: 0, stderr: '' });
    // An upgrade of the package (here: its manifest edited) makes the compiled copy of it stale.
    const manifest = path.join(pkg, 'package.json');
    await writeFile(manifest, (await readFile(manifest, 'utf8')).replace(/"version": "[^"]+"/, '"version": "99.0.0"'));
    const again = await site(['--help']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/\(node_modules\/remark-html\/package\.json changed\)/);
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
