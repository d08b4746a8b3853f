/**
 * The red team's cases of issue 26, run against two engines: the engine before them (a checkout of b30022f, built,
 * given with --before, default /tmp/basesite) and this one. Each case sets up a scratch project per engine (its own
 * theme, islands and fixture pages, a node_modules of links to its packages, so its build cache is its own), runs
 * the engine's `node bin/site.js` as a user would, and prints one line: the case, what the engine before did, what
 * this one does. Runs that hang are killed after a timeout, and runs whose memory grows past a cap are killed there:
 * both are results, never a wait for ever or a machine out of memory.
 *
 *   node --import tsx scripts/red-team.ts [--before /tmp/basesite] [--after <engine>] [--only <regexp>] [--markdown]
 *
 * The cases that watch as another user (a folder it cannot read) need root and setpriv.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  appendFile,
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
// This engine as committed and compiled (a snapshot such as \`git archive HEAD\` with lib/ compiled): the work tree's
// own lib/ goes stale as soon as a source is edited, and the CLI then refuses to run.
const AFTER = path.resolve(option('--after') ?? path.resolve(import.meta.dirname, '..'));
const BEFORE = path.resolve(option('--before') ?? '/tmp/basesite');
const ONLY = option('--only');
const MARKDOWN = args.includes('--markdown');
const MEMORY_CAP_MB = 700;

interface Engine {
  label: 'before' | 'after';
  dir: string;
}

interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Why the script stopped it: it did not end in time, or its memory passed the cap. */
  stopped?: 'timeout' | 'memory';
  seconds: number;
}

let scratch = '';

/** A project for `engine`: its theme, islands and fixture pages (or the website's pages), packages linked. */
async function project(engine: Engine, name: string, pages: 'fixture' | 'website' = 'fixture'): Promise<string> {
  const root = path.join(scratch, engine.label, name, 'project');
  await mkdir(path.join(root, 'node_modules'), { recursive: true });
  await cp(path.join(engine.dir, 'templates'), path.join(root, 'templates'), { recursive: true });
  await cp(path.join(engine.dir, 'islands'), path.join(root, 'islands'), { recursive: true });
  const source = pages === 'website' ? path.join(engine.dir, 'pages') : path.join(engine.dir, 'tests/fixtures/basic');
  await cp(source, path.join(root, 'pages'), { recursive: true });
  await symlink(path.join(engine.dir, 'generator'), path.join(root, 'generator'));
  for (const pkg of await readdir(path.join(engine.dir, 'node_modules')))
    if (pkg !== '.cache')
      await symlink(path.join(engine.dir, 'node_modules', pkg), path.join(root, 'node_modules', pkg));
  return root;
}

/** Resident memory of a process and its children, in MB (Linux). */
function memoryMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').split(/\s+/).filter(Boolean))
        visit(Number(child));
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return kb / 1024;
}

/** Starts `site <argv>` of `engine` in `cwd`, stopped after `timeout` seconds or past the memory cap. */
function start(
  engine: Engine,
  cwd: string,
  argv: string[],
  options: { timeout?: number; env?: NodeJS.ProcessEnv; as?: string } = {},
): { output: () => string; interrupt: () => void; kill: () => void; done: Promise<Run> } {
  const started = performance.now();
  const command = [process.execPath, path.join(engine.dir, 'bin/site.js'), ...argv];
  const [file, ...rest] = options.as
    ? ['setpriv', `--reuid=${options.as}`, '--regid=nogroup', '--clear-groups', ...command]
    : command;
  const child = spawn(file!, rest, { cwd, env: { ...process.env, ...options.env }, detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let stopped: Run['stopped'];
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
  };
  const stop = (why: Run['stopped']) => {
    stopped ??= why;
    signal('SIGKILL');
  };
  const timer = setTimeout(() => stop('timeout'), (options.timeout ?? 60) * 1000);
  const watchdog = setInterval(() => {
    if (memoryMb(child.pid!) > MEMORY_CAP_MB) stop('memory');
  }, 50);
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code, exitSignal) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      resolve({ code, signal: exitSignal, stdout, stderr, stopped, seconds: (performance.now() - started) / 1000 });
    }),
  );
  return { output: () => stdout + stderr, interrupt: () => signal('SIGINT'), kill: () => signal('SIGKILL'), done };
}

const site = (...params: Parameters<typeof start>) => start(...params).done;

