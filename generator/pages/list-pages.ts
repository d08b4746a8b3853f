/** The markdown files of a pages folder: a light module, so a build can list them before loading the rest of the generator. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { briefList } from '../base/brief-list';
import { SiteError, SiteWarning, throwIfAny } from '../base/errors';
import { walkFiles, type LinkProblem, type SpecialFile } from '../base/list-files';
import { displayPath } from '../base/paths';

/** The public folder inside the pages folder: copied to the output as it is. */
/** The site config, beside the pages. */
import { CONFIG_FILE } from '../config/config-file';
export { CONFIG_FILE };
export const PUBLIC_DIR = 'public';

/** A page's file: markdown, as `.md` or as `.markdown` (Jekyll's posts), in any case. */
export const MARKDOWN_FILE = /\.(md|markdown)$/i;
export const isMarkdownFile = (file: string) => MARKDOWN_FILE.test(file);
/** Hugo's section page, `_index.md`: its folder's page, as index.md is (pages/routes.ts), though its name starts with `_`. */
const SECTION_PAGE = /^_index\.(md|markdown)$/i;

/**
 * Whether a path in the pages folder (names between `/`) may be a page's: no name of it starts with `_` (but a last
 * name that is `_index.md`) or `.`, and its first is not `public`. Read name by name in place, without cutting the
 * path: every update lists every file of the pages folder.
 */
export const isPageSource = (relative: string): boolean => {
  if (relative.startsWith(PUBLIC_DIR) && (relative.length === PUBLIC_DIR.length || relative[PUBLIC_DIR.length] === '/'))
    return false;
  for (let start = 0; ;) {
    const end = relative.indexOf('/', start);
    const first = relative[start];
    if (first === '.') return false;
    if (first === '_' && !(end === -1 && SECTION_PAGE.test(relative.slice(start)))) return false;
    if (end === -1) return true;
    start = end + 1;
  }
};

/**
 * Markdown files under the pages folder, skipping `public/` and names starting with `_` or `.` (but `_index.md`). A symbolic link to
 * a page or folder inside the pages folder is followed; one that leads outside it (or nowhere) is an error naming
 * it: nothing outside the pages folder is published.
 */
export async function listPageFiles(pagesDir: string): Promise<PageFiles> {
  await assertPagesFolder(pagesDir);
  const passedOver: string[] = [];
  const { files, links, special } = await walkFiles(pagesDir, {
    within: pagesDir,
    skip: (relative) => {
      if (isPageSource(relative)) return false;
      if (isPassedOver(relative)) passedOver.push(relative);
      return true;
    },
  }).catch((error: NodeJS.ErrnoException) => {
    throw typeof error.code === 'string' ? unreadableFolder(pagesDir, error) : error; // a file system error, or a SiteError or bug as it is
  });
  // A link to anything but a page or a folder of them is never read, so it cannot publish anything; nor is a named
  // pipe, socket or device of another name (site.yml is read, and refused, on its own). One named as a page would be
  // a page missing from the site without a word: it is named instead.
  throwIfAny([
    ...links.filter((link) => link.folder || isMarkdownFile(link.link)).map(linkError),
    ...special.filter((found) => isMarkdownFile(found.file)).map(notRegularError),
  ]);
  const pages = files.map((file) => file.path).filter(isMarkdownFile);
  // MDX is markdown with JSX in it, which no build of this engine reads: named with the markdown passed over.
  for (const file of files) if (MDX_FILE.test(file.path)) passedOver.push(file.path);
  return { pages, passedOver: passedOver.sort() };
}

/** The pages of a pages folder, and the markdown in it that is not built (passedOverWarning). */
export interface PageFiles {
  /** The page files, relative to the pages folder, with `/` between names. */
  pages: string[];
  /** Markdown the build passes over, as `pages`: in a folder or with a name starting with `_`, or MDX. */
  passedOver: string[];
}

const MDX_FILE = /\.mdx$/i;
/**
 * Markdown the build passes over and names: in `_` folders (Jekyll's `_posts` and `_drafts`, partials) or with a `_`
 * name, not in hidden folders (`.github`: a repository's own, not the site's) nor in public/ (published as files).
 */
const isPassedOver = (relative: string) =>
  (isMarkdownFile(relative) || MDX_FILE.test(relative)) &&
  !relative.split('/').some((part, i) => part.startsWith('.') || (i === 0 && part === PUBLIC_DIR));

/** One warning naming the markdown the build passes over, with how many files and the first few. */
export function passedOverWarning(passedOver: readonly string[], pagesDir: string): SiteWarning[] {
  if (passedOver.length === 0) return [];
  return [
    new SiteWarning('MarkdownPassedOver', {
      count: passedOver.length,
      files: briefList(
        passedOver.map((file) => displayPath(path.join(pagesDir, file))),
        3,
      ),
    }),
  ];
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
