/** The head links of a page that reads collections: its list's previous and next pages, and its feeds. */
import type { CollectionProps } from '../pages/collection-types';

export function collectionLinks(
  props: CollectionProps | undefined,
): { rel: string; href: string; type?: string; title?: string }[] | undefined {
  if (!props) return undefined;
  const { pagination } = props;
  return [
    ...(pagination?.previous ? [{ rel: 'prev', href: pagination.previous }] : []),
    ...(pagination?.next ? [{ rel: 'next', href: pagination.next }] : []),
    ...props.feeds.map((feed) => ({ rel: 'alternate', href: feed.href, type: feed.type, title: feed.title })),
  ];
}
