/**
 * Reads an input file (a page, the config, the logo, a public file) only when it is a
 * regular file, and only up to a limit. A named pipe would block the build
 * for ever, a device such as /dev/zero never end, and a huge file exhaust the
 * memory before any message: each is a named error instead, before anything
 * is read. The file is opened without waiting (O_NONBLOCK) and checked on the
 * open handle, so what is read is what was checked.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from './errors';
import { isInside } from './paths';

/** How large an input may be: far beyond any real one, far below what would exhaust the memory. */
export const LIMITS = {
  /** A markdown page. */
  page: 8 * 1024 * 1024,
  /** A page's frontmatter (its YAML, between the --- lines). */
  frontmatter: 256 * 1024,
  /** site.yml. */
  config: 1024 * 1024,
  /** The logo (an SVG drawn into the icons and the social card). */
  logo: 2 * 1024 * 1024,
  /** A public file, copied as it is: above what static hosts take for one file (GitHub Pages: 100 MB). */
  publicFile: 256 * 1024 * 1024,
} as const;

const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** What a file that is not a regular file is, as the error names it. */
function kindOf(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  return 'not a regular file';
}

function check(stats: Stats, file: string, limit: number): void {
  const kind = kindOf(stats);
  if (kind) throw new SiteError('NotRegularFile', { file, kind }, { file });
  if (stats.size > limit) throw new SiteError('FileTooLarge', { file, size: stats.size, limit }, { file });
}

/** The bytes of `absolute` (shown as `file`), when it is a regular file of at most `limit` bytes. */
export function readInputSync(absolute: string, file: string, limit: number): Uint8Array {
  const fd = openSync(absolute, FLAGS);
  try {
    const stats = fstatSync(fd);
    check(stats, file, limit);
    // Read to the limit and one byte more: a file that grew since fstat is caught too.
    const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0;)
      length += n;
    if (length > limit) throw new SiteError('FileTooLarge', { file, size: length, limit }, { file });
    return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
  } finally {
    closeSync(fd);
  }
}

/** As readInputSync, without blocking the thread. */
export async function readInput(absolute: string, file: string, limit: number): Promise<Uint8Array> {
  const handle = await open(absolute, FLAGS);
  try {
    const stats = await handle.stat();
    check(stats, file, limit);
    const buffer = Buffer.alloc(Math.min(stats.size, limit) + 1);
    let length = 0;
    for (
      let n;
      length < buffer.length && (n = (await handle.read(buffer, length, buffer.length - length, null)).bytesRead) > 0;
    )
      length += n;
    if (length > limit) throw new SiteError('FileTooLarge', { file, size: length, limit }, { file });
    return new Uint8Array(buffer.buffer, buffer.byteOffset, length);
  } finally {
    await handle.close();
  }
}

/**
 * Refuses `file` (shown as `shown`) when its real path, every symbolic link resolved, leaves `folder`: site.yml is
 * held to the rule pages and public files are. A missing file is left for the read to report.
 */
export async function checkInsidePages(file: string, folder: string, shown: string): Promise<void> {
  const real = await realpath(file).catch(() => undefined);
  if (real === undefined) return;
  const root = await realpath(folder).catch(() => path.resolve(folder));
  if (isInside(real, root)) return;
  const target = await readlink(file).catch(() => real);
  throw new SiteError('LinkOutsidePages', { file: shown, target }, { file: shown });
}
