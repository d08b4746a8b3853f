/** The markdown files of a pages folder: a light module, so a build can list them before loading the rest of the generator. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../core/errors';

/** The public folder inside the pages folder: copied to the output as it is. */
export const PUBLIC_DIR = 'public';

/** Markdown files under the pages folder, skipping `public/` and names starting with `_` or `.`. */
export async function listPageFiles(pagesDir: string): Promise<string[]> {
  const entries = await readdir(pagesDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.relative(pagesDir, path.join(entry.parentPath, entry.name)).replace(/\\/g, '/'))
    .filter((rel) => !rel.split('/').some((part, i) => part.startsWith('_') || part.startsWith('.') || (i === 0 && part === PUBLIC_DIR)))
    .sort();
}

export const noPages = (pagesDir: string, displayRoot: string) =>
  new SiteError('NoPages', `No markdown pages in ${path.relative(displayRoot, pagesDir) || pagesDir}`);
