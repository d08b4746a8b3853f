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
import { changedKeysSince } from '../base/changed-map';

/** The files the pages link to beside them: output path → the file to copy. */
export type Attachments = Map<string, string>;

/** The files the pages of a state link to beside them, each with how many links to it they have; and those pages. */
export interface LinkedBeside {
  pages: ReadonlyMap<string, PageInfo>;
  counts: ReadonlyMap<string, number>;
}

/**
 * The files `pages` link to beside them, counted: from `last` and the pages changed since, when `pages` records them
 * for the pages `last` counted (base/changed-map.ts), else from every page.
 */
function linkedBeside(pages: ReadonlyMap<string, PageInfo>, last: LinkedBeside | undefined): LinkedBeside {
  const changed = last ? changedKeysSince(pages, last.pages) : 'any';
  const counts = new Map(changed === 'any' ? [] : last!.counts);
  const count = (page: PageInfo | undefined, by: number) => {
    for (const link of page?.markdownLinks ?? []) {
      if (!link.beside) continue;
      const links = (counts.get(link.beside) ?? 0) + by;
      if (links === 0) counts.delete(link.beside);
      else counts.set(link.beside, links);
    }
  };
  if (changed === 'any') for (const page of pages.values()) count(page, 1);
  else
    for (const file of changed) {
      count(last!.pages.get(file), -1);
      count(pages.get(file), 1);
    }
  return { pages, counts };
}

/** Of the files `wanted` (linked beside), those that are there to publish, in path order. */
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
 * links to any more is removed. `linked`: every file the pages link to beside them, there or not (for routesShowing
 * and the next update: `lastLinked`, the last update's).
 */
export async function publishAttachments(
  pages: ReadonlyMap<string, PageInfo>,
  pagesDir: string,
  previous: { attachments: Attachments; linked?: LinkedBeside } | undefined,
  changed: readonly string[] | undefined,
  output: Output,
): Promise<{ attachments: Attachments; linked: LinkedBeside }> {
  const linked = linkedBeside(pages, previous?.linked);
  const next = await findAttachments(new Set(linked.counts.keys()), pagesDir);
  const edited = new Set(changed);
  for (const [file, source] of next)
    if (previous?.attachments.get(file) !== source || edited.has(source))
      output.set(file, await readInput(source, displayPath(source), LIMITS.publicFile));
  for (const file of previous?.attachments.keys() ?? []) if (!next.has(file)) output.set(file, null);
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
  linked: LinkedBeside,
): string[] {
  const routes: string[] = [];
  if (![...output.keys()].some((file) => linked.counts.has(file))) return routes;
  for (const page of pages)
    if (!rendered.has(page.route) && page.markdownLinks?.some((link) => link.beside && output.has(link.beside)))
      routes.push(page.route);
  return routes;
}
