/**
 * The task a markdown worker runs (markdown-pool.ts): a batch of page bodies
 * in, their rendered HTML and headings out. Each worker loads the site's
 * markdown pipeline once (loadMarkdown keeps it) from the same settings the
 * main thread loaded it from.
 */
import { siteErrorsOf, toPlain, type PlainSiteError } from '../core/errors';
import type { PageBody } from '../core/types';
import { loadMarkdown, type BodySource, type MarkdownSettings } from './markdown';
import type { PluginPlace } from './markdown-plugins';

export interface MarkdownTask {
  settings: MarkdownSettings | undefined;
  place: PluginPlace;
  pages: { content: string; page: BodySource }[];
}

export type MarkdownOutcome = { body: PageBody } | { error: PlainSiteError };

export default async function renderMarkdown({ settings, place, pages }: MarkdownTask): Promise<MarkdownOutcome[]> {
  const markdown = await loadMarkdown(settings, place);
  const outcomes: MarkdownOutcome[] = [];
  for (const { content, page } of pages) {
    try {
      const body = markdown.render(content, page);
      outcomes.push({ body: body instanceof Promise ? await body : body });
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length !== 1) throw error; // not a page's error: the pool's caller reports it as it is
      outcomes.push({ error: toPlain(found[0]!) });
    }
  }
  return outcomes;
}
