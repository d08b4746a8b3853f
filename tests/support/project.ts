/** A temporary project: copies of the theme, the islands and a fixture site, with the repository's packages and engine. */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO } from './fixture';

export interface TempProject {
  root: string;
  file(relative: string): string;
  read(relative: string): Promise<string>;
  /** Rewrites a file with `edit`; fails when the edit changes nothing. */
  edit(relative: string, edit: (text: string) => string): Promise<void>;
  cleanup(): Promise<void>;
}

export async function tempProject(fixture = 'basic'): Promise<TempProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-project-'));
  const file = (relative: string) => path.join(root, relative);
  await cp(path.join(REPO, 'templates'), file('templates'), { recursive: true });
  await cp(path.join(REPO, 'islands'), file('islands'), { recursive: true });
  await cp(path.join(REPO, 'tests/fixtures', fixture), file('pages'), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), file('node_modules'), 'dir');
  await symlink(path.join(REPO, 'generator'), file('generator'), 'dir');
  return {
    root,
    file,
    read: (relative) => readFile(file(relative), 'utf8'),
    async edit(relative, edit) {
      const before = await readFile(file(relative), 'utf8');
      const after = edit(before);
      if (after === before) throw new Error(`edit of ${relative} changed nothing`);
      await writeFile(file(relative), after);
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
