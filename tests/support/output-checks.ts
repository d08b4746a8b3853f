/**
 * What the tests of the build's output folder share. Each case runs the CLI as a user would (`node bin/site.js build`
 * in a temporary project, ./cli-project.ts) or calls build(), and proves three things: the exit code (1), the named
 * error (its kind, the folder or file, the field), and that every folder involved is byte for byte, mode for mode and
 * link for link as it was (states, ./tree.ts).
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { cliProject, reportedError, type CliProject, type CliResult, type TestSite } from './cli-project';
import { treeState } from './tree';

/** The file by which the build knows a folder as its own output. */
export const MARK = '.site-output.json';

/**
 * The files' time limits (for vi.setConfig): most cases run the CLI once or twice, and on a machine busy with other
 * work a run can take several seconds.
 */
export const CLI_TIMEOUTS = { testTimeout: 240_000, hookTimeout: 240_000 };

/** A project whose cache a first build has filled, so the cases run at the speed of a normal build. */
export async function warmProject(): Promise<CliProject> {
  const project = await cliProject();
  try {
    await project.build(await project.site());
  } catch (error) {
    await project.cleanup();
    throw error;
  }
  return project;
}

/**
 * A test file's warm project, made before its cases and removed after them, with the file's time limits: `project()`
 * is it, and `buildSite` and `refused` run in it (runsIn).
 */
export function useWarmProject() {
  vi.setConfig(CLI_TIMEOUTS);
  let made: CliProject | undefined;
  beforeAll(async () => {
    made = await warmProject();
  });
  afterAll(() => made?.cleanup());
  const project = () => made!;
  return { project, ...runsIn(project) };
}

/** The states of `folders`, to compare after a run. */
export const states = (...folders: string[]) => Promise.all(folders.map((folder) => treeState(folder)));

/**
 * Builds through the CLI in the project `project` returns (read at each run: a test file makes its project in
 * beforeAll), and the check of a run the CLI refused.
 */
export function runsIn(project: () => CliProject) {
  const buildSite = (site: TestSite, out = site.outDir, env?: NodeJS.ProcessEnv) =>
    project().run(['build', '--quiet', '--pages', site.pagesDir, '--out', out], env);

  /** A path as the CLI names it: relative to its working folder (the project) when inside it, else absolute. */
  const shown = (file: string) => {
    const cwd = project().root;
    return file.startsWith(cwd + path.sep) ? path.relative(cwd, file) : file;
  };

  /** The CLI failed with exit code 1 and a catalogued error (no stack): returns it. */
  function refused(result: CliResult, kind: string, file: string, field: string | null = '--out') {
    expect(result.code, `exit code; stderr:\n${result.stderr}`).toBe(1);
    const error = reportedError(result.stderr);
    expect(error, `a catalogued error in:\n${result.stderr}`).toBeDefined();
    expect(error).toMatchObject({ kind, file: shown(file), field: field ?? undefined });
    expect(error!.hint.length).toBeGreaterThan(10);
    expect(result.stderr, 'no stack without --verbose').not.toMatch(/\n\s+at .*:\d+:\d+/);
    return error!;
  }

  return { buildSite, refused };
}
