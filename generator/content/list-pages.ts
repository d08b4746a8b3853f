/** The markdown files of a pages folder: a light module, so a build can list them before loading the rest of the generator. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, throwIfAny } from '../base/errors';
import { walkFiles, type LinkProblem, type SpecialFile } from '../base/list-files';
import { displayPath } from '../base/paths';

/** The public folder inside the pages folder: copied to the output as it is. */
/** The site config, beside the pages. */
export const CONFIG_FILE = 'site.yml';
export const PUBLIC_DIR = 'public';

const isPageSource = (relative: string) =>
  !relative
    .split('/')
    .some((part, i) => part.startsWith('_') || part.startsWith('.') || (i === 0 && part === PUBLIC_DIR));

/**
 * Markdown files under the pages folder, skipping `public/` and names starting with `_` or `.`. A symbolic link to
 * a page or folder inside the pages folder is followed; one that leads outside it (or nowhere) is an error naming
 * it: nothing outside the pages folder is published.
 */
export async function listPageFiles(pagesDir: string): Promise<string[]> {
  await assertPagesFolder(pagesDir);
  const { files, links, special } = await walkFiles(pagesDir, {
    within: pagesDir,
    skip: (relative) => !isPageSource(relative),
  }).catch((error: NodeJS.ErrnoException) => {
    throw typeof error.code === 'string' ? unreadableFolder(pagesDir, error) : error; // a file system error, or a SiteError or bug as it is
  });
  // A link to anything but a page or a folder of them is never read, so it cannot publish anything; nor is a named
  // pipe, socket or device of another name (site.yml is read, and refused, on its own). One named as a page would be
  // a page missing from the site without a word: it is named instead.
  throwIfAny([
    ...links.filter((link) => link.folder || link.link.endsWith('.md')).map(linkError),
    ...special.filter((found) => found.file.endsWith('.md')).map(notRegularError),
  ]);
  return files.map((file) => file.path).filter((file) => file.endsWith('.md'));
}

/** The error for a symbolic link that leads outside the pages folder, or nowhere. */
export function linkError({ link, target, problem }: LinkProblem): SiteError {
  const file = displayPath(link);
  return problem === 'dangling'
    ? new SiteError('DanglingSymlink', { file, target }, { file })
    : new SiteError('LinkOutsidePages', { file, target }, { file });
}

/** The error for a named pipe, socket or device (or a link to one) where a file is read or published. */
export function notRegularError({ file, kind }: SpecialFile): SiteError {
  const shown = displayPath(file);
  return new SiteError('NotRegularFile', { file: shown, kind }, { file: shown });
}

/** Throws MissingPagesFolder, PagesFolderIsFile or UnreadablePagesFolder unless `pagesDir` is a folder that can be read. */
async function assertPagesFolder(pagesDir: string): Promise<void> {
  const shown = displayPath(pagesDir);
  const stats = await stat(pagesDir).catch((error: NodeJS.ErrnoException) => error);
  if (stats instanceof Error) {
    if (stats.code === 'ENOENT' || stats.code === 'ENOTDIR')
      throw new SiteError('MissingPagesFolder', { folder: shown }, { file: shown, cause: stats });
    throw unreadableFolder(pagesDir, stats);
  }
  if (!stats.isDirectory()) throw new SiteError('PagesFolderIsFile', { folder: shown }, { file: shown });
}

const unreadableFolder = (pagesDir: string, error: NodeJS.ErrnoException) =>
  new SiteError(
    'UnreadablePagesFolder',
    {
      folder: displayPath(pagesDir),
      reason: `${error.code ?? error.message}${error.path ? `: ${displayPath(error.path)}` : ''}`,
    },
    {
      file: displayPath(pagesDir),
      cause: error,
    },
  );

export const noPages = (pagesDir: string, displayRoot: string) =>
  new SiteError('NoPages', { folder: path.relative(displayRoot, pagesDir) || pagesDir });
