/**
 * How a new project depends on this engine: the way this copy was installed. An installed copy (in some project's
 * node_modules) was installed from what npm recorded in that project's lockfile (a tarball, a folder, a git URL): the
 * new project names the same, a relative file: path made absolute. A checkout of the engine's repository is named
 * by its folder (npm links it).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ENGINE_ROOT } from '../base/engine-files';

/** The lockfile npm keeps in a node_modules folder of what it installed there. */
const HIDDEN_LOCKFILE = '.package-lock.json';

/** The npm dependency spec of this engine, for a new project (absolute: npm reads a relative file: path from the project). */
export async function engineSpec(): Promise<string> {
  return (await installedFrom()) ?? `file:${ENGINE_ROOT}`;
}

/** What npm installed this copy from, when it is an installed copy and npm recorded it. */
async function installedFrom(): Promise<string | undefined> {
  const parts = ENGINE_ROOT.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) return undefined;
  const project = parts.slice(0, at).join(path.sep);
  const key = parts.slice(at).join('/');
  try {
    const lock = JSON.parse(await readFile(path.join(project, 'node_modules', HIDDEN_LOCKFILE), 'utf8')) as {
      packages?: Record<string, { resolved?: unknown }>;
    };
    const resolved = lock.packages?.[key]?.resolved;
    if (typeof resolved !== 'string' || resolved === '') return undefined;
    if (!resolved.startsWith('file:')) return resolved;
    return `file:${path.resolve(project, resolved.slice('file:'.length))}`;
  } catch {
    return undefined; // no lockfile, or one npm did not write: the folder itself
  }
}
