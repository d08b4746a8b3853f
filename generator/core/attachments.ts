/**
 * Files the pages link to beside them, as markdown written for GitHub or an editor does: `![diagram](images/a.png)`
 * in pages/guide/intro.md publishes pages/guide/images/a.png at /guide/images/a.png (markdown/page-links.ts rewrites
 * the link). Only a file some page links to is published, never the rest of its folder; never a page, a dotfile or
 * the site config; never a file whose real path leaves the pages folder. A link to a file that is not there is left
 * to the link check, which names its line.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { throwIfAny, type SiteError } from '../base/errors';
import { displayPath } from '../base/paths';
import { CONFIG_FILE, isMarkdownFile } from '../pages/list-pages';
import type { PageInfo } from '../pages/page';
import { checkInsidePages, LIMITS, readInput } from '../base/read-input';
import { isPublished, publicCollisions, type PublicFile } from '../output/public-files';
import type { Output } from '../output/update-files';

/** The files the pages link to beside them: output path → the file to copy. */
export type Attachments = Map<string, string>;

/** The files `pages` link to beside them. */
function besideFiles(pages: Iterable<PageInfo>): Set<string> {
  const wanted = new Set<string>();
  for (const page of pages) for (const link of page.markdownLinks ?? []) if (link.beside) wanted.add(link.beside);
  return wanted;
}

/** Of the files `wanted` (besideFiles), those that are there to publish, in path order. */
async function findAttachments(wanted: ReadonlySet<string>, pagesDir: string): Promise<Attachments> {
  const found: [string, string][] = [];
  const errors: SiteError[] = [];
  await Promise.all(
    [...wanted].map(async (file) => {
      if (!isPublished(file) || isMarkdownFile(file) || file === CONFIG_FILE) return;
      const source = path.join(pagesDir, ...file.split('/'));
      const stats = await stat(source).catch(() => undefined);
      if (!stats?.isFile()) return;
      try {
        await checkInsidePages(source, pagesDir, displayPath(source));
        found.push([file, source]);
      } catch (error) {
        errors.push(error as SiteError);
      }
    }),
  );
  throwIfAny(errors);
  return new Map(found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The files `pages` link to beside them, with what publishing them changes after `previous` (every file, for a full
 * update) added to `output`: a file newly linked, or changed (`changed`: absolute paths), is read; a file no page
 * links to any more is removed. `linked`: every file the pages link to beside them, there or not (for routesShowing).
 */
export async function publishAttachments(
  pages: Iterable<PageInfo>,
  pagesDir: string,
  previous: Attachments | undefined,
  changed: readonly string[] | undefined,
  output: Output,
): Promise<{ attachments: Attachments; linked: ReadonlySet<string> }> {
  const linked = besideFiles(pages);
  const next = await findAttachments(linked, pagesDir);
  const edited = new Set(changed);
  for (const [file, source] of next)
    if (previous?.get(file) !== source || edited.has(source))
      output.set(file, await readInput(source, displayPath(source), LIMITS.publicFile));
  for (const file of previous?.keys() ?? []) if (!next.has(file)) output.set(file, null);
  return { attachments: next, linked };
}

/** Errors for attachments that would take the place of a file the build makes, or of a public file. */
export function attachmentCollisions(
  attachments: Attachments,
  generated: ReadonlyMap<string, string>,
  publicFiles: readonly PublicFile[],
  pagesDir: string,
  publicDir: string,
): SiteError[] {
  const taken = new Map(generated);
  for (const file of publicFiles)
    taken.set(file.path, `the public file ${displayPath(path.join(publicDir, file.path))}`);
  return publicCollisions(
    [...attachments].map(([file, source]) => ({ path: file, source })),
    taken,
    pagesDir,
    'Rename or move the file, and the links to it: a file a page links to is published at its path in the pages folder, where the build or the public folder already puts this one.',
  );
}

/**
 * The routes, besides those `rendered`, of pages that link beside them to a file `output` writes or removes. `linked`:
 * every file the pages link to beside them (publishAttachments); when `output` has none of them, no page shows one.
 */
export function routesShowing(
  pages: Iterable<PageInfo>,
  output: Output,
  rendered: ReadonlySet<string>,
  linked: ReadonlySet<string>,
): string[] {
  const routes: string[] = [];
  if (![...output.keys()].some((file) => linked.has(file))) return routes;
  for (const page of pages)
    if (!rendered.has(page.route) && page.markdownLinks?.some((link) => link.beside && output.has(link.beside)))
      routes.push(page.route);
  return routes;
}
