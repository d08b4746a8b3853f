/**
 * What of `pages/public/` is published, and the rules that keep it from
 * leaking or clobbering: nothing outside the pages folder (a symbolic link out
 * of it is an error naming it), no dotfiles but `.well-known/` (`.env`, `.git/`,
 * `.DS_Store` stay private), and no public file in place of a file the build
 * writes itself.
 */
import path from 'node:path';
import { SiteError, throwIfAny } from '../base/errors';
import { walkFiles, type FoundFile } from '../base/list-files';
import { displayPath } from '../base/paths';
import { linkError, notRegularError } from '../pages/list-pages';

/** A public file: `path` in the output, `source` the file to copy (a link's target inside the pages folder). */
export type PublicFile = FoundFile;

/** True for a path (relative to public/) that is published: no part of it starts with "." except a leading `.well-known`. */
export const isPublished = (relative: string) =>
  relative.split('/').every((part, i) => !part.startsWith('.') || (i === 0 && part === '.well-known'));

/**
 * The published files of `publicDir` (none when it does not exist); throws naming every link that leads outside
 * `pagesDir` or nowhere, and every named pipe, socket or device (NotRegularFile).
 */
export async function listPublicFiles(publicDir: string, pagesDir = path.dirname(publicDir)): Promise<PublicFile[]> {
  let found: Awaited<ReturnType<typeof walkFiles>>;
  try {
    found = await walkFiles(publicDir, { within: pagesDir, skip: (relative) => !isPublished(relative) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  throwIfAny([...found.links.map(linkError), ...found.special.map(notRegularError)]);
  return found.files;
}

/** Names compared as a case-insensitive file system (macOS, Windows) would: a clash there loses a file too. */
const key = (file: string) => file.normalize('NFC').toLowerCase();

/**
 * Errors for public files that would overwrite a file the build writes (or stand where it needs a folder, or the
 * reverse). `generated`: output file → what it is, as a phrase ("the page of pages/about.md").
 */
export function publicCollisions(
  publicFiles: readonly PublicFile[],
  generated: ReadonlyMap<string, string>,
  publicDir: string,
  hint?: string,
): SiteError[] {
  const byKey = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const file of generated.keys()) {
    byKey.set(key(file), file);
    for (let i = file.indexOf('/'); i > 0; i = file.indexOf('/', i + 1)) folders.set(key(file.slice(0, i)), file);
  }
  const errors: SiteError[] = [];
  for (const { path: file } of publicFiles) {
    const shown = displayPath(path.join(publicDir, file));
    const same = byKey.get(key(file));
    const folder = folders.get(key(file));
    const parent = file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/'))
      .find((prefix) => byKey.has(key(prefix)));
    const clash = same ?? folder ?? (parent === undefined ? undefined : byKey.get(key(parent)));
    if (clash === undefined) continue;
    const made = generated.get(clash)!;
    const kind =
      same !== undefined ? (same === file ? 'same' : 'case') : folder !== undefined ? 'folder needed' : 'file needed';
    errors.push(
      new SiteError(
        'PublicFileCollision',
        { file: shown, generated: clash, madeBy: made, clash: kind },
        { file: shown, ...(hint ? { hint } : {}) },
      ),
    );
  }
  return errors;
}

/** Throws the collisions of publicCollisions, if any. */
export function checkPublicCollisions(
  publicFiles: readonly PublicFile[],
  generated: ReadonlyMap<string, string>,
  publicDir: string,
): void {
  throwIfAny(publicCollisions(publicFiles, generated, publicDir));
}
