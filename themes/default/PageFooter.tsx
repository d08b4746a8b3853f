/**
 * The foot of a page read from a file: a link to edit its source (with `editUrl` in site.yml) and when it was last
 * committed (with `lastUpdated: git`). Nothing for the pages the engine makes, which have no file to edit.
 */
import type { PageInfo, SiteConfig } from 'site';

/** `editUrl` followed by the page's path inside the pages folder, each name URL-encoded (a space, a `#`, a `?`). */
export const editLinkOf = (editUrl: string, source: string): string =>
  editUrl + source.split('/').map(encodeURIComponent).join('/');

/** A date as the site's readers write it (its locale), in UTC so that every build of one commit shows one day. */
const shownDate = (iso: string, locale: string): string =>
  new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

export function PageFooter({ page, site }: { page: PageInfo; site: SiteConfig }) {
  const edit = site.editUrl && page.source ? editLinkOf(site.editUrl, page.source) : undefined;
  const updated = page.lastUpdated;
  if (!edit && !updated) return null;
  return (
    <footer className="page-footer">
      {edit && (
        <a className="edit-link" href={edit}>
          Edit this page
        </a>
      )}
      {updated && (
        <p className="last-updated">
          Last updated <time dateTime={updated}>{shownDate(updated, site.locale)}</time>
        </p>
      )}
    </footer>
  );
}