/** A long-running `site watch` or `site serve`: its URL once it serves, and a way to stop it. */
async function server(
  engine: Engine,
  cwd: string,
  argv: string[],
  options: { as?: string } = {},
): Promise<{ url?: string; output: () => string; alive: () => boolean; stop: () => Promise<Run> }> {
  const running = start(engine, cwd, argv, { timeout: 300, as: options.as });
  let done = false;
  void running.done.then(() => (done = true));
  const url = await until(
    () =>
      /Serving (?:\S+ )?at (http:\/\/[^\s/]+(?:\/[^\s]*?)?)\/?(?:\s|$)/.exec(running.output())?.[1] ??
      (done ? '' : undefined),
    60,
  );
  return {
    url: url || undefined,
    output: running.output,
    alive: () => !done,
    stop: async () => {
      running.interrupt();
      const ended = await Promise.race([running.done, new Promise<undefined>((r) => setTimeout(r, 5000))]);
      if (ended) return ended;
      running.kill();
      return running.done;
    },
  };
}

/** Waits (polling every 100 ms) until `probe` gives a value, or `seconds` pass (undefined). */
async function until<T>(probe: () => T | undefined | Promise<T | undefined>, seconds: number): Promise<T | undefined> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

const errorKind = (text: string) =>
  /✖ (\w+)/.exec(text)?.[1] ?? /^(\w*Error)\b/m.exec(text)?.[1] ?? /(FATAL ERROR|out of memory)/i.exec(text)?.[1];

/** A run in a few words: how it ended, with the first named error. */
function ended(run: Run): string {
  if (run.stopped === 'timeout') return `hangs (stopped after ${Math.round(run.seconds)} s)`;
  if (run.stopped === 'memory') return `memory past ${MEMORY_CAP_MB} MB after ${run.seconds.toFixed(1)} s (stopped)`;
  if (run.signal) return `killed by ${run.signal}`;
  const kind = errorKind(run.stderr);
  // A usage error (exit 2) is told by its first line.
  const usage =
    run.code === 2
      ? ` (${run.stderr
          .trim()
          .split('\n')[0]
          ?.replace(/^error: /, '')})`
      : '';
  const time = run.seconds >= 5 ? ` after ${Math.round(run.seconds)} s` : '';
  return run.code === 0 ? `exit 0${time}` : `exit ${run.code}${kind ? ` ${kind}` : ''}${usage}${time}`;
}

const build = (engine: Engine, root: string, extra: string[] = [], timeout = 120) =>
  site(engine, root, ['build', '--quiet', ...extra], { timeout });

const cacheDir = (root: string) => path.join(root, 'node_modules/.cache/site');

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const contains = async (dir: string, text: string) => {
  for (const file of await filesUnder(dir)) if ((await readFile(file, 'latin1')).includes(text)) return true;
  return false;
};

/** Applies `edit` to a manifest's data, whether it is plain JSON or a sealed envelope holding it as a string. */
async function editManifest(file: string, edit: (data: Record<string, unknown>) => void): Promise<void> {
  const outer = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  if (typeof outer.manifest === 'string') {
    const inner = JSON.parse(outer.manifest) as Record<string, unknown>;
    edit(inner);
    outer.manifest = JSON.stringify(inner);
  } else edit(outer);
  await writeFile(file, JSON.stringify(outer));
}

async function editFile(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

const deadPid = () => {
  const child = spawn(process.execPath, ['-e', '']);
  return new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid!)));
};

const status = async (url: string, init?: RequestInit) => {
  try {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    return `${res.status}${res.headers.get('x-content-type-options') === 'nosniff' ? '' : ' (no nosniff)'}`;
  } catch (error) {
    return `fetch failed (${(error as Error).message})`;
  }
};

