/** The red team's cases about what runs: watch, the preview server and the output swap. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

import {
  workspace,
  project,
  site,
  server,
  until,
  errorKind,
  ended,
  build,
  editFile,
  deadPid,
  status,
  raw,
  type Case,
  type Engine,
} from './harness';

/** What `site serve` answers for each spelling of a path, on a built scratch project. */
async function servedAs(engine: Engine, name: string, spellings: string[]): Promise<string> {
  const root = await project(engine, name);
  await build(engine, root);
  const serve = await server(engine, root, ['serve', '--port', '0']);
  if (!serve.url) return 'did not start';
  const answers: string[] = [];
  for (const spelling of spellings)
    answers.push(await raw(serve.url, `GET ${spelling} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
  await serve.stop();
  return answers.join(', ');
}

export const runtimeCases: Case[] = [
  // Watch.
  {
    name: 'watch: a folder of pages added then deleted, then site build',
    async run(engine) {
      const root = await project(engine, 'watch-folder');
      const watch = await server(engine, root, ['watch', '--port', '0']);
      if (!watch.url) return `watch did not start: ${errorKind(watch.output()) ?? 'no message'}`;
      await mkdir(path.join(root, 'pages/guides/deep'), { recursive: true });
      await writeFile(
        path.join(root, 'pages/guides/deep/one.md'),
        '---\ntitle: One guide\ndescription: A guide added while the watcher runs, for the red team.\n---\n\nText.\n',
      );
      await until(async () => ((await fetch(`${watch.url}/guides/deep/one`)).status === 200 ? true : undefined), 30);
      await rm(path.join(root, 'pages/guides'), { recursive: true });
      await until(async () => ((await fetch(`${watch.url}/guides/deep/one`)).status === 404 ? true : undefined), 30);
      await watch.stop();
      return `then site build: ${ended(await build(engine, root))}`;
    },
  },
  {
    name: 'watch: site.yml broken, then fixed',
    async run(engine) {
      const root = await project(engine, 'watch-config');
      const watch = await server(engine, root, ['watch', '--port', '0']);
      if (!watch.url) return `watch did not start: ${errorKind(watch.output()) ?? 'no message'}`;
      const config = path.join(root, 'pages/site.yml');
      const good = await readFile(config, 'utf8');
      const results: string[] = [];
      for (let round = 1; round <= 2; round++) {
        await writeFile(config, `${good}\nthis is: [not yaml\n`);
        await until(async () => ((await fetch(`${watch.url}/about`)).status === 500 ? true : undefined), 20);
        await writeFile(config, good.replace(/^name: .*$/m, `name: Fixed ${round}`));
        const fixed = await until(
          async () =>
            (await (await fetch(`${watch.url}/about`)).text()).includes(`Fixed ${round}`) ? true : undefined,
          20,
        );
        results.push(fixed ? 'served' : 'not served in 20 s');
      }
      await watch.stop();
      return `fixed site: ${results.join(', ')}`;
    },
  },
  {
    name: 'watch: pages/ deleted and restored, then an edit',
    async run(engine) {
      const root = await project(engine, 'watch-restore');
      const watch = await server(engine, root, ['watch', '--port', '0']);
      if (!watch.url) return `watch did not start: ${errorKind(watch.output()) ?? 'no message'}`;
      await rename(path.join(root, 'pages'), path.join(root, 'pages-away'));
      await until(async () => ((await fetch(`${watch.url}/about`)).status !== 200 ? true : undefined), 20);
      await rename(path.join(root, 'pages-away'), path.join(root, 'pages'));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await editFile(path.join(root, 'pages/about.md'), (t) =>
        t.replace(/\n\n[^\n]+\n?$/, '\n\nEdited after the folder came back.\n'),
      );
      const seen = await until(
        async () =>
          (await (await fetch(`${watch.url}/about`)).text()).includes('Edited after the folder came back.')
            ? true
            : undefined,
        20,
      );
      await watch.stop();
      return seen ? 'the edit is served' : 'the edit is not served in 20 s';
    },
  },
  {
    name: 'watch: a folder it cannot read appears under pages/ (as nobody)',
    async run(engine) {
      const root = await project(engine, 'watch-unreadable');
      execFileSync('chown', ['-R', 'nobody', path.dirname(root)]);
      for (let dir = path.dirname(root); dir !== workspace.scratch && dir !== '/'; dir = path.dirname(dir))
        await chmod(dir, 0o755);
      await chmod(workspace.scratch, 0o755);
      const watch = await server(engine, root, ['watch', '--port', '0'], { as: 'nobody' });
      if (!watch.url) return `watch did not start: ${errorKind(watch.output()) ?? 'no message'}`;
      await mkdir(path.join(root, 'pages/locked'), { mode: 0o700 });
      await until(() => (watch.alive() && !/EACCES/.test(watch.output()) ? undefined : true), 20);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const alive = watch.alive();
      const run = await watch.stop();
      const text = run.stdout + run.stderr;
      return alive
        ? `goes on; ${/^(\w+)/.exec(text.split('✖ ').find((block) => block.includes('EACCES')) ?? '')?.[1] ?? 'unnamed error'} reported`
        : `exits (${ended(run)}), ${/\n\s+at .*:\d+:\d+/.test(text) ? 'a raw stack' : 'no stack'}`;
    },
  },
  // The preview server.
  {
    name: 'serve --dir / (GET /etc/passwd)',
    async run(engine) {
      const root = await project(engine, 'serve-root');
      const serve = await server(engine, root, ['serve', '--dir', '/', '--port', '0']);
      if (!serve.url) return `refused: ${errorKind(serve.output()) ?? ended(await serve.stop())}`;
      const answer = await status(`${serve.url}/etc/passwd`);
      await serve.stop();
      return `serves; /etc/passwd ${answer}`;
    },
  },
  {
    name: 'serve --host 0.0.0.0',
    async run(engine) {
      const root = await project(engine, 'serve-host');
      await build(engine, root);
      const serve = await server(engine, root, ['serve', '--host', '0.0.0.0', '--port', '0']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const warned = /network|ServingBeyondLoopback/i.test(serve.output());
      await serve.stop();
      return serve.url ? (warned ? 'serves, with a warning' : 'serves, no warning') : 'did not start';
    },
  },
  {
    name: 'serve on a port in use',
    async run(engine) {
      const root = await project(engine, 'serve-port');
      await build(engine, root);
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = String((blocker.address() as net.AddressInfo).port);
      const run = await site(engine, root, ['serve', '--port', port], { timeout: 20 });
      blocker.close();
      return ended(run);
    },
  },
  {
    name: 'serve --host no-such-host.invalid',
    async run(engine) {
      const root = await project(engine, 'serve-unknown-host');
      await build(engine, root);
      const run = await site(engine, root, ['serve', '--host', 'no-such-host.invalid', '--port', '0'], { timeout: 20 });
      return `${ended(run)}${/getaddrinfo/.test(run.stderr) ? ' (raw getaddrinfo)' : ''}`;
    },
  },
  {
    name: 'serve --port ""',
    async run(engine) {
      const root = await project(engine, 'serve-empty-port');
      await build(engine, root);
      const serve = await server(engine, root, ['serve', '--port', '']);
      const run = await serve.stop();
      return serve.url ? `serves at a random port (${new URL(serve.url).port})` : ended(run);
    },
  },
  {
    name: 'serve: /_headers/, //_headers, /_headers%2f',
    run: (engine) => servedAs(engine, 'serve-headers', ['/_headers/', '//_headers', '/_headers%2f']),
  },
  {
    name: 'serve: /about/, //about, /about.html/, /index/',
    run: (engine) => servedAs(engine, 'serve-canonical', ['/about/', '//about', '/about.html/', '/index/']),
  },
  {
    name: 'serve: a 400 and a 405 answer',
    async run(engine) {
      const root = await project(engine, 'serve-nosniff');
      await build(engine, root);
      const serve = await server(engine, root, ['serve', '--port', '0']);
      if (!serve.url) return 'did not start';
      const bad = await raw(serve.url, `GET /%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const method = await raw(serve.url, `DELETE /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      await serve.stop();
      return `${bad}, ${method}`;
    },
  },
  // The output swap.
  {
    name: 'build killed as it swaps its new output in, then site serve',
    async run(engine) {
      const root = await project(engine, 'swap-kill');
      await build(engine, root);
      const out = path.join(root, 'dist');
      if (engine.label === 'after') {
        // This engine's own swap, killed (SIGKILL) just before the new site takes the output folder's place: where
        // the system exchanges two folders in one step (here), before the exchange.
        try {
          execFileSync(
            process.execPath,
            [
              '--import',
              'tsx',
              path.join(workspace.after, 'tests/support/swap-child.ts'),
              out,
              'exchange',
              '{"index.html":"new"}',
              'exchange',
            ],
            { cwd: workspace.after, stdio: 'ignore' },
          );
        } catch {
          // killed, as meant
        }
      } else {
        // What the engine before leaves when killed there (its write-site.ts: the output renamed to the spare, the
        // staging folder marked as a finished output): reproduced by hand, as it has no step to kill at.
        const staging = path.join(root, `.dist.tmp-${await deadPid()}-1`);
        await cp(out, staging, { recursive: true });
        await rename(out, path.join(root, '.dist.spare'));
      }
      const left = existsSync(out) ? 'dist/ present' : 'no dist/';
      const serve = await server(engine, root, ['serve', '--port', '0']);
      const run = await serve.stop();
      const text = run.stdout + run.stderr;
      return `${left}; serve: ${serve.url ? `serves${/OutputRestored/.test(text) ? ', after restoring dist/ (says so)' : ''}` : `${ended(run)}`}`;
    },
  },
  {
    name: "a marked folder named like a dead build's staging folder, with a user's file",
    async run(engine) {
      const root = await project(engine, 'staging-lookalike');
      await build(engine, root);
      const lookalike = path.join(root, `.dist.tmp-${await deadPid()}-1`);
      await cp(path.join(root, 'dist'), lookalike, { recursive: true });
      await writeFile(path.join(lookalike, 'mine.txt'), 'a file of the user');
      const run = await build(engine, root);
      return `${ended(run)}; ${existsSync(path.join(lookalike, 'mine.txt')) ? "the user's file is kept" : "the user's file is deleted"}`;
    },
  },
];
