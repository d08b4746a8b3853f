/**
 * A Node process as the benchmarks measure it: from spawn to exit, and its peak resident memory, which the process
 * writes at exit (scripts/lib/report-rss.mjs, loaded with `--import`, into the file SITE_BENCH_RSS_FILE names).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './temp-project';

export interface Run {
  ms: number;
  rssMb: number;
}

/** A file for a process to report its peak RSS into: one a process, removed when read. */
export const rssFileOf = () =>
  path.join(os.tmpdir(), `site-bench-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);

/** The peak RSS a process reported into `file` (MB); removes the file. */
export async function readRssMb(file: string): Promise<number> {
  const kb = Number(await readFile(file, 'utf8'));
  await rm(file, { force: true });
  return kb / 1024;
}

/** `node <args>` in `cwd`, in production mode, reporting its peak RSS into `rssFile` at exit; stdout piped. */
export const measuredNode = (args: string[], cwd: string, rssFile: string, env: Record<string, string> = {}) =>
  spawn('node', ['--import', path.join(REPO, 'scripts/lib/report-rss.mjs'), ...args], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', SITE_BENCH_RSS_FILE: rssFile, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  }) as ChildProcess & { stdout: NonNullable<ChildProcess['stdout']> };

/** `node <args>` in `cwd`: wall time from spawn to exit and peak RSS; throws when it fails. */
export async function timedNode(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const rssFile = rssFileOf();
  const started = performance.now();
  const child = measuredNode(args, cwd, rssFile, env);
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
  return { ms, rssMb: await readRssMb(rssFile) };
}