/** A raw HTTP request (paths fetch() would normalise), answered status and nosniff. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    // Written, not ended: a server drops a half-closed connection before an answer it has to read from disk.
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => {
      const code = /^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 'no answer';
      resolve(`${code}${/x-content-type-options: nosniff/i.test(data) ? '' : ' (no nosniff)'}`);
    });
    socket.on('error', () => resolve('error'));
  });
}

type Case = { name: string; run: (engine: Engine) => Promise<string> };

const cases: Case[] = [
  // Caches.
  {
    name: 'cached island script with code appended',
    async run(engine) {
      const root = await project(engine, 'island-tamper');
      await build(engine, root);
      for (const file of await filesUnder(cacheDir(root)))
        if (/scripts-[0-9a-f]+\/.*\.js$/.test(file)) await appendFile(file, ';globalThis.__redTeam=1;');
      const run = await build(engine, root);
      return `${ended(run)}; ${(await contains(path.join(root, 'dist/assets'), '__redTeam')) ? 'tampered script published' : 'clean scripts published'}`;
    },
  },
  {
    name: 'content-store HTML with a <script> added',
    async run(engine) {
      const root = await project(engine, 'store-tamper');
      await build(engine, root);
      for (const file of await filesUnder(cacheDir(root)))
        if (/content-[0-9a-f]+\.json$/.test(file))
          await editFile(file, (t) => t.replace(/<p>/g, '<p><script>__redTeam()</script>'));
      const run = await build(engine, root);
      return `${ended(run)}; ${(await contains(path.join(root, 'dist'), '__redTeam()')) ? '<script> published' : 'no <script> published'}`;
    },
  },
  {
    name: 'asset manifest naming ../../../escaped/file.txt',
    async run(engine) {
      const root = await project(engine, 'manifest-escape');
      await build(engine, root);
      const manifest = path.join(cacheDir(root), 'scripts-manifest.json');
      let folder = '';
      await editManifest(manifest, (data) => {
        folder = data.folder as string;
        (data.assets as { files: string[] }).files.push('../../../escaped/file.txt');
      });
      const source = path.join(cacheDir(root), folder, '../../../escaped/file.txt');
      await mkdir(path.dirname(source), { recursive: true });
      await writeFile(source, 'escaped');
      const run = await build(engine, root);
      const escaped = path.resolve(root, 'dist', '../../../escaped/file.txt');
      return `${ended(run)}; ${existsSync(escaped) ? 'wrote outside the output folder' : 'nothing written outside'}`;
    },
  },
  {
    name: 'asset manifest cut short (torn write)',
    async run(engine) {
      const root = await project(engine, 'manifest-torn');
      await build(engine, root);
      const manifest = path.join(cacheDir(root), 'scripts-manifest.json');
      await truncate(manifest, Math.floor((await readFile(manifest)).length / 2));
      const first = await build(engine, root);
      const second = await build(engine, root);
      return `${ended(first)}, then ${ended(second)}`;
    },
  },
  {
    name: 'theme bundle with code added, named by its digest',
    async run(engine) {
      const root = await project(engine, 'theme-tamper');
      await build(engine, root);
      // A new bundle: the built one with code added, named by its own digest, and the manifest pointed at it.
      const manifest = path.join(cacheDir(root), 'theme-manifest.json');
      await editManifest(manifest, (data) => {
        const code = `${readFileSync(path.join(cacheDir(root), data.module as string), 'utf8')}\nprocess.stderr.write("RED-TEAM THEME CODE RAN\\n");\n`;
        const name = `theme-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
        writeFileSync(path.join(cacheDir(root), name), code);
        data.module = name;
      });
      const run = await build(engine, root);
      return `${ended(run)}; ${run.stderr.includes('RED-TEAM THEME CODE RAN') ? 'added code ran' : 'added code not run'}`;
    },
  },
  // Config fields.
  ...(['//../../../../outside/red.svg', '/../../outside/red.svg'] as const).map((logo): Case => ({
    name: `logo: "${logo}"`,
    async run(engine) {
      const root = await project(engine, `logo-${logo.startsWith('//') ? 'protocol' : 'dots'}`);
      const red = path.resolve(root, 'pages/public', `.${logo}`.replace(/^\.\/+/, ''));
      for (const file of new Set([red, path.resolve(root, 'pages/public', logo.replace(/^\/+/, ''))])) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(
          file,
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><!-- RED-TEAM --><rect width="10" height="10" fill="red"/></svg>',
        );
      }
      await editFile(path.join(root, 'pages/site.yml'), (t) => t.replace(/^logo: .*$/m, `logo: "${logo}"`));
      const run = await build(engine, root);
      // No file of that name is inside the pages folder: a build that succeeds drew its logo images from outside.
      return `${ended(run)}${run.code === 0 ? '; logo images drawn from the file outside the pages folder' : ''}`;
    },
  })),
  {
    name: 'securityTxt.languages with a line break and a Contact line',
    async run(engine) {
      const root = await project(engine, 'security-txt');
      await editFile(path.join(root, 'pages/site.yml'), (t) =>
        t.replace(/^securityTxt:\n/m, 'securityTxt:\n  languages: ["en\\nContact: mailto:x@evil.io"]\n'),
      );
      const run = await build(engine, root);
      const txt = path.join(root, 'dist/.well-known/security.txt');
      const evil = existsSync(txt) && (await readFile(txt, 'utf8')).includes('Contact: mailto:x@evil.io');
      return `${ended(run)}${evil ? '; security.txt names the attacker as a contact' : ''}`;
    },
  },
  {
    name: 'hero image //evil.example/track.svg (website)',
    async run(engine) {
      const root = await project(engine, 'hero-image', 'website');
      await editFile(path.join(root, 'pages/index.md'), (t) =>
        t.replace('image: /images/hero/network.svg', 'image: //evil.example/track.svg'),
      );
      const run = await build(engine, root, [], 180);
      return `${ended(run)}${(await contains(path.join(root, 'dist'), '//evil.example/track.svg')) ? '; the page loads the third-party image' : ''}`;
    },
  },
  {
    name: 'checkbox-label link javascript: (website contact form)',
    async run(engine) {
      const root = await project(engine, 'checkbox-link', 'website');
      await editFile(path.join(root, 'pages/contact.md'), (t) =>
        t.replace('[Privacy Policy](/privacy-policy)', '[Privacy Policy](javascript:alert(1))'),
      );
      const run = await build(engine, root, [], 180);
      return `${ended(run)}${(await contains(path.join(root, 'dist'), 'javascript:alert(1)')) ? '; the javascript: link is published' : ''}`;
    },
  },
  {
    name: 'pages/site.yml a link to a file outside the pages folder',
    async run(engine) {
      const root = await project(engine, 'config-link');
      await rename(path.join(root, 'pages/site.yml'), path.join(root, 'outside.yml'));
      await symlink(path.join(root, 'outside.yml'), path.join(root, 'pages/site.yml'));
      return ended(await build(engine, root));
    },
  },
  {
    name: 'baseUrl "https://x.example/a b#frag?"',
    async run(engine) {
      const root = await project(engine, 'base-url');
      await editFile(path.join(root, 'pages/site.yml'), (t) =>
        t.replace(/^baseUrl: .*$/m, 'baseUrl: "https://x.example/a b#frag?"'),
      );
      const run = await build(engine, root);
      return `${ended(run)}${(await contains(path.join(root, 'dist'), 'https://x.example/a b#frag?/about')) ? '; canonical URLs such as https://x.example/a b#frag?/about' : ''}`;
    },
  },
  // Special files and sizes.
  {
    name: 'site.yml a named pipe',
    async run(engine) {
      const root = await project(engine, 'config-fifo');
      await rm(path.join(root, 'pages/site.yml'));
      execFileSync('mkfifo', [path.join(root, 'pages/site.yml')]);
      return ended(await build(engine, root, [], 20));
    },
  },
  {
    name: 'the logo a named pipe',
    async run(engine) {
      const root = await project(engine, 'logo-fifo');
      await rm(path.join(root, 'pages/public/logo.svg'));
      execFileSync('mkfifo', [path.join(root, 'pages/public/logo.svg')]);
      return ended(await build(engine, root, [], 20));
    },
  },
  {
    name: 'site.yml a link to /dev/zero',
    async run(engine) {
      const root = await project(engine, 'config-zero');
      await rm(path.join(root, 'pages/site.yml'));
      await symlink('/dev/zero', path.join(root, 'pages/site.yml'));
      return ended(await build(engine, root, [], 60));
    },
  },
  {
    name: 'a page (.md) a named pipe',
    async run(engine) {
      const root = await project(engine, 'page-fifo');
      execFileSync('mkfifo', [path.join(root, 'pages/pipe.md')]);
      return ended(await build(engine, root, [], 20));
    },
  },
  {
    name: 'a named pipe in public/',
    async run(engine) {
      const root = await project(engine, 'public-fifo');
      execFileSync('mkfifo', [path.join(root, 'pages/public/feed.xml')]);
      const run = await build(engine, root, [], 20);
      return `${ended(run)}${run.code === 0 && !existsSync(path.join(root, 'dist/feed.xml')) ? '; skipped without a word' : ''}`;
    },
  },
  {
    name: 'a 200 MB page',
    async run(engine) {
      const root = await project(engine, 'huge-page');
      const page = path.join(root, 'pages/huge.md');
      await writeFile(
        page,
        '---\ntitle: Huge\ndescription: A page far larger than any real one, for the red team.\n---\n\n',
      );
      const line = Buffer.from(`${'word '.repeat(200)}\n\n`);
      const block = Buffer.concat(Array.from({ length: 1000 }, () => line));
      for (let written = 0; written < 200 * 1024 * 1024; written += block.length) await appendFile(page, block);
      return ended(await build(engine, root, [], 240));
    },
  },
  {
    name: '10 MB of frontmatter',
    async run(engine) {
      const root = await project(engine, 'huge-frontmatter');
      await writeFile(
        path.join(root, 'pages/heavy.md'),
        `---\ntitle: Heavy\ndescription: Frontmatter far larger than any real one, for the red team.\nnotes:\n${'  - a list item of the frontmatter\n'.repeat(300_000)}---\n\nText.\n`,
      );
      return ended(await build(engine, root, [], 120));
    },
  },
  {
    name: '100,000 site keywords',
    async run(engine) {
      const root = await project(engine, 'keywords');
      const keywords = Array.from({ length: 100_000 }, (_, i) => `k${i}`).join(', ');
      await editFile(path.join(root, 'pages/site.yml'), (t) => t.replace(/^keywords: .*$/m, `keywords: [${keywords}]`));
      return ended(await build(engine, root, [], 120));
    },
  },
  ...['64', '1e9'].map((threads): Case => ({
    name: `--threads ${threads}`,
    async run(engine) {
      const root = await project(engine, `threads-${threads}`);
      return ended(await build(engine, root, ['--threads', threads], 60));
    },
  })),
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
      for (let dir = path.dirname(root); dir !== scratch && dir !== '/'; dir = path.dirname(dir))
        await chmod(dir, 0o755);
      await chmod(scratch, 0o755);
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
    async run(engine) {
      const root = await project(engine, 'serve-headers');
      await build(engine, root);
      const serve = await server(engine, root, ['serve', '--port', '0']);
      if (!serve.url) return 'did not start';
      const answers: string[] = [];
      for (const spelling of ['/_headers/', '//_headers', '/_headers%2f'])
        answers.push(await raw(serve.url, `GET ${spelling} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      await serve.stop();
      return answers.join(', ');
    },
  },
  {
    name: 'serve: /about/, //about, /about.html/, /index/',
    async run(engine) {
      const root = await project(engine, 'serve-canonical');
      await build(engine, root);
      const serve = await server(engine, root, ['serve', '--port', '0']);
      if (!serve.url) return 'did not start';
      const answers: string[] = [];
      for (const spelling of ['/about/', '//about', '/about.html/', '/index/'])
        answers.push(await raw(serve.url, `GET ${spelling} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      await serve.stop();
      return answers.join(', ');
    },
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
    name: 'build killed between its two renames, then site serve',
    async run(engine) {
      const root = await project(engine, 'swap-kill');
      await build(engine, root);
      const out = path.join(root, 'dist');
      if (engine.label === 'after') {
        // This engine's own swap, killed (SIGKILL) just before the staging folder is moved into place.
        try {
          execFileSync(
            process.execPath,
            [
              '--import',
              'tsx',
              path.join(AFTER, 'tests/support/swap-child.ts'),
              out,
              'new-in-place',
              '{"index.html":"new"}',
            ],
            { cwd: AFTER, stdio: 'ignore' },
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

async function main(): Promise<void> {
  if (!existsSync(path.join(BEFORE, 'bin/site.js')))
    throw new Error(`no engine at ${BEFORE} (pass --before <checkout>)`);
  scratch = await mkdtemp(path.join(os.tmpdir(), 'red-team-'));
  const engines: Engine[] = [
    { label: 'before', dir: BEFORE },
    { label: 'after', dir: AFTER },
  ];
  const rows: string[][] = [];
  const chosen = cases.filter((c) => !ONLY || new RegExp(ONLY, 'i').test(c.name));
  if (MARKDOWN) console.log('| case | before (b30022f) | after |\n|---|---|---|');
  for (const c of chosen) {
    const row = [c.name];
    for (const engine of engines)
      row.push(await c.run(engine).catch((error: unknown) => `script error: ${String(error)}`));
    rows.push(row);
    console.log(MARKDOWN ? `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |` : row.join('  ·  '));
  }
  await rm(scratch, { recursive: true, force: true });
}

await main();
