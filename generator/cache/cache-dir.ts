/**
 * Where the build keeps its cache: node_modules/.cache/site/ when it can be
 * written, else a folder of this user's own under the system's temporary
 * folder, with a warning. The cache only saves time (everything in it can be
 * made again), so a read-only checkout, a CI sandbox or a stray file at that
 * path should not stop a build.
 *
 * The fallback lives in a shared temporary folder, and the theme bundle in it
 * is imported as code: it is used only when this user owns it and no one else
 * can write to it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, lstat, mkdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SiteError, SiteWarning } from '../base/errors';
import { displayPath, isInside } from '../base/paths';

export interface CacheFolder {
  dir: string;
  /** Set when the preferred folder could not be written and the fallback is used. */
  warning?: SiteWarning;
}

/** A folder that exists and that this process can write (as root, permission bits do not stop writes, so none are checked beyond access). */
async function writable(dir: string, mode?: number): Promise<void> {
  await mkdir(dir, { recursive: true, mode });
  await access(dir, constants.W_OK);
}

const userName = () => (process.getuid ? String(process.getuid()) : os.userInfo().username.replace(/[^\w.-]/g, '_'));

/**
 * The preferred cache folder when it can be written, else this user's fallback folder for it; throws CacheUnwritable
 * when neither can be. `packages`: the project's node_modules, which modules in the cache (the theme bundle) import
 * packages from; the fallback folder links to it, so they resolve there as they would in the project.
 */
export async function cacheFolder(preferred: string, packages?: string): Promise<CacheFolder> {
  let reason: string;
  try {
    await writable(preferred);
    // A cache folder outside the project's packages (--cache-dir, tests) finds them through a link, as the fallback does.
    const inside =
      packages !== undefined &&
      path.resolve(preferred) !== path.resolve(packages) &&
      isInside(path.resolve(preferred), path.resolve(packages));
    if (packages && !inside) await linkPackages(path.join(preferred, 'node_modules'), packages);
    return { dir: preferred };
  } catch (error) {
    reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
  const shown = displayPath(preferred);
  const base = privateFolderPath();
  const dir = path.join(base, createHash('sha256').update(preferred).digest('hex').slice(0, 16));
  try {
    await privateFolder();
    await writable(dir, 0o700);
    if (packages) await linkPackages(path.join(dir, 'node_modules'), packages);
  } catch (cause) {
    throw new SiteError(
      'CacheUnwritable',
      { folder: shown, reason, fallback: dir, problem: (cause as Error).message },
      { file: shown, cause },
    );
  }
  const warning = new SiteWarning('CacheUnwritable', { folder: shown, reason, fallback: dir }, { file: shown });
  return { dir, warning };
}

/** This user's folder under the system's temporary folder: the fallback caches' parent, and where the seal's key is kept (seal.ts). */
const privateFolderPath = () => path.join(os.tmpdir(), `site-cache-${userName()}`);

/**
 * This user's private folder, made when missing; throws unless it is a real folder this user owns and no one else can
 * write (the temporary folder is shared: someone else may have made a folder, or a link, by that name first).
 */
export async function privateFolder(): Promise<string> {
  const base = privateFolderPath();
  await writable(base, 0o700);
  const stats = await lstat(base);
  const owner = process.getuid?.();
  if (
    !stats.isDirectory() ||
    (owner !== undefined && stats.uid !== owner) ||
    (process.platform !== 'win32' && (stats.mode & 0o022) !== 0)
  ) {
    throw new Error(`${base} is not a folder that only this user can write`);
  }
  return base;
}

/**
 * Makes `link` a symbolic link to the folder `packages` (when it exists), replacing a link to anywhere else. Builds
 * may choose the same folder at once: a link another one made meanwhile is as good.
 */
async function linkPackages(link: string, packages: string): Promise<void> {
  if (
    !(await lstat(packages).then(
      (s) => s.isDirectory() || s.isSymbolicLink(),
      () => false,
    ))
  )
    return;
  const target = path.resolve(packages);
  const linked = async () => (await readlink(link).catch(() => undefined)) === target;
  if (await linked()) return;
  // Made aside and renamed into place, which replaces a link to anywhere else at once: removing it first let one
  // build remove the link another had just made, between that one's making and its looking.
  const temp = `${link}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  await symlink(target, temp, 'dir');
  try {
    await rename(temp, link);
  } catch (error) {
    await rm(temp, { force: true });
    if (!(await linked())) throw error;
  }
}
