/** A folder's whole state, to prove a build left it exactly as it was: every entry's kind, mode, and contents or link target. */
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every entry under `dir` (and `dir` itself, as ""), links not followed: `file 644 <sha256>`, `dir 755`,
 * `link -> <target>`. A missing `dir` is `{}`.
 */
export async function treeState(dir: string): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  const top = await lstat(dir).catch(() => undefined);
  if (!top) return state;
  state[''] = await describe(dir);
  if (!top.isDirectory()) return state;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    state[path.relative(dir, file).split(path.sep).join('/')] = await describe(file);
  }
  return Object.fromEntries(Object.entries(state).sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function describe(file: string): Promise<string> {
  const stats = await lstat(file);
  const mode = (stats.mode & 0o7777).toString(8);
  if (stats.isSymbolicLink()) return `link -> ${await readlink(file)}`;
  if (stats.isDirectory()) return `dir ${mode}`;
  if (stats.isFile())
    return `file ${mode} ${createHash('sha256')
      .update(await readFile(file))
      .digest('hex')}`;
  return `other ${mode}`;
}
