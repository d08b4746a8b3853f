/**
 * Property: a plan made from the last (which visits only the pages that may differ from the last plan's, and keeps
 * the last plan's pages in their order when the same pages are made in the same order: collections/plan-visit.ts) is
 * the plan made from nothing, route for route and in the same order, whatever sequence of post edits (a title, a
 * date, tags that come and go, a post added or removed) it follows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { planMemo, planSite, type Plan } from '../../generator/collections/plan';
import { htmlWithAbsoluteUrls } from '../../generator/render/base-path';
import type { TemplateDefinition, Theme } from '../../generator/pages/theme-types';
import { pageInfo } from '../support/page-info';
import type { PageInfo } from '../../generator/pages/page';
import type { SiteConfig } from '../../generator/config/config';

const site = { name: 'Notes', baseUrl: 'https://notes.example', locale: 'en_US' } as unknown as SiteConfig;
const NOW = new Date('2026-01-01T12:00:00Z');
const absoluteHtml = (html: string, pageUrl: string) => htmlWithAbsoluteUrls(html, site.baseUrl, pageUrl);
const component = () => null;
const posts = { folder: 'blog', sort: 'date' } as const;
const templates: Record<string, Partial<TemplateDefinition>> = {
  post: { collections: { posts }, neighbours: 'posts' },
  list: {
    collections: { posts },
    paginate: { collection: 'posts', size: 2, tags: true },
    feed: { collection: 'posts' },
  },
  home: { collections: { latest: { ...posts, limit: 2 } } },
  plain: {},
};
const theme = {
  Layout: component,
  stylesheet: 's.css',
  templates: Object.fromEntries(
    Object.entries(templates).map(([name, t]) => [name, { schema: z.looseObject({}), component, ...t }]),
  ),
} as unknown as Theme;

type Post = { title: string; date: string; tags: string[] };
const TAGS = ['Alpha', 'Beta', 'Gamma', 'Delta'];
const SLOTS = 7;

const page = pageInfo;

const pagesOf = (slots: (Post | undefined)[]): PageInfo[] => [
  page('/', 'Home', 'home'),
  page('/about', 'About', 'plain'),
  page('/blog', 'Blog', 'list'),
  ...slots.flatMap((post, n) =>
    post ? [page(`/blog/p${n}`, post.title, 'post', { title: post.title, date: post.date, tags: post.tags })] : [],
  ),
];

/** What a plan gives, in its order: each route with its page, props and key, and the feeds. */
const shape = (plan: Plan) => ({
  pages: [...plan.pages].map(([route, { page, props, key }]) => [route, page, props, key]),
  feeds: [...plan.feeds],
  feedPages: [...plan.feedPages],
});

const post = fc.record({
  title: fc.constantFrom('One', 'Two', 'Three'),
  date: fc.constantFrom('2025-01-01', '2025-01-02', '2025-02-01', '2025-03-01'),
  tags: fc.subarray(TAGS, { maxLength: 3 }),
});
const slot = fc.integer({ min: 0, max: SLOTS - 1 });
const edit = fc.oneof(
  fc.record({ slot, title: fc.constantFrom('One', 'Two', 'Three', 'Four') }),
  fc.record({ slot, date: fc.constantFrom('2025-01-01', '2025-01-03', '2025-04-01') }),
  fc.record({ slot, tags: fc.subarray(TAGS, { maxLength: 3 }) }),
  fc.record({ slot, post: fc.option(post, { nil: undefined }) }),
);

describe('a plan from the last plan', () => {
  it('is the plan from nothing, in the same order, after any sequence of edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(post, { nil: undefined }), { minLength: SLOTS, maxLength: SLOTS }),
        fc.array(edit, { minLength: 1, maxLength: 8 }),
        (start, edits) => {
          const memo = planMemo();
          const slots: (Post | undefined)[] = [...start];
          // A page not edited is the same object in the next plan's pages, as a watch update leaves it.
          let pages = pagesOf(slots);
          planSite(pages, { site, theme, now: NOW, absoluteHtml, memo });
          for (const change of edits) {
            const was = slots[change.slot];
            if ('post' in change) slots[change.slot] = change.post;
            else if (was) slots[change.slot] = { ...was, ...change };
            const fresh = pagesOf(slots);
            pages = fresh.map((made) => {
              const kept = pages.find((before) => before.route === made.route);
              return kept && JSON.stringify(kept) === JSON.stringify(made) ? kept : made;
            });
            const fromLast = planSite(pages, { site, theme, now: NOW, absoluteHtml, memo });
            const fromNothing = planSite(pages, { site, theme, now: NOW, absoluteHtml });
            expect(shape(fromLast)).toEqual(shape(fromNothing));
          }
        },
      ),
      { numRuns: 150, seed: 43 },
    );
  });
});
