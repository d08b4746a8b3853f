/**
 * The rules of JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), written as a check, for want of a validator
 * package: the version URL, the required fields and their types, URLs that must be absolute, unique item ids, each
 * item's content, RFC 3339 dates, authors with at least one field, attachments with their url and mime_type, and no
 * field the specification deprecated (`author`). Returns every problem, as `path: what is wrong`.
 */

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
// RFC 5646 language tags, in the shape the specification's examples use (`en`, `en-US`, `pt-BR`, `zh-Hant-TW`).
const LANGUAGE = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function absoluteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function jsonFeedProblems(feed: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(feed)) return ['the feed is not a JSON object'];
  const string = (where: string, value: unknown, required: boolean) => {
    if (value === undefined) {
      if (required) problems.push(`${where}: required`);
      return false;
    }
    if (typeof value !== 'string') {
      problems.push(`${where}: not a string`);
      return false;
    }
    return true;
  };
  const url = (where: string, value: unknown, required = false) => {
    if (string(where, value, required) && !absoluteUrl(value as string))
      problems.push(`${where}: not an absolute http(s) URL: ${value as string}`);
  };
  const date = (where: string, value: unknown) => {
    if (string(where, value, false) && !RFC3339.test(value as string))
      problems.push(`${where}: not an RFC 3339 date-time: ${value as string}`);
  };
  const authors = (where: string, value: unknown) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) {
      problems.push(`${where}: not an array`);
      return;
    }
    value.forEach((author: unknown, i) => {
      const at = `${where}[${i}]`;
      if (!isObject(author)) {
        problems.push(`${at}: not an object`);
        return;
      }
      if (author.name === undefined && author.url === undefined && author.avatar === undefined)
        problems.push(`${at}: has none of name, url, avatar`);
      string(`${at}.name`, author.name, false);
      url(`${at}.url`, author.url);
      url(`${at}.avatar`, author.avatar);
    });
  };

  if (feed.version !== 'https://jsonfeed.org/version/1.1')
    problems.push(`version: not https://jsonfeed.org/version/1.1: ${JSON.stringify(feed.version)}`);
  string('title', feed.title, true);
  url('home_page_url', feed.home_page_url);
  url('feed_url', feed.feed_url);
  string('description', feed.description, false);
  url('icon', feed.icon);
  url('favicon', feed.favicon);
  if (feed.language !== undefined && !(typeof feed.language === 'string' && LANGUAGE.test(feed.language)))
    problems.push(`language: not an RFC 5646 language tag: ${JSON.stringify(feed.language)}`);
  if (feed.expired !== undefined && typeof feed.expired !== 'boolean') problems.push('expired: not a boolean');
  if (feed.author !== undefined) problems.push('author: deprecated in 1.1 (authors)');
  authors('authors', feed.authors);
  if (!Array.isArray(feed.items)) {
    problems.push('items: required, an array');
    return problems;
  }
  const ids = new Map<string, number>();
  feed.items.forEach((item: unknown, i) => {
    const at = `items[${i}]`;
    if (!isObject(item)) {
      problems.push(`${at}: not an object`);
      return;
    }
    // The id is a string, unique within the feed (a number is allowed but must be written as a string).
    if (string(`${at}.id`, item.id, true)) {
      const first = ids.get(item.id as string);
      if (first !== undefined) problems.push(`${at}.id: repeats items[${first}]`);
      else ids.set(item.id as string, i);
    }
    url(`${at}.url`, item.url);
    url(`${at}.external_url`, item.external_url);
    string(`${at}.title`, item.title, false);
    string(`${at}.summary`, item.summary, false);
    const html = string(`${at}.content_html`, item.content_html, false);
    const text = string(`${at}.content_text`, item.content_text, false);
    if (!html && !text && item.content_html === undefined && item.content_text === undefined)
      problems.push(`${at}: neither content_html nor content_text`);
    url(`${at}.image`, item.image);
    url(`${at}.banner_image`, item.banner_image);
    date(`${at}.date_published`, item.date_published);
    date(`${at}.date_modified`, item.date_modified);
    if (item.author !== undefined) problems.push(`${at}.author: deprecated in 1.1 (authors)`);
    authors(`${at}.authors`, item.authors);
    if (item.tags !== undefined && !(Array.isArray(item.tags) && item.tags.every((tag) => typeof tag === 'string')))
      problems.push(`${at}.tags: not an array of strings`);
    if (item.language !== undefined && !(typeof item.language === 'string' && LANGUAGE.test(item.language)))
      problems.push(`${at}.language: not an RFC 5646 language tag`);
    if (item.attachments !== undefined) {
      if (!Array.isArray(item.attachments)) problems.push(`${at}.attachments: not an array`);
      else
        item.attachments.forEach((attachment: unknown, j) => {
          const where = `${at}.attachments[${j}]`;
          if (!isObject(attachment)) {
            problems.push(`${where}: not an object`);
            return;
          }
          url(`${where}.url`, attachment.url, true);
          string(`${where}.mime_type`, attachment.mime_type, true);
        });
    }
  });
  return problems;
}
