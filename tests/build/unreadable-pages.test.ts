/**
 * A folder under pages/ that cannot be read is a permission problem, named as such: UnreadablePagesFolder naming
 * the folder, never "Pages folder not found". The tests run as root, whom permissions do not stop, so the build runs
 * as the user nobody (setpriv) on a project that user owns, and the folder under pages/ is root's, mode 700.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliProject, reportedError, type CliProject, type CliResult, type TestSite } from '../support/cli-project';
import { giveToNobody, siteAsNobody } from '../support/as-nobody';

vi.setConfig({ testTimeout: 120_000 });

let project: CliProject;
let site: TestSite;

beforeAll(async () => {
  project = await cliProject();
  site = await project.site();
  await giveToNobody(project, site);
  const hidden = path.join(site.pagesDir, 'private');
  await mkdir(hidden);
  await writeFile(path.join(hidden, 'secret.md'), '# Secret\n');
  await chmod(hidden, 0o700); // root's: nobody may not list it
});

afterAll(() => project?.cleanup());

const buildAsNobody = () =>
  new Promise<CliResult>((resolve) => {
    execFile(
      ...siteAsNobody(['build', '--pages', site.pagesDir, '--out', site.outDir]),
      { cwd: project.root, env: { ...process.env, HOME: project.root }, timeout: 100_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('site build meets a folder under pages/ it cannot read', () => {
  it('names it as unreadable, exits 1 and writes nothing', async () => {
    const run = await buildAsNobody();
    expect(run.code, run.stderr).toBe(1);
    const error = reportedError(run.stderr);
    expect(error, run.stderr).toMatchObject({
      kind: 'UnreadablePagesFolder',
      title: 'The pages folder cannot be read',
    });
    expect(error!.message).toMatch(/EACCES: .*private/);
    expect(error!.hint).toMatch(/permissions/);
    expect(run.stderr).not.toMatch(/not found/);
    expect(existsSync(site.outDir)).toBe(false);
  });
});
