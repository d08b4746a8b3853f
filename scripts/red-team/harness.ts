/** The red team's harness (scripts/red-team.ts): scratch projects, runs of an engine's CLI, and what they ended with. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const MEMORY_CAP_MB = 700;

export interface Engine {
  label: 'before' | 'after';
  dir: string;
}

export interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Why the script stopped it: it did not end in time, or its memory passed the cap. */
  stopped?: 'timeout' | 'memory';
  seconds: number;
}

/** Where the scratch projects go, and the engine after (set by red-team.ts before any case runs). */
export const workspace = { scratch: '', after: '' };

/** A project for `engine`: its theme, islands and fixture pages (or the website's pages), packages linked. */
export async function project(engine: Engine, name: string, pages: 'fixture' | 'website' = 'fixture'): Promise<string> {
  const root = path.join(workspace.scratch, engine.label, name, 'project');
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
export function memoryMb(pid: number): number {
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
export function start(
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

export const site = (...params: Parameters<typeof start>) => start(...params).done;

/** A long-running `site watch` or `site serve`: its URL once it serves, and a way to stop it. */
export async function server(
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
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  seconds: number,
): Promise<T | undefined> {
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

export const errorKind = (text: string) =>
  /✖ (\w+)/.exec(text)?.[1] ?? /^(\w*Error)\b/m.exec(text)?.[1] ?? /(FATAL ERROR|out of memory)/i.exec(text)?.[1];

/** A run in a few words: how it ended, with the first named error. */
export function ended(run: Run): string {
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

export const build = (engine: Engine, root: string, extra: string[] = [], timeout = 120) =>
  site(engine, root, ['build', '--quiet', ...extra], { timeout });

export const cacheDir = (root: string) => path.join(root, 'node_modules/.cache/site');

export async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

export const contains = async (dir: string, text: string) => {
  for (const file of await filesUnder(dir)) if ((await readFile(file, 'latin1')).includes(text)) return true;
  return false;
};

/** Applies `edit` to a manifest's data, whether it is plain JSON or a sealed envelope holding it as a string. */
export async function editManifest(file: string, edit: (data: Record<string, unknown>) => void): Promise<void> {
  const outer = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  if (typeof outer.manifest === 'string') {
    const inner = JSON.parse(outer.manifest) as Record<string, unknown>;
    edit(inner);
    outer.manifest = JSON.stringify(inner);
  } else edit(outer);
  await writeFile(file, JSON.stringify(outer));
}

export async function editFile(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

export const deadPid = () => {
  const child = spawn(process.execPath, ['-e', '']);
  return new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid!)));
};

export const status = async (url: string, init?: RequestInit) => {
  try {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    return `${res.status}${res.headers.get('x-content-type-options') === 'nosniff' ? '' : ' (no nosniff)'}`;
  } catch (error) {
    return `fetch failed (${(error as Error).message})`;
  }
};

/** A raw HTTP request (paths fetch() would normalise), answered status and nosniff. */
export function raw(url: string, request: string): Promise<string> {
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

export type Case = { name: string; run: (engine: Engine) => Promise<string> };
