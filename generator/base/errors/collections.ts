/** Errors of what templates read of other pages: collections, tags and feeds. */
export const COLLECTION_ERRORS = {
  TagSlugCollision: {
    title: 'Two tags share a route',
    message: (p: { route: string; first: { tag: string; file: string }; second: { tag: string; file: string } }) =>
      `The tags "${p.first.tag}" (${p.first.file}) and "${p.second.tag}" (${p.second.file}) both make the tag page ${p.route}`,
    hint: 'Tags whose slugs are equal share one page: write the tag one way everywhere, or rename one of them.',
  },
  InvalidCollectionUse: {
    title: 'Invalid collection in a template',
    message: (p: { template: string; field: string; problem: string }) =>
      `The template "${p.template}" declares ${p.field}, which ${p.problem}`,
    hint: "See docs/collections.md: paginate, neighbours and feed name a key of the template's collections; sizes and limits are whole numbers from 1.",
  },
  FeedEntryWithoutDate: {
    title: 'A feed entry without a date',
    message: (p: { feed: string; route: string }) =>
      `The page ${p.route} is listed in the feed ${p.feed}, which needs a date for each entry, and has none`,
    hint: "Add a date to its frontmatter (date: 2025-03-01), or leave it out of the feed's collection.",
  },
} as const;
