/**
 * Feeds of a collection: Atom (RFC 4287) and, when asked, JSON Feed 1.1. URLs
 * are absolute; an entry's HTML content carries xml:base, so its relative
 * links resolve against its page.
 */
import { rfc3339 } from '../pages/dates';

export interface FeedEntry {
  title: string;
  url: string;
  date: string;
  description: string;
  /** The page's whole rendered body, when the feed carries full content. */
  html?: string;
  tags: string[];
}

export interface FeedSource {
  title: string;
  /** The listing page's URL, and the feed's own. */
  pageUrl: string;
  feedUrl: string;
  author: string;
  language: string;
  /** When the feed has no entries: its date. */
  empty: Date;
  entries: FeedEntry[];
}

// Characters XML 1.0 does not allow at all (C0 controls but tab and line ends, lone surrogates, U+FFFE, U+FFFF).
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xml = (text: string) =>
  text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const updatedOf = (feed: FeedSource) =>
  feed.entries.length === 0
    ? feed.empty.toISOString().replace(/\.\d{3}Z$/, 'Z')
    : feed.entries.map((e) => rfc3339(e.date)).sort((a, b) => Date.parse(b) - Date.parse(a))[0]!;

export function atomFeed(feed: FeedSource): string {
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    <title>${xml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(entry.url)}"/>`,
      `    <id>${xml(entry.url)}</id>`,
      `    <published>${rfc3339(entry.date)}</published>`,
      `    <updated>${rfc3339(entry.date)}</updated>`,
      ...entry.tags.map((tag) => `    <category term="${xml(tag)}"/>`),
      `    <summary>${xml(entry.description)}</summary>`,
      ...(entry.html === undefined
        ? []
        : [`    <content type="html" xml:base="${xml(entry.url)}">${xml(entry.html)}</content>`]),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(feed.language)}">`,
    `  <title>${xml(feed.title)}</title>`,
    `  <link rel="alternate" type="text/html" href="${xml(feed.pageUrl)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(feed.feedUrl)}"/>`,
    `  <id>${xml(feed.feedUrl)}</id>`,
    `  <updated>${updatedOf(feed)}</updated>`,
    `  <author><name>${xml(feed.author)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

export function jsonFeed(feed: FeedSource): string {
  return `${JSON.stringify(
    {
      version: 'https://jsonfeed.org/version/1.1',
      title: feed.title,
      home_page_url: feed.pageUrl,
      feed_url: feed.feedUrl,
      language: feed.language,
      authors: [{ name: feed.author }],
      items: feed.entries.map((entry) => ({
        id: entry.url,
        url: entry.url,
        title: entry.title,
        summary: entry.description,
        ...(entry.html === undefined ? { content_text: entry.description } : { content_html: entry.html }),
        date_published: rfc3339(entry.date),
        ...(entry.tags.length > 0 ? { tags: entry.tags } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}
