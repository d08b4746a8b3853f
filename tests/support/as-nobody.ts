/**
 * Running the CLI as the user nobody: the tests run as root, whom file permissions do not stop, so a test of a folder
 * that cannot be read gives its project to nobody and runs `site` as that user (setpriv), on a folder root keeps.
 */
import { execFileSync } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import type { CliProject, TestSite } from './cli-project';
import { REPO } from './fixture';

/** Makes the project and the site nobody's: the CLI may read and write them, and nothing of root's. */
export async function giveToNobody(project: CliProject, site: TestSite): Promise<void> {
  for (const dir of [project.base, path.dirname(site.pagesDir)]) {
    await chmod(dir, 0o755);
    execFileSync('chown', ['-R', 'nobody', dir]);
  }
}

/** The command and arguments that run `site <args>` as nobody. */
export const siteAsNobody = (args: string[]): [string, string[]] => [
  'setpriv',
  ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, path.join(REPO, 'bin/site.js'), ...args],
];
