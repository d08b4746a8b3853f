/**
 * Builds that must fail, and the checks of how they failed. The fixture site is built once, its output beside its
 * pages, and copied for each test to break in one way; the build then runs through the CLI as a user runs it
 * (`site build -p <pages> -o <out>` in a child process) or through the public build(). A failing build must exit
 * with code 1 and name every problem as a catalogued error, with its file, line and field, a hint and no stack trace.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { siteErrorsOf, type ErrorKind, type SiteError } from '../../generator/base/errors';
import { REPO, snapshotDir } from './fixture';

/** What a failing build must report: the error's kind, the file (relative to the pages folder), its line and field. */
export interface Expected {
  kind: ErrorKind;
  file: string;
  line?: number;
  field?: string;
}

/** Nine levels of nine aliases: 387 million values once expanded. */
export const BOMB = [
  'a0: &a0 [x, x, x, x, x, x, x, x, x]',
  ...Array.from({ length: 8 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`),
].join('\n');

export interface Run {
  code: number | null;
  output: string;
}

/** A build that takes longer than this has hung (an alias bomb expanding, say): it is stopped and fails its test. */
const CLI_LIMIT_MS = 50_000;

/** Runs the CLI in a child process, as a user would, from the project folder (where templates/ and islands/ are). */
export function cli(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, 'bin/site.js'), ...args], {
      cwd: REPO,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    const timer = setTimeout(() => {
      output += `\n(stopped: still running after ${CLI_LIMIT_MS} ms)`;
      child.kill('SIGKILL');
    }, CLI_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface Reported {
  kind: string;
  file?: string;
  line?: number;
  field?: string;
  hint: boolean;
}

/** The errors the CLI printed: `✖ Kind: title`, `  at file:line (field: x)`, the message, `  hint: ...`. */
function reported(output: string): Reported[] {
  return output
    .split(/\n(?=✖ )/)
    .filter((block) => block.includes('✖ '))
    .map((block) => {
      const [, kind] = /✖ (\w+):/.exec(block)!;
      const at = /^ {2}at (.+)$/m.exec(block)?.[1] ?? '';
      const [, place = '', field] = /^(.*?)(?: ?\(?field: (.+?)\)?)?$/.exec(at)!;
      // "file:line", or "file:line:column" where one character is the mistake.
      const [, file, line] = /^(.*?)(?::(\d+)(?::\d+)?)?$/.exec(place)!;
      return {
        kind: kind!,
        file: file || undefined,
        line: line ? Number(line) : undefined,
        field,
        hint: /^ {2}hint: \S/m.test(block),
      };
    });
}

/** Asserts the CLI failed with exactly the `expected` errors (files relative to `pagesDir`), each with a hint, and printed no stack. */
export function expectNamed(run: Run, pagesDir: string, expected: Expected[]): void {
  expect(run.code, run.output).toBe(1);
  expect(run.output, 'a stack trace without --verbose').not.toMatch(
    /^\s+at .*:\d+:\d+\)?$|node:internal|\(run with --verbose for the stack\)/m,
  );
  const shown = reported(run.output).map((error) => ({
    kind: error.kind,
    file: error.file && path.relative(pagesDir, path.resolve(REPO, error.file)),
    line: error.line,
    field: error.field,
    hint: error.hint,
  }));
  const want = expected.map((error) => ({
    kind: error.kind,
    file: error.file,
    line: error.line,
    field: error.field,
    hint: true,
  }));
  expect(shown.sort(byFile), run.output).toEqual(want.sort(byFile));
}

export const byFile = (a: { file?: string; line?: number }, b: { file?: string; line?: number }) =>
  `${a.file}:${a.line}`.localeCompare(`${b.file}:${b.line}`);

/** A copy of the fixture site with the output of a good build beside it: pages/ and dist/ in a temporary folder. */
export interface Project {
  dir: string;
  pagesDir: string;
  outDir: string;
  /** Every file of the pages folder and the output folder, contents included. */
  snapshot(): Promise<Record<string, string>>;
}

/** The fixture site built once (`setup`, in a test file's beforeAll), and copies of it to break (`project`). */
export interface BuiltFixture {
  setup(): Promise<void>;
  project(): Promise<Project>;
  /** Removes the built site and every copy. */
  cleanup(): Promise<void>;
}

export function builtFixture(): BuiltFixture {
  let built: string;
  const projects: string[] = [];
  return {
    async setup() {
      built = await mkdtemp(path.join(os.tmpdir(), 'site-bad-input-'));
      await cp(path.join(REPO, 'tests/fixtures/basic'), path.join(built, 'pages'), { recursive: true });
      const run = await cli(['build', '-q', '-p', path.join(built, 'pages'), '-o', path.join(built, 'dist')]);
      expect(run.code, run.output).toBe(0);
    },
    async project() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bad-input-'));
      projects.push(dir);
      await cp(built, dir, { recursive: true });
      const pagesDir = path.join(dir, 'pages');
      const outDir = path.join(dir, 'dist');
      return {
        dir,
        pagesDir,
        outDir,
        snapshot: async () => ({
          ...Object.fromEntries(
            Object.entries(await snapshotDir(pagesDir)).map(([file, contents]) => [`pages/${file}`, contents]),
          ),
          ...Object.fromEntries(
            Object.entries(await snapshotDir(outDir)).map(([file, contents]) => [`dist/${file}`, contents]),
          ),
        }),
      };
    },
    async cleanup() {
      await Promise.all([built, ...projects].map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

export const buildArgs = (site: Project) => ['build', '-p', site.pagesDir, '-o', site.outDir];

/** Runs build() on a copy, which must fail with catalogued errors: returns them. */
export async function buildErrors(site: Project): Promise<SiteError[]> {
  const error = await build({ root: REPO, pagesDir: site.pagesDir, outDir: site.outDir, logger: silentLogger }).then(
    () => undefined,
    (e: unknown) => e,
  );
  const errors = siteErrorsOf(error);
  expect(errors.length, `not SiteErrors: ${String(error)}`).toBeGreaterThan(0);
  return errors;
}

/** Where build() placed an error: its kind, its file (relative to `pagesDir`), line and field. */
export const placeOf = (e: SiteError, pagesDir: string) => ({
  kind: e.kind,
  file: path.relative(pagesDir, path.resolve(REPO, e.file ?? '')),
  line: e.line,
  field: e.field,
});
