/**
 * What `site serve` checks before it listens, and the errors it names: the folder must exist and be a folder, never
 * the root or a home folder, and one a build marked unless `--any-dir`; a port in use, an unknown host or a port
 * that needs administrator rights is a catalogued error.
 */
import { stat } from 'node:fs/promises';
import { SiteError } from '../base/errors';
import { MARK, readMark, rootOrHome } from '../output/output-folder';

/** The folder must exist before serving starts; it may be replaced by rebuilds afterwards. */
export async function checkFolder(given: string, dir: string): Promise<void> {
  const stats = await stat(dir).catch((error: NodeJS.ErrnoException) => error);
  if (stats instanceof Error) {
    const missing = stats.code === 'ENOENT' || stats.code === 'ENOTDIR';
    throw missing
      ? new SiteError('MissingServeFolder', { folder: given, resolved: dir }, { file: given })
      : new SiteError('UnreadableServeFolder', { folder: given, reason: stats.message }, { file: given });
  }
  if (!stats.isDirectory()) throw new SiteError('ServeFolderIsFile', { folder: given, resolved: dir }, { file: given });
}

/** Refuses the root and home folders always, and a folder no build marked unless `anyFolder`. */
export async function checkSafe(given: string, dir: string, anyFolder: boolean): Promise<void> {
  const why = rootOrHome(dir);
  if (why) throw new SiteError('UnsafeServeFolder', { folder: given, why }, { file: given, field: '--dir' });
  if (!anyFolder && !(await readMark(dir)))
    throw new SiteError('UnmarkedServeFolder', { folder: given, mark: MARK }, { file: given, field: '--dir' });
}

/** Loopback addresses: only this machine reaches them. */
export const isLoopback = (host: string) =>
  host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '[::1]';

/** The catalogued error for a listen that failed, or undefined for one that is not the user's to fix. */
export function listenError(error: NodeJS.ErrnoException, port: number, host: string): SiteError | undefined {
  if (error.code === 'EADDRINUSE') return new SiteError('PortInUse', { port, host }, { field: '--port', cause: error });
  if (
    error.code === 'ENOTFOUND' ||
    error.code === 'EAI_AGAIN' ||
    error.code === 'EADDRNOTAVAIL' ||
    error.code === 'EAI_NONAME'
  ) {
    const problem =
      error.code === 'EADDRNOTAVAIL' ? 'no network interface of this machine has that address' : 'no such host name';
    return new SiteError('UnknownHost', { host, problem }, { field: '--host', cause: error });
  }
  if (error.code === 'EACCES')
    return new SiteError(
      'PortInUse',
      { port, host },
      {
        field: '--port',
        cause: error,
        hint: 'Ports below 1024 need administrator rights: pass --port 4321 or another above 1023.',
      },
    );
  return undefined;
}
