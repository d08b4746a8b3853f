/**
 * A temporary project driven through the CLI as a user runs it: `node bin/site.js` with the project as the working
 * folder. The project has copies of the theme and the islands, and a node_modules folder of its own (links to the
 * repository's packages), so its build cache (node_modules/.cache/site) is its own too and can be broken on purpose.
 * Sites (pages folders) live outside the project, one per test, each with room for its output beside it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { REPO } from './fixture';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ReportedError {
  kind: string;
  title: string;
  /** The location line: the file or folder, and "(field: …)". */
  file?: string;
  field?: string;
  message: string;
  hint: string;
}

export interface TestSite {
  /** A folder of the test's own, holding the pages folder. */
  dir: string;
  pagesDir: string;
  /** Where the test's output goes (not created). */
  outDir: string;
}

export interface CliProject {
  /** The temporary folder holding the project (and nothing else). */
  base: string;
  /** The project: the CLI's working folder. */
  root: string;
  /** A fresh copy of a fixture site in a temporary folder of its own. */
  site(fixture?: string): Promise<TestSite>;
  run(args: string[], env?: NodeJS.ProcessEnv): Promise<CliResult>;
  /** Builds a site in this process with build() (quicker than the CLI, for a test's setup): resolves when it succeeded. */
  build(site: TestSite, options?: BuildOptions): Promise<BuildResult>;
  cleanup(): Promise<void>;
}

export async function cliProject(): Promise<CliProject> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'site-cli-'));
  const root = path.join(base, 'project');
  await mkdir(path.join(root, 'node_modules'), { recursive: true });
  await cp(path.join(REPO, 'templates'), path.join(root, 'templates'), { recursive: true });
  await cp(path.join(REPO, 'islands'), path.join(root, 'islands'), { recursive: true });
  await symlink(path.join(REPO, 'generator'), path.join(root, 'generator'), 'dir');
  for (const name of await readdir(path.join(REPO, 'node_modules'))) {
    if (name !== '.cache') await symlink(path.join(REPO, 'node_modules', name), path.join(root, 'node_modules', name));
  }
  const sites: string[] = [];
  return {
    base,
    root,
    async site(fixture = 'basic') {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'site-cli-site-'));
      sites.push(dir);
      const pagesDir = path.join(dir, 'pages');
      await cp(path.join(REPO, 'tests/fixtures', fixture), pagesDir, { recursive: true });
      return { dir, pagesDir, outDir: path.join(dir, 'dist') };
    },
    run: (args, env) => runCli(args, root, env),
    build: (site, options) =>
      build({ root, pagesDir: site.pagesDir, outDir: site.outDir, logger: silentLogger, ...options }),
    cleanup: async () => {
      await Promise.all([base, ...sites].map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** Runs `site <args>` in `cwd` and returns its exit code and output. */
export function runCli(args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [path.join(REPO, 'bin/site.js'), ...args],
      { cwd, env: { ...process.env, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** The first error the CLI printed (formatError's block: "✖ Kind: Title", "  at …", "  message", "  hint: …"). */
export function reportedError(stderr: string): ReportedError | undefined {
  const match = /^✖ (\w+): (.+)\n(?: {2}at (.+)\n)? {2}(.+)\n {2}hint: (.+)$/m.exec(stderr);
  if (!match) return undefined;
  const [, kind, title, at, message, hint] = match as unknown as [
    string,
    string,
    string,
    string | undefined,
    string,
    string,
  ];
  const located = at ? /^(?:(.*?) )?\(?field: (.+?)\)?$/.exec(at) : undefined;
  return { kind, title, file: located ? located[1] || undefined : at, field: located?.[2], message, hint };
}
