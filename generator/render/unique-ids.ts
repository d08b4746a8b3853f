/**
 * The safety net under heading ids: no page is written in which two elements
 * share an id. Markdown headings avoid the ids a theme declares
 * (Theme.reservedIds), but a theme may not declare them all, and ids from
 * frontmatter (a section's, a form's) are the page's own: whatever the cause,
 * a clash fails the build naming the page and the id, instead of shipping a
 * link or a label that goes to the wrong element.
 */
import { SiteError } from '../base/errors';
import type { PageInfo } from '../pages/page';
import { idsIn } from './html-attributes';

/** A page's markup in order: its own parts as HTML, shared parts (layout shells) with their ids already read. */
export type IdSource = string | { ids: readonly string[] };

/** The first id given to two elements, if any. */
export function duplicateId(parts: readonly IdSource[]): string | undefined {
  const seen = new Set<string>();
  for (const part of parts) {
    for (const id of typeof part === 'string' ? idsIn(part) : part.ids) {
      if (seen.has(id)) return id;
      seen.add(id);
    }
  }
  return undefined;
}

/** Throws DuplicateId when two elements of the page share an id. */
export function assertUniqueIds(page: Pick<PageInfo, 'file' | 'route' | 'headings'>, parts: readonly IdSource[]): void {
  const id = duplicateId(parts);
  if (id === undefined) return;
  const heading = page.headings.find((h) => h.id === id);
  throw new SiteError(
    'DuplicateId',
    { route: page.route, id, heading: heading?.text },
    { file: page.file, field: heading ? 'body' : undefined },
  );
}
