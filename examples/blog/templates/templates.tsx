/**
 * The templates. `blog` lists the posts of the blog folder, newest first, ten to a page, with a page for each
 * tag and an Atom and a JSON feed (the first page lists every tag, the others the most used); `post` is one post, with its tags and its previous and next posts; `home`
 * shows the latest three posts. Posts and list pages show their breadcrumbs as the built-in theme's pages do. Each says what it reads (`collections`, `paginate`, `neighbours`, `feed`), and
 * the engine re-renders it whenever that changes.
 */
import { z } from 'zod';
import {
  dateField,
  defineCollection,
  defineTemplate,
  organizationId,
  rfc3339,
  textField,
  type CollectionEntry,
  type TagCount,
  type TagLink,
} from 'site';
import { Breadcrumbs } from 'site/theme';

/** A post's fields: its collections name this schema, so their entries' `data.date` is a string, as validated. */
const postSchema = z.object({ date: dateField(), description: textField(200) });

/** The blog folder's posts, newest first, with their first paragraph: every page there is a `post`. */
const posts = defineCollection({ folder: 'blog', schema: postSchema, sort: 'date', summary: true });
type Post = CollectionEntry<typeof posts>;

/**
 * A post's day as its writer wrote it: `2025-02-15 23:30:00 -0500` is 15 February, where the instant is already the
 * 16th in UTC. The date is written in any form dateField takes (Jekyll's among them).
 */
const formatDate = (date: string) =>
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The date as `<time datetime>` takes it: a day alone, or the instant in RFC 3339 (Jekyll's form is not one). */
const machineDate = (date: string) => (date.length === 10 ? date : rfc3339(date));

function PostDate({ date, draft }: { date: string; draft: boolean }) {
  return (
    <p className="post-meta">
      <time dateTime={machineDate(date)}>{formatDate(date)}</time>
      {draft && ' · draft'}
    </p>
  );
}

function Tags({ tags }: { tags: TagLink[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.slug}>{tag.route ? <a href={tag.route}>{tag.name}</a> : tag.name}</li>
      ))}
    </ul>
  );
}

function PostList({ entries, level = 2 }: { entries: Post[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <ul className="post-list">
      {entries.map((entry) => (
        <li key={entry.route}>
          <Heading>
            <a href={entry.route}>{entry.title}</a>
          </Heading>
          <PostDate date={entry.data.date} draft={entry.draft} />
          {entry.summary ? <div dangerouslySetInnerHTML={{ __html: entry.summary }} /> : <p>{entry.description}</p>}
          <Tags tags={entry.tags} />
        </li>
      ))}
    </ul>
  );
}

/** The tags a list page shows: the most used, so that each page's size stays the same however many tags there are. */
const MOST_USED = 20;

/**
 * The blog's tags with their counts: all of them on the blog's first page, the tags index (`whole`), and the
 * MOST_USED most used on every other list and tag page, with a link to the index. Every tag on every page would make
 * the output grow with the posts times the tags.
 */
function TagIndex({ tags, current, whole }: { tags: TagCount[]; current?: string; whole: boolean }) {
  const shown = whole
    ? tags
    : [...tags].sort((a, b) => b.count - a.count || (a.slug < b.slug ? -1 : 1)).slice(0, MOST_USED);
  return (
    <section aria-labelledby="tags-title">
      <h2 id="tags-title">{whole || shown.length === tags.length ? 'Tags' : 'Most used tags'}</h2>
      <ul className="tag-list">
        {shown.map((tag) => (
          <li key={tag.slug}>
            <a href={tag.route} aria-current={tag.slug === current ? 'page' : undefined}>
              {tag.name} ({tag.count})
            </a>
          </li>
        ))}
      </ul>
      {!whole && shown.length < tags.length && (
        <p>
          <a href="/blog#tags-title">All {tags.length} tags</a>
        </p>
      )}
    </section>
  );
}

export const home = defineTemplate({
  schema: z.object({}),
  collections: { latest: { ...posts, summary: false, limit: 3 } },
  component: ({ page, collections }) => (
    <article className="page">
      <header className="page-header">
        <h1 id="page-title">{page.title}</h1>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <section aria-labelledby="posts-title">
        <h2 id="posts-title">Latest posts</h2>
        <PostList entries={collections.latest} level={3} />
        <p>
          <a href="/blog">Every post</a>
        </p>
      </section>
    </article>
  ),
});

export const blog = defineTemplate({
  schema: z.object({}),
  collections: { posts },
  paginate: { collection: 'posts', size: 10, tags: true },
  feed: { collection: 'posts', content: 'full', json: true },
  component: ({ page, pagination: p, feeds }) => {
    return (
      <article className="page">
        <header className="page-header">
          <Breadcrumbs crumbs={page.breadcrumbs} />
          <h1 id="page-title">{p.tag ? `Posts tagged “${p.tag.name}”` : page.title}</h1>
          {p.pages > 1 && (
            <p className="pager-status">
              Page {p.page} of {p.pages} · {p.total} posts
            </p>
          )}
        </header>
        {/* The list's own text; pages after the first and tag pages have none. */}
        {page.html !== '' && <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />}
        {p.entries.length === 0 ? <p>No posts yet.</p> : <PostList entries={p.entries} />}
        <nav className="pager" aria-label="Pages">
          {p.previous ? (
            <a href={p.previous} rel="prev">
              Newer posts
            </a>
          ) : (
            <span />
          )}
          {p.next ? (
            <a href={p.next} rel="next">
              Older posts
            </a>
          ) : (
            <span />
          )}
        </nav>
        {p.tags && p.tags.length > 0 && <TagIndex tags={p.tags} current={p.tag?.slug} whole={p.page === 1 && !p.tag} />}
        {feeds.map((feed) => (
          <p key={feed.href} className="feed-link">
            <a href={feed.href} type={feed.type}>
              {feed.type === 'application/atom+xml' ? 'Atom feed' : 'JSON feed'}
            </a>
          </p>
        ))}
      </article>
    );
  },
});

export const post = defineTemplate({
  schema: postSchema,
  collections: { posts },
  neighbours: 'posts',
  // A post is a BlogPosting for search engines, with the instant it was published (RFC 3339, as schema.org's
  // DateTime), beside the WebPage every page has.
  jsonLd: (page, site) => [
    {
      '@type': 'BlogPosting',
      '@id': `${page.url}#post`,
      headline: page.title,
      description: page.description,
      url: page.url,
      datePublished: rfc3339(page.data.date),
      mainEntityOfPage: { '@id': `${page.url}#webpage` },
      author: { '@id': organizationId(site) },
      publisher: { '@id': organizationId(site) },
      ...(page.data.tags && page.data.tags.length > 0 ? { keywords: page.data.tags.join(', ') } : {}),
    },
  ],
  component: ({ page, neighbours, entry }) => (
    <article className="page">
      <header className="page-header">
        <Breadcrumbs crumbs={page.breadcrumbs} />
        <h1 id="page-title">{page.title}</h1>
        <PostDate date={page.data.date} draft={page.data.draft === true} />
        <Tags tags={entry?.tags ?? []} />
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <nav className="pager" aria-label="Posts">
        {neighbours.previous ? <a href={neighbours.previous.route}>← {neighbours.previous.title}</a> : <span />}
        {neighbours.next ? <a href={neighbours.next.route}>{neighbours.next.title} →</a> : <span />}
      </nav>
    </article>
  ),
});
