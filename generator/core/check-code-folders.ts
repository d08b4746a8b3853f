/**
 * The theme's and the islands' folders hold only regular files, folders and links to them: esbuild reads what they
 * import itself, and a named pipe there would keep it waiting for a writer for ever (a build that never ends, a watch
 * that builds nothing again). So they are looked at, by type and never read, before esbuild runs, and each pipe,
 * socket or device is a NotRegularFile error naming it.
 */
import type { Dirent, Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, throwIfAny } from '../base/errors';
import { displayPath } from '../base/paths';
import type { Theme } from '../pages/theme-types';
import { bundleProjectAssets } from '../assets/bundle-assets';
import type { ProjectPaths } from './project';

const kindOf = (entry: Dirent | Stats): string | undefined =>
  entry.isFIFO()
    ? 'a named pipe (FIFO)'
    : entry.isSocket()
      ? 'a socket'
      : entry.isCharacterDevice() || entry.isBlockDevice()
        ? 'a device'
        : undefined;

/** Throws NotRegularFile for every pipe, socket or device in the theme or islands folder (or a link to one). */
export async function checkCodeFiles({ themeDir, islandsDir }: Pick<ProjectPaths, 'themeDir' | 'islandsDir'>) {
  const errors: SiteError[] = [];
  // A missing folder (islands/, often) holds none.
  for (const dir of [themeDir, islandsDir]) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [] as Dirent[]);
    for (const entry of entries) {
      const file = path.join(entry.parentPath, entry.name);
      const kind = entry.isSymbolicLink() ? await stat(file).then(kindOf, () => undefined) : kindOf(entry);
      if (kind)
        errors.push(new SiteError('NotRegularFile', { file: displayPath(file), kind }, { file: displayPath(file) }));
    }
  }
  throwIfAny(errors);
}

/** The browser bundles (assets/bundle-assets.ts), once the folders esbuild reads them from are checked. */
export async function bundleCheckedAssets(theme: Theme, paths: ProjectPaths) {
  await checkCodeFiles(paths);
  return bundleProjectAssets(theme, paths);
}
