/**
 * What the plan keeps of each page (generator/collections/plan.ts, query.ts, plan-keys.ts): objects that share V8's
 * hidden classes, one object a tag, one table of entries a shape, a digest as each key.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { planMemo, planSite } from '../../generator/collections/plan';
import { absoluteHtml, blogTheme, NOW, page, site } from '../support/plan-fixtures';

describe('what the plan keeps of each page', () => {
  // Node 20's V8 gives each object made by a literal that starts with a spread and adds keys after it a hidden class
  // of its own, kept with every page (page-shapes.test.ts): the plan's pages and the entries of its lists share theirs.
  it('shares hidden classes across pages: planned pages, entries and their tag links, neighbours, list pages', () => {
    v8.setFlagsFromString('--allow-natives-syntax');
    const same = vm.runInThisContext('(a, b) => %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const many = Array.from({ length: 60 }, (_, n) =>
      page(`/blog/p${String(n).padStart(2, '0')}`, {
        title: `Post ${n}`,
        date: `2025-01-${String((n % 28) + 1).padStart(2, '0')}`,
        tags: ['Odd', 'Even'],
      }),
    );
    const list = page('/blog', { title: 'Blog' }, 'list');
    const plan = planSite([list, ...many], { site, theme: blogTheme, now: NOW, absoluteHtml });
    const planned = many.map((p) => plan.pages.get(p.route)!);
    const last = planned.at(-1)!;
    expect(planned.slice(20).filter((p) => !same(p, last))).toEqual([]);
    // Each post's own entry in its collection, its tags with their pages' routes.
    const entries = planned.map((p) => p.props!.entry!);
    const entry = entries.at(-1)!;
    expect(entries.slice(20).filter((e) => !same(e, entry))).toEqual([]);
    // Those with both neighbours (all but the collection's first and last).
    const neighbours = planned.map((p) => p.props!.neighbours!).filter((n) => n.previous && n.next);
    expect(neighbours.slice(20).filter((n) => !same(n, neighbours.at(-1)!))).toEqual([]);
    const lists = [...plan.pages.values()].filter((p) => p.props?.pagination).map((p) => p.props!);
    expect(lists.length).toBeGreaterThan(20);
    expect(lists.slice(10, -1).filter((p) => !same(p, lists.at(-2)!))).toEqual([]);
    const tagLinks = entries.flatMap((e) => e.tags);
    expect(tagLinks.every((t) => t.route !== undefined)).toBe(true);
    expect(tagLinks.slice(40).filter((t) => !same(t, tagLinks.at(-1)!))).toEqual([]);
  });

  // What a watch keeps of every post between its updates: one object a tag, one table of entries a shape, and for each
  // page a digest, where it had a copy of each tag for every entry, a map of shapes for every source and its props' text.
  it('keeps one object a tag and a tag page, one table of entries a shape, and a digest as each key', () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      page(`/blog/p${String(n).padStart(2, '0')}`, {
        title: `Post ${n}`,
        date: `2025-01-${String((n % 28) + 1).padStart(2, '0')}`,
        tags: n % 2 ? ['Odd', 'Cloud Security'] : ['Even', 'Cloud Security'],
      }),
    );
    const list = page('/blog', { title: 'Blog' }, 'list');
    const memo = planMemo();
    const plan = planSite([list, ...many], { site, theme: blogTheme, now: NOW, absoluteHtml, memo });
    const entries = many.map((p) => plan.pages.get(p.route)!.props!.entry!);
    const cloud = new Set(entries.map((e) => e.tags.find((t) => t.name === 'Cloud Security')));
    expect([...cloud]).toEqual([
      { name: 'Cloud Security', slug: 'cloud-security', route: '/blog/tags/cloud-security' },
    ]);
    expect(new Set(many.map((p) => memo.sources.get(p)!.tags.at(-1))).size).toBe(1);
    expect(new Set(many.map((p) => memo.sources.get(p)!.entry.tags[0]!)).size).toBe(2);
    // The posts' own entries and the list's are of one shape: with tag pages under /blog, no summary.
    expect([...memo.entries.keys()]).toEqual(['/blog\u0000false']);
    for (const [route, planned] of plan.pages) expect([route, planned.key.length <= 44]).toEqual([route, true]);
    // A post's list of feeds, empty, is shorter than a digest: made again when asked, not kept.
    expect(memo.digests.has(plan.pages.get('/blog/p05')!.props!.feeds)).toBe(false);
    expect(memo.digests.has(entries[0]!)).toBe(true);
    // The next plan, of the same pages less one post, gives the same entries (objects) and keys.
    const next = planSite([list, ...many.slice(1)], { site, theme: blogTheme, now: NOW, absoluteHtml, memo });
    const fresh = planSite([list, ...many.slice(1)], { site, theme: blogTheme, now: NOW, absoluteHtml });
    expect(next.pages.get('/blog/p05')!.props!.entry).toBe(entries[5]);
    expect([...next.pages].map(([route, p]) => [route, p.key])).toEqual(
      [...fresh.pages].map(([route, p]) => [route, p.key]),
    );
  });
});
