/** Reading a page file's bytes, within the limits of an input file. */
import { SiteError } from '../base/errors';
import { LIMITS, readInputSync } from '../base/read-input';

/** Reads a page's bytes; a file that vanished or cannot be read is UnreadableFile. */
export function readPage(absolute: string, file: string): Uint8Array {
  try {
    return readInputSync(absolute, file, LIMITS.page);
  } catch (cause) {
    if (cause instanceof SiteError) throw cause; // not a regular file, or too large
    const code = (cause as NodeJS.ErrnoException).code;
    throw new SiteError(
      'UnreadableFile',
      { file, reason: code === 'ENOENT' ? 'it no longer exists' : (code ?? (cause as Error).message) },
      { file, cause },
    );
  }
}
