/** A throwaway copy of this project (templates, islands, pages; generator and node_modules linked), so scripts can edit it freely. */
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');

export async function tempProject(pagesFrom = path.join(REPO, 'pages')): Promise<{ root: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-project-'));
  await cp(path.join(REPO, 'templates'), path.join(root, 'templates'), { recursive: true });
  await cp(path.join(REPO, 'islands'), path.join(root, 'islands'), { recursive: true });
  await cp(pagesFrom, path.join(root, 'pages'), { recursive: true });
  await symlink(path.join(REPO, 'generator'), path.join(root, 'generator'), 'dir');
  await symlink(path.join(REPO, 'bin'), path.join(root, 'bin'), 'dir');
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await symlink(path.join(REPO, 'package.json'), path.join(root, 'package.json'));
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}
